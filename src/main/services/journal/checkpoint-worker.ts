// Entry of the journal's checkpoint thread: copying the write-ahead log into the journal file (and the fsyncs that
// come with it, several milliseconds) runs here on a connection of its own, so the service's event loop keeps
// answering tills while it happens.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { CheckpointReply } from './checkpoint-messages';

const db = new Database((workerData as { file: string }).file);
db.pragma('busy_timeout = 5000');
// The log is synced before pages are copied and the journal file after: a power cut mid-checkpoint loses nothing.
db.pragma('synchronous = NORMAL');

parentPort?.on('message', () => {
  let reply: CheckpointReply;
  try {
    // PASSIVE never waits for the service's own reads or writes; what it cannot copy now is copied next time.
    const [result] = db.pragma('wal_checkpoint(PASSIVE)') as Array<{ busy: number; log: number; checkpointed: number }>;
    reply = { ok: true, logPages: result?.log ?? 0, copiedPages: result?.checkpointed ?? 0 };
  } catch (error) {
    reply = { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
