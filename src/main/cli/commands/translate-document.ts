import path from 'node:path';
import { parseArgs } from 'node:util';
import type { DocumentJob } from '../../services/translation/document-job-store';
import type { DocumentProgress } from '../../services/translation/document-translator';
import { ServiceError } from '../../services/http/service-error';
import { flagsOrUsage, type CliCommand } from '../command';
import type { CliLanguage } from '../cli-language';
import { DOCUMENT_TEXTS, documentProblemText } from './translate-document-messages';
import { OTHER_TEXTS, progressText } from './translate-messages';
import { openTranslationSession, reportFailure, type TranslationSession } from './translate-session';

const USAGE = 'translate-document FILE --to LANG [--from LANG] [--out FILE] [--force] [--server-url URL] | translate-document [FILE] --resume [--out FILE] [--force] [--server-url URL]';

/**
 * `npm run cli -- translate-document`: the output checked, upload, progress, download; `--resume` continues a job an
 * interrupted run left, against the server and into the file it was started with. An existing file (the input
 * included) is replaced only with `--force`. Any failure exits non-zero.
 */
export const translateDocumentCommand: CliCommand = {
  name: 'translate-document',
  usage: USAGE,
  summary: 'Translates a document (docx, pptx, xlsx, pdf, html, txt, xliff, srt, images) showing progress; --resume continues an interrupted one.',
  async run(args) {
    const flags = flagsOrUsage(args, readFlags, USAGE);
    if (!flags) return 2;
    const session = openTranslationSession(flags.serverUrl);
    const guard = unfinishedGuard(session.language);
    const printProgress = progressPrinter(session.language);
    let jobId: string | undefined;
    const follow = { signal: session.signal, onProgress: printProgress, onJob: (id: string) => void (jobId = id) };
    try {
      let job: DocumentJob;
      if (flags.resume) {
        job = await session.service.documents.resume(
          { ...(flags.file ? { sourcePath: path.resolve(flags.file) } : {}), ...(flags.out ? { outputPath: flags.out } : {}), overwrite: flags.force },
          follow,
        );
      } else {
        job = await session.service.documents.translate(
          {
            filePath: flags.file!,
            targetLang: flags.to!,
            ...(flags.from ? { sourceLang: flags.from } : {}),
            ...(flags.out ? { outputPath: flags.out } : {}),
            overwrite: flags.force,
          },
          follow,
        );
      }
      process.stdout.write(`${OTHER_TEXTS.saved[session.language](job.outputPath, job.billedCharacters)}\n`);
      return 0;
    } catch (error) {
      const code = reportFailure(error, session);
      if (error instanceof ServiceError && error.kind === 'cancelled') process.stderr.write(`${OTHER_TEXTS.stoppedResumable[session.language]()}\n`);
      else if (documentProblemText(error, session.language) === undefined && stillResumable(session, jobId)) {
        process.stderr.write(`${DOCUMENT_TEXTS.stillOnService[session.language]()}\n`);
      }
      return code;
    } finally {
      guard.settle();
      session.close();
    }
  },
};

/** Whether the job this run followed can still continue (the failure left it on the service). */
function stillResumable(session: TranslationSession, jobId: string | undefined): boolean {
  const job = jobId ? session.service.documents.jobs().find((candidate) => candidate.id === jobId) : undefined;
  return job !== undefined && job.resumable && job.state !== 'downloaded' && job.state !== 'error';
}

/**
 * A run whose work stops without an answer (a library that never settles, once the cause of a silent exit 0 after a
 * failed download) must not look successful: until the command settles the exit code is 1, and the person is told.
 */
function unfinishedGuard(language: CliLanguage): { settle(): void } {
  process.exitCode = 1;
  const warn = (): void => void process.stderr.write(`${DOCUMENT_TEXTS.unfinished[language]()}\n`);
  process.once('beforeExit', warn);
  return { settle: () => void process.off('beforeExit', warn) };
}

/** One line per change: phases, and the estimate while it moves. */
function progressPrinter(language: CliLanguage): (progress: DocumentProgress) => void {
  let last = '';
  return (progress) => {
    if (progress.phase === 'downloaded') return;
    const line = progressText(progress.phase, progress.secondsRemaining, language);
    if (line !== last) process.stdout.write(`${line}\n`);
    last = line;
  };
}

interface DocumentFlags {
  file?: string;
  to?: string;
  from?: string;
  out?: string;
  resume: boolean;
  force: boolean;
  serverUrl?: string;
}

function readFlags(args: string[]): DocumentFlags {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      to: { type: 'string' },
      from: { type: 'string' },
      out: { type: 'string' },
      resume: { type: 'boolean', default: false },
      force: { type: 'boolean', default: false },
      'server-url': { type: 'string' },
    },
  });
  if (positionals.length > 1) throw new Error(`unexpected argument ${positionals[1]}`);
  const file = positionals[0];
  if (!values.resume && !file) throw new Error('FILE is required');
  if (!values.resume && !values.to) throw new Error('--to is required');
  return {
    resume: values.resume,
    force: values.force,
    ...(file ? { file } : {}),
    ...(values.to ? { to: values.to } : {}),
    ...(values.from ? { from: values.from } : {}),
    ...(values.out ? { out: values.out } : {}),
    ...(values['server-url'] ? { serverUrl: values['server-url'] } : {}),
  };
}
