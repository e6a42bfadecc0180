/**
 * A held job's printer stopped after it had taken part or all of the job, and nothing confirmed that what it holds was
 * dropped (the model documents no buffer clear, or the printer did not answer the clear): it may print that part by
 * itself once paper is loaded. The service writes these words into the job's `PRINTER:` text (the POS reads them), and
 * the window finds them there to warn the cashier before a reprint makes two receipts.
 */
export const MAY_STILL_PRINT = 'part of this ticket may already be in the printer and print when paper is loaded: check what came out before printing it again';

/** Whether a job's result text says part of it may still print by itself. */
export const mayStillPrintIn = (resultText: string | null | undefined): boolean => (resultText ?? '').includes(MAY_STILL_PRINT);
