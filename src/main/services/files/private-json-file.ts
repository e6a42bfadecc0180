import fs from 'node:fs';
import path from 'node:path';

/** A JSON file's top-level object; undefined when there is no file yet, or a damaged one (read as none). */
export function readJsonObject(file: string): Record<string, unknown> | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
}

/**
 * Writes a JSON file for this user only (mode 600), whole: written beside it and renamed into place, so a crash
 * mid-save never leaves half a file.
 */
export function writePrivateJson(file: string, value: unknown, indent?: number): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(value, null, indent)}\n`, { mode: 0o600 });
  fs.renameSync(temporary, file);
}
