const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Strict base64 (whitespace ignored, URL-safe alphabet accepted); undefined when the text is not base64. */
export function decodeBase64(text: string): Uint8Array | undefined {
  const compact = text.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/');
  if (!BASE64.test(compact) || compact.length % 4 === 1) return undefined;
  return new Uint8Array(Buffer.from(compact, 'base64'));
}
