/**
 * The emulator's XML output. The spec does not show the real service's XML, so this renders the JSON the obvious way
 * any serializer would: `<response>` root, one element per field, list entries as `<item>`, null as an empty element.
 */
export function toXml(value: unknown): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<response>${children(value)}</response>\n`;
}

function children(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((item) => `<item>${children(item)}</item>`).join('');
  if (typeof value === 'object') return Object.entries(value as Record<string, unknown>).map(([name, child]) => `<${name}>${children(child)}</${name}>`).join('');
  return escape(String(value));
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
