import { paperGeometry } from '../../../shared/document/paper';
import { profileFor } from '../../../shared/printer-profiles/find-profile';
import type { PrintService } from '../print-service';

/**
 * Dots the printer a job goes to prints across (its model's head on its roll: 576 on an 80 mm 203 dpi printer, 512
 * on a TM-T88): what a page drawn by a door (page mode) may be wide. The generic 80 mm printer when it cannot be told.
 */
export async function printableDotsOf(service: PrintService, printer: string | undefined): Promise<number> {
  const uri = await service.catalog.resolve(printer).catch(() => undefined);
  const model = uri === undefined ? undefined : await service.printerModelAt(uri).catch(() => undefined);
  return paperGeometry(undefined, profileFor(model)).dots;
}
