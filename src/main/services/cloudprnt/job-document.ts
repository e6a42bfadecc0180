import type { PrintCommand, PrintDocument } from '../../../shared/document/types';
import type { PrinterFacts } from '../intake/online-order-port';
import type { ImageSource } from './markup/markup-document';
import { markupDocument } from './markup/markup-document';
import { baseMediaType, JPEG, PLAIN_TEXT, PNG, STAR_COMMAND_TYPES, STAR_MARKUP } from './media-types';
import { checkPicture } from './picture-check';

export interface DownloadedJob {
  /** The media type asked for (the answer's Content-Type may add parameters or differ: a wrong one is refused). */
  mediaType: string;
  contentType: string;
  bytes: Uint8Array;
  headers: Headers;
}

/** Why a downloaded job cannot become a document: `unsupported` → 510, `undecodable` → 511 (CloudPRNT's codes). */
export class JobContentError extends Error {
  constructor(
    readonly reason: 'unsupported' | 'undecodable',
    message: string,
  ) {
    super(message);
    this.name = 'JobContentError';
  }
}

/**
 * A CloudPRNT job as Ticketera's print document: markup rendered by Ticketera, plain text as lines, a PNG/JPEG as a
 * picture (its header's size bounded first), Star command bytes passed through for a Star printer. Plain text and
 * pictures end with a cut, as a CloudPRNT device prints them (the guide, "Text Printing"); `X-Star-Cut`,
 * `X-Star-CashDrawer` and `X-Star-Buzzer…` headers are honoured for those types, as the guide describes.
 */
export async function documentOfJob(job: DownloadedJob, facts: PrinterFacts, images: ImageSource): Promise<PrintDocument> {
  const asked = baseMediaType(job.mediaType);
  const answered = baseMediaType(job.contentType);
  if (answered !== '' && answered !== asked) throw new JobContentError('unsupported', `asked for ${asked.slice(0, 60)}, the server sent ${answered.slice(0, 60)}`);
  const paper = { dots: facts.dots, dotsPerMm: facts.dotsPerMm, paperWidthMm: facts.paperWidthMm };
  try {
    if (asked === STAR_MARKUP) return await markupDocument(utf8(job.bytes), paper, images);
    if (asked === PLAIN_TEXT) return withExtras(job.headers, facts, [{ type: 'text', data: { text: utf8(job.bytes).replace(/\r\n?/g, '\n').replace(/\n$/, '') } }]);
    if (asked === PNG || asked === JPEG) {
      checkPicture(job.bytes);
      return withExtras(job.headers, facts, [{ type: 'image', data: { image: Buffer.from(job.bytes).toString('base64'), align: 'center' } }]);
    }
    if (facts.star && (STAR_COMMAND_TYPES as readonly string[]).includes(asked)) {
      return { version: '1', profile: { paper_width: facts.paperWidthMm }, commands: [{ type: 'raw', data: { base64: Buffer.from(job.bytes).toString('base64') } }] };
    }
  } catch (error) {
    if (error instanceof JobContentError) throw error;
    throw new JobContentError('undecodable', error instanceof Error ? error.message : String(error));
  }
  throw new JobContentError('unsupported', `${asked.slice(0, 60)} is not a type this printer takes`);
}

function utf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new JobContentError('undecodable', 'the job is not UTF-8 text');
  }
}

function withExtras(headers: Headers, facts: PrinterFacts, body: PrintCommand[]): PrintDocument {
  const drawer = (headers.get('x-star-cashdrawer') ?? '').trim().toLowerCase();
  const beeps = (name: string): PrintCommand[] => {
    const times = Number.parseInt(headers.get(name) ?? '', 10);
    return times >= 1 && times <= 3 ? [{ type: 'beep', data: { times } }] : [];
  };
  const cut = (headers.get('x-star-cut') ?? 'full').toLowerCase();
  const cutCommand: PrintCommand[] = cut.startsWith('none') ? [] : [{ type: 'cut', data: { partial: cut.startsWith('partial') } }];
  const commands: PrintCommand[] = [
    ...beeps('x-star-buzzerstartpattern'),
    ...(drawer === 'start' ? [{ type: 'drawer', data: { pin: 2 } } as const] : []),
    ...body,
    ...cutCommand,
    ...(drawer === 'end' ? [{ type: 'drawer', data: { pin: 2 } } as const] : []),
    ...beeps('x-star-buzzerendpattern'),
  ];
  return { version: '1', profile: { paper_width: facts.paperWidthMm }, commands };
}
