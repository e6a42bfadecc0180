import type { PrintDocument } from '../../../shared/document/types';
import { EposParameterError, EposSchemaError } from './epos-errors';
import { documentOf } from './epos-interpreter';
import { readEposRequest } from './epos-request';

/**
 * One `<epos-print>` (bare or in its SOAP envelope) as text → a print document, or Epson's code for why not. The
 * ePOS-Print door's interpreter for callers that get the XML elsewhere (Server Direct Print's `<ePOSPrint>` blocks);
 * the printer is chosen by the caller, never by the XML, and `printableDots` is its width (for page mode).
 */
export function interpretEposPrint(xml: string, printableDots: number): { ok: true; document: PrintDocument } | { ok: false; code: string } {
  try {
    return { ok: true, document: documentOf(readEposRequest(xml).print, undefined, printableDots) };
  } catch (error) {
    if (error instanceof EposSchemaError) return { ok: false, code: 'SchemaError' };
    if (error instanceof EposParameterError) return { ok: false, code: 'ParameterError' };
    throw error;
  }
}
