import { DEFAULT_JOB_LIMITS, type JobLimits } from '../../../shared/document/job-limits';
import { paperGeometry } from '../../../shared/document/paper';
import { documentProfile } from '../../../shared/printer-profiles/find-profile';
import type { PrintCommand } from '../../../shared/document/types';
import { COMMAND_CATEGORY, validateDocument } from '../../../shared/document/validate-document';
import { encodeBarcode } from './commands/barcode-command';
import { encodeBeep, encodeCut, encodeDrawer } from './commands/device-commands';
import type { EncodeContext } from './commands/encode-context';
import { encodeImage } from './commands/image-command';
import { encodeQr } from './commands/qr-command';
import { encodeRaw } from './commands/raw-command';
import { encodeTable } from './commands/table-command';
import { encodeFeed, encodeLine, encodeText } from './commands/text-commands';
import { EscPosWriter } from './escpos-writer';
import { JobBudget } from './job-budget';
import { dialectFor } from './printer-dialect';
import { rawPaperDots } from './raw-paper';
import { refuseRealTimeCommands } from './real-time-guard';
import { encodeStar } from './star/encode-star';
import { starLanguageOf } from './star/star-language';

/** Settings that change how a document becomes bytes. */
export interface EncodeOptions {
  /** Refuse raw bytes that write the printer's stored memory/settings or that the parser does not know. */
  safeMode: boolean;
  /** Paper, bytes and picture size one job may use; DEFAULT_JOB_LIMITS when left out. */
  limits?: JobLimits;
  /**
   * The model set for the printer in the window. It applies unless the document names a specific model: `epson`,
   * unknown names or none mean "any ESC/POS printer", which the printer's own setting makes precise.
   */
  printerModel?: string;
}

/**
 * The one way a print document (`datos`) becomes printer bytes: ESC/POS, or Star Line Mode / StarPRNT for Star profiles. The server and worker call only this, so the
 * document language can grow without touching them. Throws JobError with the protocol's category, also for a job
 * that would go past its paper or byte limit (checked command by command, before the bytes are built).
 * `blockStarts`, when given, receives the byte offset where each command's bytes begin (the designer maps them to
 * rows of its preview).
 */
export function encodeDocument(datos: unknown, options: EncodeOptions, blockStarts?: number[]): Uint8Array {
  const document = validateDocument(datos);
  const limits = options.limits ?? DEFAULT_JOB_LIMITS;
  const profile = documentProfile(document, options.printerModel);
  const paper = paperGeometry(document.profile?.paper_width, profile);
  const star = starLanguageOf(profile.commandSet);
  if (star) return encodeStar(document.commands, { profile, language: star, paper, safeMode: options.safeMode }, limits, blockStarts);
  const writer = new EscPosWriter(dialectFor(profile), profile);
  const budget = new JobBudget(limits);
  document.commands.forEach((command, index) => {
    const path = `commands[${index}]`;
    const category = COMMAND_CATEGORY[command.type];
    const before = writer.length;
    blockStarts?.push(before);
    const mark = writer.mark();
    encodeCommand({ writer, paper, path, category, safeMode: options.safeMode, limits, budget }, command);
    budget.checkBytes(category, path, writer.length - before, writer.length);
    if (command.type === 'raw') {
      // Raw bytes are measured once written: only they can say how much paper they feed.
      const dots = writer.since(mark).reduce((sum, chunk) => sum + rawPaperDots(chunk, paper.columnsA), 0);
      budget.claimPaper(category, `${path}.data`, dots, 'its line feeds, feeds and raster rows');
    } else {
      refuseRealTimeCommands(writer.since(mark), category, path);
    }
  });
  return writer.bytes();
}

function encodeCommand(context: EncodeContext, command: PrintCommand): void {
  switch (command.type) {
    case 'text':
      return encodeText(context, command.data);
    case 'feed':
      return encodeFeed(context, command.data);
    case 'line':
      return encodeLine(context, command.data);
    case 'qr':
      return encodeQr(context, command.data);
    case 'barcode':
      return encodeBarcode(context, command.data);
    case 'table':
      return encodeTable(context, command.data);
    case 'image':
      return encodeImage(context, command.data);
    case 'raw':
      return encodeRaw(context, command.data);
    case 'beep':
      return encodeBeep(context, command.data);
    case 'cut':
      return encodeCut(context, command.data);
    case 'drawer':
      return encodeDrawer(context, command.data);
  }
}
