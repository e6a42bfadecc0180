/**
 * How a driver under Wine hands its findings to the test: one `RESULT {json}` line on stdout (which is a file:
 * node.exe cannot write to a pipe under Wine). Bigints (printer handles) are written as strings.
 */
export const RESULT_LINE = /^RESULT (.*)$/m;

export function report(result: Record<string, unknown>): void {
  process.stdout.write(`RESULT ${JSON.stringify(result, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))}\n`);
}
