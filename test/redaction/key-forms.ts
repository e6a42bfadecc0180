/**
 * The ways a server may echo a key back (in a trace ID, a message, a field): the tests send each and check none comes
 * out. Percent-encoding of every character (not only the reserved ones) in both hex cases, JSON `\u` escapes, hex,
 * base64 and base64url after a prefix (the key's bytes at another offset), and letter-case changes.
 */
export function keyForms(key: string): Record<string, string> {
  const hex = (char: string): string => char.charCodeAt(0).toString(16).padStart(2, '0');
  return {
    exact: key,
    upper: key.toUpperCase(),
    lower: key.toLowerCase(),
    percentUpper: [...key].map((char) => `%${hex(char).toUpperCase()}`).join(''),
    percentLower: [...key].map((char) => `%${hex(char)}`).join(''),
    uriComponent: encodeURIComponent(key),
    form: new URLSearchParams({ k: key }).toString().slice(2),
    jsonEscaped: [...key].map((char) => `\\u00${hex(char)}`).join(''),
    hex: Buffer.from(key).toString('hex'),
    base64: Buffer.from(key).toString('base64'),
    base64Shifted: Buffer.from(`x${key}`).toString('base64'),
    base64url: Buffer.from(`Bearer ${key}`).toString('base64url'),
  };
}
