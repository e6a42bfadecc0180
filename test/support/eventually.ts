/**
 * Waits until something the system reaches on its own holds. Not a timing assertion: the timeout only bounds the wait,
 * and the error says what was still seen.
 */
export async function eventually<T>(read: () => Promise<T> | T, wanted: (value: T) => boolean, what: string, timeoutMs = 5_000, pollMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (wanted(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** `eventually` for a plain condition, checked often (the simulator's own state changes within milliseconds). */
export async function until(condition: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  await eventually(condition, Boolean, `timed out waiting for ${what}`, timeoutMs, 5);
}
