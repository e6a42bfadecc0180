import path from 'node:path';
import type { DocumentJob, JobSecret } from './document-job-store';

/**
 * What no longer matches the job: the service configured now (`server`), the output asked for now (`output`), or the
 * job file against what was sealed when the job started (`record`: edited by hand).
 */
export type ResumeMismatch = 'server' | 'output' | 'record';

/** A job continues only against the server and into the file it was started with. */
export class ResumeMismatchError extends Error {
  constructor(
    readonly jobId: string,
    readonly mismatch: ResumeMismatch,
    /** What the job was started with. */
    readonly started: string,
    /** What this run has instead. */
    readonly now: string,
  ) {
    super(`document job ${jobId} was started with ${mismatch} ${started}, not ${now}`);
    this.name = 'ResumeMismatchError';
  }
}

/** Whether `job` was started against `server` (jobs saved before servers were recorded: assumed so). */
export function startedAgainst(job: DocumentJob, server: string): boolean {
  return job.server === undefined || job.server === server;
}

/**
 * Refuses to continue `job` elsewhere: against another server than the one it was uploaded to (its document key is
 * that server's, and would be sent to another), into another file than the one it was started for, or when the job
 * file no longer says what was sealed with the key when it started.
 */
export function checkResume(job: DocumentJob, secret: JobSecret, now: { server: string; outputPath?: string | undefined }): void {
  if (secret.server !== undefined && secret.server !== job.server) throw new ResumeMismatchError(job.id, 'record', secret.server, job.server ?? '');
  if (secret.outputPath !== undefined && secret.outputPath !== job.outputPath) throw new ResumeMismatchError(job.id, 'record', secret.outputPath, job.outputPath);
  if (!startedAgainst(job, now.server)) throw new ResumeMismatchError(job.id, 'server', job.server ?? '', now.server);
  if (now.outputPath !== undefined && path.resolve(now.outputPath) !== job.outputPath) throw new ResumeMismatchError(job.id, 'output', job.outputPath, path.resolve(now.outputPath));
}
