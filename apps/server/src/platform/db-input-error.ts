/**
 * PostgreSQL's "data exception" class (SQLSTATE 22…): a value the database refuses (invalid text 22P02,
 * number out of range 22003, NUL 22021, unsupported \u0000 in JSON 22P05, text too long 22001…). Reaching
 * the error handler with one means a route schema lacks a bound: it answers 400 and reports it here.
 */
export function dbInputErrorCode(err: unknown): string | null {
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

export type DbInputErrorReport = { code: string; method: string; url: string };

const listeners = new Set<(report: DbInputErrorReport) => void>();

/** Lets a test see the refusals the safety net turned into 400s (each one is a schema to fix). */
export function onDbInputError(listener: (report: DbInputErrorReport) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function reportDbInputError(report: DbInputErrorReport) {
  for (const listener of listeners) listener(report);
}
