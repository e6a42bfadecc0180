import { rememberSecrets } from '../http/redact-secrets';
import { CampusShapeError, type AnswerNode } from './answer-node';
import { changelogOf, metaOf, wirelessOf } from './campus-answers';
import { rootOfBody, UnreadableBodyError } from './campus-body';
import { cleanChangelog, cleanMeta, cleanWireless } from './campus-clean';
import type { CampusData, CampusMethod, CampusReadRequest, CampusReading } from './campus-reading';

const READERS: { [M in CampusMethod]: (data: AnswerNode) => CampusData[M] } = {
  wireless: (data) => cleanWireless(wirelessOf(data)),
  changelog: (data) => cleanChangelog(changelogOf(data)),
};

/**
 * A campus answer read into plain, safe data: parse (JSON, JSONP or XML), envelope, the method's `data`. Pure and
 * synchronous; the client runs it on the reader thread (campus-read-thread) so a large answer never holds the thread
 * that answers the print clients. Anything other than the expected failures is a bug and is thrown.
 */
export function readCampusBody<M extends CampusMethod>(request: CampusReadRequest<M>): CampusReading<M> {
  // A thread has its own memory: the keys to redact come with the request.
  rememberSecrets(request.secrets);
  let root: AnswerNode;
  try {
    root = rootOfBody(request.body);
  } catch (error) {
    if (error instanceof UnreadableBodyError) return { kind: 'unreadable', detail: error.detail };
    if (error instanceof CampusShapeError) return { kind: 'misshapen', detail: error.message, envelope: false };
    throw error;
  }
  let meta;
  try {
    meta = cleanMeta(metaOf(root));
  } catch (error) {
    if (error instanceof CampusShapeError) return { kind: 'misshapen', detail: error.message, envelope: false };
    throw error;
  }
  if (meta.status !== 200) return { kind: 'refused', code: meta.status, message: meta.message };
  try {
    const read: (data: AnswerNode) => CampusData[M] = READERS[request.method];
    return { kind: 'read', envelope: { meta, data: read(root.field('data')) } };
  } catch (error) {
    if (error instanceof CampusShapeError) return { kind: 'misshapen', detail: error.message, envelope: true };
    throw error;
  }
}
