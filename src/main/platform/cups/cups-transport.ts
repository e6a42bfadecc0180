import { setTimeout as sleep } from 'node:timers/promises';
import { JobError, NothingSentError, nothingSent } from '../../../shared/job-error';
import type { PrinterTransport, PrintJobBytes } from '../../services/printers/printer-transport';
import { runCommand, type CommandResult, type CommandRunner } from '../command-runner';
import { parseLpRequestId, parseLpstatJobs, parseLpstatPrinters } from './lpstat-parse';

export interface CupsTransportOptions {
  run?: CommandRunner;
  /** How long a job may take to leave the queue before it is cancelled and reported as failed. */
  completionTimeoutMs?: number;
  pollIntervalMs?: number;
  /** Bounds each CUPS command. */
  commandTimeoutMs?: number;
}

const FAILED_JOB = /cancel|abort|error/i;

/**
 * Raw printing through a CUPS queue. `lp` answers "request id is …" even when the printer is unplugged, so the job
 * is followed with lpstat until CUPS says it completed; one that does not complete in time is cancelled (so it
 * cannot print late, after the cashier reprinted) and reported as a PRINTER error.
 */
export function createCupsTransport(uri: string, queue: string, options: CupsTransportOptions = {}): PrinterTransport {
  const run = options.run ?? runCommand;
  const completionTimeoutMs = options.completionTimeoutMs ?? 20_000;
  const pollIntervalMs = options.pollIntervalMs ?? 250;
  const commandTimeoutMs = options.commandTimeoutMs ?? 5_000;
  const where = `CUPS queue "${queue}"`;

  /** Failures of the tool itself are PRINTER; one that could not even be started says so (see notStarted). */
  const command = async (file: string, args: string[], input?: Uint8Array): Promise<CommandResult> => {
    try {
      return await run(file, args, input ? { input, timeoutMs: commandTimeoutMs } : { timeoutMs: commandTimeoutMs });
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? `${file} is not installed (CUPS missing?)` : (error as Error).message;
      throw Object.assign(new JobError('PRINTER', `${where}: ${reason}`), { cause: error });
    }
  };

  const preflight = async (): Promise<void> => {
    const result = await command('lpstat', ['-l', '-p', queue]);
    const printer = parseLpstatPrinters(result.stdout).find((candidate) => candidate.name === queue);
    if (result.code !== 0 || !printer) throw new JobError('PRINTER', `${where} not found (${firstLine(result) || 'lpstat found nothing'})`);
    if (printer.state === 'disabled') {
      throw new JobError('PRINTER', `${where} is stopped${printer.message ? ` (${printer.message})` : ''}; enable it with cupsenable ${queue}`);
    }
  };

  /**
   * Hands the job to `lp`. Failures that leave no job in CUPS are NothingSentError: `lp` could not be started, or it
   * exited with an error without naming a request (CUPS refused to create the job; a job it created before failing
   * to take the data, lp cancels itself before it exits). An `lp` that ran out of time (it may have queued the job),
   * or one that named a request, may have left a job that prints: sent.
   */
  const submit = async (job: PrintJobBytes): Promise<string> => {
    const title = `ticketera ${job.id}`.slice(0, 100);
    let result: CommandResult;
    try {
      result = await command('lp', ['-d', queue, '-o', 'raw', '-t', title], job.bytes);
    } catch (error) {
      throw notStarted(error) ? nothingSent(error) : error;
    }
    const requestId = parseLpRequestId(result.stdout);
    const refused = `${where} refused the job (${firstLine(result) || `lp exited with ${result.code}`})`;
    if (result.code !== 0 && !requestId) throw new NothingSentError('PRINTER', refused);
    if (result.code !== 0 || !requestId) throw new JobError('PRINTER', refused);
    return requestId;
  };

  const follow = async (requestId: string, deadline: number): Promise<void> => {
    let lastStatus = '';
    for (;;) {
      const pending = parseLpstatJobs((await command('lpstat', ['-l', '-W', 'not-completed', '-o', queue])).stdout);
      const waiting = pending.find((job) => job.id === requestId);
      if (!waiting) {
        const done = parseLpstatJobs((await command('lpstat', ['-l', '-W', 'completed', '-o', queue])).stdout);
        const finished = done.find((job) => job.id === requestId);
        if (finished && finished.alerts.some((alert) => FAILED_JOB.test(alert))) {
          const why = [finished.alerts.join(' '), finished.status].filter(Boolean).join(': ');
          throw new JobError('PRINTER', `${where} did not print job ${requestId} (${why})`);
        }
        return;
      }
      lastStatus = waiting.status || waiting.alerts.join(' ');
      if (Date.now() >= deadline) break;
      await sleep(Math.min(pollIntervalMs, Math.max(0, deadline - Date.now())));
    }
    await command('cancel', [requestId]).catch(() => undefined);
    throw new JobError(
      'PRINTER',
      `${where} did not print job ${requestId} within ${completionTimeoutMs} ms${lastStatus ? ` (${lastStatus})` : ''}; the job was cancelled so it cannot print late`,
    );
  };

  return {
    uri,
    async send(job) {
      const deadline = Date.now() + completionTimeoutMs;
      // The queue is only read before `lp`: whatever stops it there, no job was handed to CUPS.
      await preflight().catch((error: unknown) => {
        throw nothingSent(error);
      });
      await follow(await submit(job), deadline);
    },
  };
}

/** The tool never ran: spawning it failed (not installed, no permission, no file descriptors left). */
function notStarted(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as NodeJS.ErrnoException | undefined) : undefined;
  return typeof cause?.syscall === 'string' && cause.syscall.startsWith('spawn');
}

function firstLine(result: CommandResult): string {
  return `${result.stderr}\n${result.stdout}`.trim().split('\n')[0]?.trim() ?? '';
}
