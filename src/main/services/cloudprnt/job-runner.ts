import { randomUUID } from 'node:crypto';
import type { Dispatcher } from 'undici';
import { ServiceError } from '../http/service-error';
import { formerJobIdOf, jobIdOf } from './binding-id';
import { codeOfContentError, codeOfDownloadFailure, codeOfOutcome, CONFIRMATION } from './confirmation-codes';
import type { IntakeOutcome, OnlineOrderIntake } from '../intake/online-order-port';
import { confirmationUrl, jobGetUrl, serverGivenUrl, type JobParams } from './job-urls';
import { imageSourceFor } from './markup/image-fetch';
import { chooseMediaType } from './media-types';
import { documentOfJob, JobContentError } from './job-document';
import { tokenProblem } from './job-token';
import type { PollAnswer } from './poll-messages';
import { exchange } from './server-exchange';

export interface JobLimits {
  /** Download of the job, every byte included. */
  downloadTimeoutMs: number;
  /** Largest job read: a markup receipt is a few KiB, a full-width PNG a few hundred. */
  maxJobBytes: number;
  confirmTimeoutMs: number;
}

export const DEFAULT_JOB_LIMITS: JobLimits = { downloadTimeoutMs: 30_000, maxJobBytes: 4 * 1024 * 1024, confirmTimeoutMs: 10_000 };

export interface JobContext {
  serverUrl: string;
  printer: string;
  label: string;
  mac: string;
  uid: string | undefined;
  /** The server is on the shop's network (server-route): its pictures may be too. */
  serverIsPrivate: boolean;
  /** The round's connections to the server, to the addresses judged (server-route). */
  dispatcher: Dispatcher | undefined;
  credentials: { user: string; password: string } | undefined;
  intake: OnlineOrderIntake;
  limits: JobLimits;
  signal: AbortSignal;
}

/** What became of one offered job, for the window and the logs. */
export interface JobReport {
  id: string | undefined;
  /** The code sent to the server, or null when nothing was confirmed (busy, still printing, network failure). */
  code: string | null;
  confirmed: boolean;
  outcome: IntakeOutcome | undefined;
  /** What went wrong, in English for logs (secrets redacted by ServiceError), when something did. */
  problem: string | undefined;
}

/**
 * One offered job, start to end: choose the media type, GET it, make it a document, print it through the intake with
 * the id of (binding, token) — a repeat is answered from the journal, never printed again — and confirm it with the
 * code. A job not printed because of the printer is confirmed with that code and left to the server to offer again.
 */
export async function runJob(answer: PollAnswer, context: JobContext): Promise<JobReport> {
  const unsendable = answer.jobToken === undefined ? null : tokenProblem(answer.jobToken);
  if (unsendable) {
    // Nothing can name this job: not the GET (it would fetch another job or none), not the journal. The guide's DELETE
    // without a token clears the server's current job, "a job that it is unable to process": refused unread, so a
    // server that hands out jobs in order reaches the next one.
    const params: JobParams = { mac: context.mac, token: undefined, uid: context.uid };
    return confirm(answer, context, params, CONFIRMATION.undecodable, { problem: `${unsendable}: refused without printing` });
  }
  const facts = context.intake.describe(context.printer);
  const params: JobParams = { mac: context.mac, token: answer.jobToken, uid: context.uid };
  const media = chooseMediaType(answer.mediaTypes, facts);
  if (!media) return confirm(answer, context, params, CONFIRMATION.unsupported, { problem: 'the server offered no media type this printer takes' });
  let document;
  try {
    const download = await exchange({
      url: jobGetUrl(serverGivenUrl(answer.jobGetUrl, context.serverUrl), media, params),
      method: 'GET',
      timeoutMs: context.limits.downloadTimeoutMs,
      maxBodyBytes: context.limits.maxJobBytes,
      credentials: context.credentials,
      signal: context.signal,
      dispatcher: context.dispatcher,
    });
    const images = imageSourceFor(context.serverIsPrivate, { signal: context.signal });
    document = await documentOfJob({ mediaType: media, contentType: download.contentType, bytes: download.bytes, headers: download.headers }, facts, images);
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error);
    const code = error instanceof JobContentError ? codeOfContentError(error) : codeOfDownloadFailure(error);
    if (code === null) return { id: undefined, code: null, confirmed: false, outcome: undefined, problem };
    return confirm(answer, context, params, code, { problem });
  }
  // Without a token (servers before the protocol had one) nothing names the job: each download is a new job.
  const id = jobIdOf(context.serverUrl, context.mac, answer.jobToken ?? `untokened-${randomUUID()}`);
  const formerId = answer.jobToken === undefined ? undefined : formerJobIdOf(context.serverUrl, answer.jobToken);
  const outcome = await context.intake.print({ id, formerId, document, printer: context.printer, source: { kind: 'cloudprnt', label: context.label } });
  const code = codeOfOutcome(outcome);
  if (code === null) return { id, code: null, confirmed: false, outcome, problem: outcome.kind === 'busy' ? 'the queue is full' : undefined };
  return confirm(answer, context, params, code, { id, outcome, problem: outcome.kind === 'printed' ? undefined : outcome.mensaje });
}

async function confirm(answer: PollAnswer, context: JobContext, params: JobParams, code: string, facts: Partial<JobReport>): Promise<JobReport> {
  const asGet = answer.deleteMethod === 'GET';
  const report: JobReport = { id: facts.id, code, confirmed: false, outcome: facts.outcome, problem: facts.problem };
  try {
    await exchange({
      url: confirmationUrl(serverGivenUrl(answer.jobConfirmationUrl, context.serverUrl), code, params, asGet),
      method: asGet ? 'GET' : 'DELETE',
      timeoutMs: context.limits.confirmTimeoutMs,
      maxBodyBytes: 64 * 1024,
      credentials: context.credentials,
      signal: context.signal,
      dispatcher: context.dispatcher,
    });
    return { ...report, confirmed: true };
  } catch (error) {
    // Lost: the server offers the job again, and the intake answers it from the journal.
    const reason = error instanceof ServiceError ? error.message : String(error);
    return { ...report, problem: report.problem ?? `confirmation not delivered (${reason})` };
  }
}
