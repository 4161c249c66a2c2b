/**
 * Runs `fn`; a refusal is answered no sooner than `ms` after the start, so how long a refusal takes does not tell
 * which refusal it is (a dead room code and a live one answer alike).
 */
export async function refusalsTakeAtLeast<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await fn();
  } catch (err) {
    const left = ms - (Date.now() - started);
    if (left > 0) await new Promise((r) => setTimeout(r, left));
    throw err;
  }
}
