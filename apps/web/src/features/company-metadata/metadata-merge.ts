// Pure helpers of the settings tabs: a tab edits a few fields of the company metadata, named by dot paths
// ('change_auto.minutes', 'allow.message-copy'), and saves them into the whole object.

export type TPathValues = Record<string, unknown>;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function getPath(obj: unknown, path: string): unknown {
  let node: unknown = obj;
  for (const key of path.split('.')) {
    if (!isRecord(node)) return undefined;
    node = node[key];
  }
  return node;
}

/** A copy of `obj` with `value` at `path` (missing objects on the way are created); `obj` is untouched. */
export function setPath<T>(obj: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.');
  if (head === undefined) return obj;
  const base: Record<string, unknown> = isRecord(obj) ? { ...obj } : {};
  base[head] = rest.length === 0 ? value : setPath(base[head], rest.join('.'), value);
  return base as T;
}

/** The whole object with a tab's values merged in: everything the tab does not name stays as it was. */
export function applyValues<T>(base: T, values: TPathValues): T {
  let next = base;
  for (const [path, value] of Object.entries(values)) next = setPath(next, path, value);
  return next;
}

export function pickValues(obj: unknown, paths: readonly string[]): TPathValues {
  return Object.fromEntries(paths.map((p) => [p, getPath(obj, p)]));
}

/**
 * Which of a tab's fields shows a validation message: the field at the message's path, else the first field
 * under it (a rule about 'allow' or 'reports' shows on the tab's first switch or period), else the field whose
 * object the message is about. Null when the message is about something the tab does not show.
 */
export function errorField(problemPath: string, fields: readonly string[]): string | null {
  return (
    fields.find((f) => f === problemPath) ??
    fields.find((f) => problemPath !== '' && f.startsWith(`${problemPath}.`)) ??
    fields.find((f) => problemPath.startsWith(`${f}.`)) ??
    null
  );
}
