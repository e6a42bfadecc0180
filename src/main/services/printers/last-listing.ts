import type { PrinterDetail } from '../../../shared/printers';
import type { PrinterCatalog } from './printer-catalog';

/** The catalog's last listing, whoever asked for it, kept as it comes. */
const listings = new WeakMap<PrinterCatalog, PrinterDetail[] | null>();

/**
 * The printers of the catalog's last listing, or null before the first one has come back. Status answers (/health, the
 * window's status) must stay synchronous and cheap, so they never wait on a listing: the first call joins the one under
 * way at start-up (or asks once), and later listings arrive through onListing.
 */
export function lastListingOf(catalog: PrinterCatalog): PrinterDetail[] | null {
  if (!listings.has(catalog)) {
    listings.set(catalog, null);
    catalog.onListing?.((list) => listings.set(catalog, list.printers));
    catalog.list().then(
      (list) => listings.set(catalog, list.printers),
      () => undefined,
    );
  }
  return listings.get(catalog) ?? null;
}
