import { readFactsAfter, type TFactCursor, type TStoredFact } from '../../src/facts/read-facts';
import type { Db } from '../../src/platform/db';

/**
 * Reads facts after `cursor` until `done` holds for all read so far, or the time runs out (the caller's assertion
 * then fails). A fact is readable once its transaction committed; this waits for facts written by work the test
 * started but does not await (a job, a socket handler).
 */
export async function collectFacts(
  db: Db,
  cursor: TFactCursor,
  done: (facts: TStoredFact[]) => boolean,
  timeoutMs = 10_000,
): Promise<{ facts: TStoredFact[]; cursor: TFactCursor }> {
  const facts: TStoredFact[] = [];
  let at = cursor;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await readFactsAfter(db, at);
    facts.push(...r.facts);
    at = r.cursor;
    if (done(facts) || Date.now() > deadline) return { facts, cursor: at };
    if (r.facts.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
