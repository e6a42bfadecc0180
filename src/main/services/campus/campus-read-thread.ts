import { readAnswer } from '../http/read-off-thread';
import type { CampusMethod, CampusReadRequest, CampusReading } from './campus-reading';

/** The body may come as received: bytes are decoded where they are read. */
type AnswerToRead<M extends CampusMethod> = Omit<CampusReadRequest<M>, 'body'> & { body: string | Uint8Array };

/**
 * A campus answer read into plain, redacted data (campus-reader) by the shared answer reading (http/read-off-thread):
 * up to 4 KiB where it arrives, larger ones on a thread of their own, as even a linear parse of 1 MiB takes up to a
 * second. Past the thread's heap the answer is unreadable; `signal` (the attempt's time limit or the caller's cancel)
 * gives the read up.
 */
export function readCampusAnswer<M extends CampusMethod>(request: AnswerToRead<M>, signal: AbortSignal): Promise<CampusReading<M>> {
  return readAnswer(
    { reader: 'campus', params: { method: request.method }, body: request.body, tooHeavy: (detail) => ({ kind: 'unreadable', detail }) },
    signal,
    request.secrets,
  ) as Promise<CampusReading<M>>;
}
