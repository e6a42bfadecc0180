import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Encryptor } from '../settings/encryptor';

export type DocumentJobState = 'uploaded' | 'queued' | 'translating' | 'done' | 'downloaded' | 'error';

/** A document translation as remembered between runs. The document key is never part of it. */
export interface DocumentJob {
  id: string;
  documentId: string;
  fileName: string;
  sourcePath: string;
  outputPath: string;
  targetLang: string;
  sourceLang?: string;
  formality?: string;
  glossaryId?: string;
  outputFormat?: string;
  /** The service the document was uploaded to (see TranslationService): a job continues only against it. */
  server?: string;
  /** The uploaded document's size: the download may bring at most a multiple of it (see answer-limits). */
  uploadBytes?: number;
  state: DocumentJobState;
  secondsRemaining?: number;
  billedCharacters?: number;
  /** The service's own words when it could not translate the document. */
  errorMessage?: string;
  /**
   * Why the last run stopped: with state `error`, why Ticketera gave up (e.g. `not-found`: the service no longer has
   * it); on an unfinished job, why it stopped for now (a failed download it can try again with resume).
   */
  errorKind?: string;
  /** False when no encryption was available: the key lived in memory only and the job cannot resume after a restart. */
  resumable: boolean;
  createdAt: string;
  updatedAt: string;
}

interface StoredJob extends DocumentJob {
  /** base64 of the JobSecret (JSON) sealed by the encryptor; before it, of the bare document key. */
  sealedKey?: string;
}

/**
 * What is sealed with a job: its document key, bound to the server and output path the job was started with, so a
 * job file edited by hand cannot send the key elsewhere nor the translation over another file. Jobs sealed before
 * carry the key alone.
 */
export interface JobSecret {
  documentKey: string;
  server?: string;
  outputPath?: string;
}

const UNFINISHED: DocumentJobState[] = ['uploaded', 'queued', 'translating', 'done'];
const KEEP_JOBS = 200;

/**
 * Past and running document jobs in a small JSON file, so a restart resumes a translation instead of paying for it
 * again. The document key (a secret: it decrypts the document on the service) is sealed with the same kind of
 * encryptor as the settings' secrets; without one it stays in memory and is never written.
 */
export class DocumentJobStore {
  private readonly memoryKeys = new Map<string, JobSecret>();

  constructor(
    private readonly file: string,
    private readonly encryptor: Encryptor,
  ) {}

  /** Newest first. */
  list(): DocumentJob[] {
    return this.read()
      .map(({ sealedKey: _sealed, ...job }) => job)
      .reverse();
  }

  get(id: string): DocumentJob | undefined {
    return this.list().find((job) => job.id === id);
  }

  /** The most recent job a run left unfinished that can still be resumed (of the given source file, if any). */
  lastUnfinished(sourcePath?: string): DocumentJob | undefined {
    return this.list().find(
      (job) => UNFINISHED.includes(job.state) && (job.resumable || this.memoryKeys.has(job.id)) && (sourcePath === undefined || job.sourcePath === sourcePath),
    );
  }

  add(job: Omit<DocumentJob, 'id' | 'createdAt' | 'updatedAt' | 'resumable'>, documentKey: string): DocumentJob {
    const now = new Date().toISOString();
    const resumable = this.encryptor.available;
    const stored: StoredJob = { ...job, id: randomUUID(), resumable, createdAt: now, updatedAt: now };
    const secret: JobSecret = { documentKey, ...(job.server !== undefined ? { server: job.server } : {}), outputPath: job.outputPath };
    if (resumable) stored.sealedKey = this.encryptor.encrypt(JSON.stringify(secret)).toString('base64');
    else this.memoryKeys.set(stored.id, secret);
    this.write([...this.read(), stored].slice(-KEEP_JOBS));
    const { sealedKey: _sealed, ...visible } = stored;
    return visible;
  }

  update(id: string, patch: Partial<Omit<DocumentJob, 'id' | 'createdAt'>>): DocumentJob {
    const jobs = this.read();
    const index = jobs.findIndex((job) => job.id === id);
    if (index < 0) throw new Error(`no document job ${id}`);
    const updated: StoredJob = { ...jobs[index]!, ...patch, updatedAt: new Date().toISOString() };
    // A finished job needs its key no more: drop it rather than keep a secret around.
    if (updated.state === 'downloaded' || updated.state === 'error') {
      delete updated.sealedKey;
      this.memoryKeys.delete(id);
    }
    jobs[index] = updated;
    this.write(jobs);
    const { sealedKey: _sealed, ...visible } = updated;
    return visible;
  }

  /** Removes a job from the list (the window's "forget"); its key, sealed or in memory, goes with it. */
  remove(id: string): boolean {
    const jobs = this.read();
    const kept = jobs.filter((job) => job.id !== id);
    this.memoryKeys.delete(id);
    if (kept.length === jobs.length) return false;
    this.write(kept);
    return true;
  }

  /** The job's sealed facts, or undefined when its key is gone (finished, or sealed by another key or keychain). */
  secret(id: string): JobSecret | undefined {
    const inMemory = this.memoryKeys.get(id);
    if (inMemory) return inMemory;
    const sealed = this.read().find((job) => job.id === id)?.sealedKey;
    if (!sealed || !this.encryptor.available) return undefined;
    let plain: string;
    try {
      plain = this.encryptor.decrypt(Buffer.from(sealed, 'base64'));
    } catch {
      return undefined;
    }
    return secretOf(plain);
  }

  private read(): StoredJob[] {
    try {
      const parsed: unknown = JSON.parse(fs.readFileSync(this.file, 'utf8'));
      const jobs = (parsed as { jobs?: unknown } | null)?.jobs;
      return Array.isArray(jobs) ? (jobs as StoredJob[]) : [];
    } catch {
      return [];
    }
  }

  private write(jobs: StoredJob[]): void {
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const temporary = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, `${JSON.stringify({ version: 1, jobs }, null, 2)}\n`, { mode: 0o600 });
    fs.renameSync(temporary, this.file);
  }
}

/** A sealed JobSecret, or a bare document key sealed before secrets were bound to a server and a path. */
function secretOf(plain: string): JobSecret {
  let parsed: unknown;
  try {
    parsed = JSON.parse(plain);
  } catch {
    return { documentKey: plain };
  }
  const record = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  if (typeof record['documentKey'] !== 'string') return { documentKey: plain };
  return {
    documentKey: record['documentKey'],
    ...(typeof record['server'] === 'string' ? { server: record['server'] } : {}),
    ...(typeof record['outputPath'] === 'string' ? { outputPath: record['outputPath'] } : {}),
  };
}
