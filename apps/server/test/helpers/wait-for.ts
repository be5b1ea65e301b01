/**
 * Polls until `fn` gives a value. The deadline only bounds a failing wait: it is generous because a loaded
 * machine (CI with other work on its two cores) processes more slowly, and a passing wait returns at once.
 */
export async function waitFor<T>(fn: () => Promise<T | null | undefined | false>, ms = 25_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('tempo esgotado esperando condição');
    await new Promise((r) => setTimeout(r, 50));
  }
}
