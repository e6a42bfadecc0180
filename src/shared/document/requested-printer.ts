/**
 * The printer a document asks for (`datos.printer`: a queue name or a printer URI), or null to let the service
 * choose. Read before validation, so any value is tolerated here; an empty name asks for nothing.
 */
export function requestedPrinterOf(datos: unknown): string | null {
  if (typeof datos !== 'object' || datos === null) return null;
  const printer = (datos as { printer?: unknown }).printer;
  return typeof printer === 'string' && printer.length > 0 ? printer : null;
}
