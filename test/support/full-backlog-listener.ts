import { spawn } from 'node:child_process';
import net from 'node:net';

/** A loopback address whose listener never accepts and whose accept queue is full: connections there time out. */
export interface FullBacklogListener {
  port: number;
  close(): Promise<void>;
}

const connects = (port: number, withinMs: number): Promise<net.Socket | null> =>
  new Promise((done) => {
    const socket = net.createConnection({ host: '127.0.0.1', port });
    socket.on('error', () => undefined);
    const timer = setTimeout(() => {
      socket.destroy();
      done(null);
    }, withinMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      done(socket);
    });
  });

/**
 * The nearest thing to "nothing there" on loopback alone: a listener (backlog 1: Node takes 0 for its default 511) in a child process stopped
 * (SIGSTOP) before it ever accepts, whose accept queue is then filled, so the kernel drops every later SYN and a
 * connection attempt hears nothing until it gives up. POSIX only (SIGSTOP); Linux drops SYNs on a full queue.
 */
export async function startFullBacklogListener(): Promise<FullBacklogListener> {
  const script =
    "const s=require('net').createServer();" +
    "s.listen({port:0,host:'127.0.0.1',backlog:1},()=>process.stdout.write(s.address().port+'\\n',()=>process.kill(process.pid,'SIGSTOP')))";
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  child.stdout.setEncoding('utf8');
  const port = await new Promise<number>((done, failed) => {
    child.stdout.once('data', (line: string) => done(Number(line.trim())));
    child.once('exit', () => failed(new Error('the listener exited before it was ready')));
  });
  const held: net.Socket[] = [];
  // Fill the queue: once a connection is no longer completed within 300 ms, SYNs are being dropped.
  for (let attempt = 0; attempt < 16; attempt += 1) {
    const socket = await connects(port, 300);
    if (!socket) break;
    held.push(socket);
  }
  return {
    port,
    close: async () => {
      for (const socket of held) socket.destroy();
      child.kill('SIGKILL');
      if (child.exitCode === null && child.signalCode === null) await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}
