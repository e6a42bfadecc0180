/** What the checkpoint thread answers to each request (see checkpoint-worker.ts). */
export type CheckpointReply = { ok: true; logPages: number; copiedPages: number } | { ok: false; reason: string };
