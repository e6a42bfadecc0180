import { spawn } from 'node:child_process';
import net from 'node:net';

/** A printer busy with another till's connection; new connections wait in its listener's backlog. */
export interface BacklogPrinter {
  port: number;
  uri: string;
  close(): Promise<void>;
}

/**
 * A one-connection printer serving another till (two tills sharing one printer): a listener in a child process that
 * accepts one connection and then stops (SIGSTOP), so every later connection is completed by the kernel and waits in
 * the accept backlog. The kernel acknowledges what is sent there (up to its buffers) while the printer reads nothing:
 * a sender that trusts acknowledgements would call that printed. POSIX only (SIGSTOP).
 */
export async function startBacklogPrinter(): Promise<BacklogPrinter> {
  const script =
    "const s=require('net').createServer(()=>process.stdout.write('busy\\n',()=>process.kill(process.pid,'SIGSTOP')));" +
    "s.listen({port:0,host:'127.0.0.1',backlog:64},()=>process.stdout.write(s.address().port+'\\n'))";
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: string[] = [];
  const waiters: Array<() => void> = [];
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (data: string) => {
    lines.push(...data.split('\n').filter(Boolean));
    for (const wake of waiters.splice(0)) wake();
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
    for (const wake of waiters.splice(0)) wake();
  });
  const line = async (index: number): Promise<string> => {
    while (lines.length <= index) {
      if (exited) throw new Error('the backlog printer process exited before it was ready');
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
    return lines[index] as string;
  };
  const port = Number(await line(0));
  // The other till's connection: accepted, then the printer is busy with it for as long as the test lasts.
  const till = net.createConnection({ host: '127.0.0.1', port });
  till.on('error', () => undefined);
  await line(1);
  return {
    port,
    uri: `tcp://127.0.0.1:${port}`,
    close: async () => {
      till.destroy();
      child.kill('SIGKILL');
      if (child.exitCode === null && child.signalCode === null) await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}
