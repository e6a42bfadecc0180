import type { CommandType } from '../../../shared/document/types';
import { SYMBOLOGIES } from '../../../shared/document/types';
import { isErrorCategory, type ErrorCategory } from '../../../shared/protocol';
import type { TextKey } from '../i18n';
import { dataOf, typeOf } from './blocks';

/** A problem found in one block: a text in the window's language, and the service's words when it came from there. */
export interface BlockProblem {
  key: TextKey;
  values?: Record<string, string | number>;
  /** Which form field it belongs to (`data`, `rows`…), so the form can mark that field. */
  field?: string;
  detail?: string;
}

export const CATEGORY_TEXT: Record<ErrorCategory, TextKey> = {
  VALIDATION: 'blockError_VALIDATION',
  PRINTER: 'blockError_PRINTER',
  QR: 'blockError_QR',
  BARCODE: 'blockError_BARCODE',
  TABLE: 'blockError_TABLE',
  RAW: 'blockError_RAW',
  IMAGE: 'blockError_IMAGE',
  COMMAND: 'blockError_COMMAND',
  JSON: 'blockError_JSON',
  AUDIT: 'blockError_AUDIT',
  EXECUTION: 'blockError_EXECUTION',
  ERROR: 'blockError_ERROR',
};

/** The service's `QR: commands[2].data.data must not be empty` as block index 2 and a localized problem. */
export function problemOfServiceError(text: string): { index: number | undefined; problem: BlockProblem } {
  const match = /^([A-Z]+): ([\s\S]*)$/.exec(text);
  const category = match?.[1] !== undefined && isErrorCategory(match[1]) ? match[1] : 'ERROR';
  const rest = match?.[2] ?? text;
  const at = /^commands\[(\d+)\](?:\.data\.?)?([\w.[\]]*)\s*([\s\S]*)$/.exec(rest);
  if (!at) return { index: undefined, problem: { key: CATEGORY_TEXT[category], detail: rest } };
  const field = at[2] !== undefined && at[2] !== '' ? at[2].split(/[.[]/)[0] : undefined;
  const detail = `${at[2] ?? ''} ${(at[3] ?? '').replace(/^[:\s]+/, '')}`.trim();
  return { index: Number(at[1]), problem: { key: CATEGORY_TEXT[category], ...(field ? { field } : {}), detail } };
}

const DIGITS: Partial<Record<(typeof SYMBOLOGIES)[number], [number, number]>> = { EAN13: [12, 13], EAN8: [7, 8], UPC_A: [11, 12] };

/** What can be told at once, while typing, before the service has rendered the preview. */
export function checkCommand(command: unknown): BlockProblem[] {
  const data = dataOf(command);
  const type = typeOf(command) as CommandType | undefined;
  const problems: BlockProblem[] = [];
  const text = (name: string): string => (typeof data[name] === 'string' ? (data[name] as string) : '');
  switch (type) {
    case 'qr':
      if (text('data') === '') problems.push({ key: 'check_qrEmpty', field: 'data' });
      else if (text('data').length > 7089) problems.push({ key: 'check_tooLong', values: { max: 7089 }, field: 'data' });
      break;
    case 'barcode': {
      const value = text('data');
      const symbology = text('symbology') as (typeof SYMBOLOGIES)[number];
      const digits = DIGITS[symbology];
      if (value === '') problems.push({ key: 'check_barcodeEmpty', field: 'data' });
      else if (digits && !(new RegExp(`^\\d{${digits[0]},${digits[1]}}$`).test(value)))
        problems.push({ key: 'check_barcodeDigits', values: { symbology, min: digits[0], max: digits[1] }, field: 'data' });
      else if (symbology === 'ITF' && !/^(\d{2})+$/.test(value)) problems.push({ key: 'check_barcodeItf', field: 'data' });
      else if (symbology === 'CODE39' && !/^[0-9A-Z \-.$/+%]+$/.test(value)) problems.push({ key: 'check_barcodeCode39', field: 'data' });
      break;
    }
    case 'table':
      if (!Array.isArray(data['columns']) || data['columns'].length === 0) problems.push({ key: 'check_tableNoColumns', field: 'columns' });
      break;
    case 'image':
      if (text('image') === '') problems.push({ key: 'check_imageMissing', field: 'image' });
      break;
    case 'line':
      if (data['char'] !== undefined && [...text('char')].length !== 1) problems.push({ key: 'check_oneChar', field: 'char' });
      break;
    default:
      break;
  }
  return problems;
}
