import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { multipart } from './multipart';

/** The part of an OpenAPI 3 schema object the generator reads. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  format?: string;
  default?: unknown;
};

type Parameter = { in: 'path' | 'query' | 'header' | 'cookie'; name: string; schema?: JsonSchema };

export type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
};

export type FuzzRequest = {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

/** Every operation of an OpenAPI document (paths × methods). */
export function operationsOf(doc: {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: unknown }>>;
}): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = (op.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)
        ?.content;
      out.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: content?.['application/json']?.schema ?? null,
      });
    }
  }
  return out;
}

const MB = 'a'.repeat(1024 * 1024);
const LONG_ID = '9'.repeat(400);

/** Classic bad values for any JSON field. */
const JUNK_VALUES: unknown[] = [
  2 ** 31,
  2 ** 53,
  1e308,
  -1,
  0,
  -(2 ** 31) - 1,
  1.5,
  'NaN',
  'Infinity',
  '\u0000',
  'a\u0000b',
  '',
  true,
  null,
  [],
  {},
  ['x'],
  { a: 1 },
  '9007199254740993',
  '2026-02-30',
  '275760-09-13T00:00:00Z',
];

/** Classic bad values for a path or query parameter (sent URL-encoded). */
const JUNK_PARAMS = ['2147483648', '1e308', '0', 'NaN', '\u0000'];
const JUNK_INT_QUERY = ['2147483648', 'NaN'];
const JUNK_TEXT_QUERY = ['2026-02-30'];
const JUNK_WILDCARD = ['x', '../../etc/passwd', '\u0000', 'a/b/c.png', LONG_ID, '%'];

function kind(s: JsonSchema): string {
  if (s.enum) return 'enum';
  if (s.const !== undefined) return 'const';
  const alt = s.anyOf ?? s.oneOf ?? s.allOf;
  if (alt) return 'alt';
  const t = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  if (t) return t;
  if (s.properties) return 'object';
  return 'any';
}

function firstAlt(s: JsonSchema): JsonSchema {
  const alts = s.anyOf ?? s.oneOf ?? s.allOf ?? [];
  return alts.find((a) => a.type !== 'null') ?? alts[0] ?? {};
}

/** A plausible value for a schema (every property filled), the base the fixed cases mutate. */
export function sampleOf(s: JsonSchema, depth = 0): unknown {
  if (depth > 6) return null;
  switch (kind(s)) {
    case 'enum':
      return s.enum?.[0];
    case 'const':
      return s.const;
    case 'alt':
      return sampleOf(firstAlt(s), depth + 1);
    case 'object':
      return Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([k, v]) => [k, sampleOf(v, depth + 1)]),
      );
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 0) }, () => sampleOf(s.items ?? {}, depth + 1));
    case 'integer':
    case 'number':
      return Math.min(Math.max(1, s.minimum ?? 1), s.maximum ?? 1);
    case 'boolean':
      return false;
    case 'string':
      if (s.format === 'email') return 'fuzz@example.com';
      if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
    default:
      return 'x';
  }
}

type Leaf = 'string' | 'integer' | 'number' | 'array' | 'object';

/** The sample with every leaf of the given kinds replaced (NUL in every text, 2^31 in every integer…). */
export function mutateAll(s: JsonSchema, kinds: Leaf[], to: (v: unknown) => unknown, depth = 0): unknown {
  const k = kind(s);
  if (k === 'alt') return mutateAll(firstAlt(s), kinds, to, depth + 1);
  if (depth > 6) return null;
  if ((kinds as string[]).includes(k)) return to(sampleOf(s, depth));
  if (k === 'object') {
    return Object.fromEntries(
      Object.entries(s.properties ?? {}).map(([p, v]) => [p, mutateAll(v, kinds, to, depth + 1)]),
    );
  }
  if (k === 'array') return [mutateAll(s.items ?? {}, kinds, to, depth + 1)];
  return sampleOf(s, depth);
}

const junk = fc.constantFrom(...JUNK_VALUES);

/** Values of a schema's shape, often out of its bounds, sometimes of another type. */
export function arbitraryOf(s: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 4) return junk;
  const typed = ((): fc.Arbitrary<unknown> => {
    switch (kind(s)) {
      case 'enum':
        return fc.constantFrom(...(s.enum ?? [null]));
      case 'const':
        return fc.constant(s.const);
      case 'alt':
        return fc.oneof(...(s.anyOf ?? s.oneOf ?? s.allOf ?? []).map((a) => arbitraryOf(a, depth + 1)));
      case 'object':
        return fc.record(
          Object.fromEntries(
            Object.entries(s.properties ?? {}).map(([k, v]) => [k, arbitraryOf(v, depth + 1)]),
          ),
          { requiredKeys: [] },
        );
      case 'array':
        return fc.array(arbitraryOf(s.items ?? {}, depth + 1), { maxLength: 4 });
      case 'integer':
      case 'number':
        return fc.oneof(
          fc.integer(),
          fc.constantFrom(2 ** 31 - 1, 2 ** 31, 2 ** 53 - 1, 2 ** 53, -(2 ** 31), 1e308, -1e308),
          fc.double({ noNaN: true }),
        );
      case 'boolean':
        return fc.boolean();
      case 'string':
        return fc.oneof(
          fc.string({ maxLength: 30, unit: 'binary' }),
          fc.constantFrom('\u0000', ' ', '2147483648', 'x'.repeat((s.maxLength ?? 300) + 1)),
        );
      default:
        return junk;
    }
  })();
  return fc.oneof({ weight: 4, arbitrary: typed }, { weight: 1, arbitrary: junk });
}

function seedOf(text: string, seed: number): number {
  return createHash('sha256').update(`${seed}:${text}`).digest().readInt32LE(0);
}

/** `value` for query strings: arrays repeat the key, objects become JSON, null an empty value. */
function queryString(q: Record<string, unknown>): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) {
      sp.append(k, item === null ? '' : typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
}

const JSON_HEADERS = { 'content-type': 'application/json' };

/**
 * A request that fails validation if it gets past the access guard (a malformed body, or junk in a path
 * parameter): 401/403 to it means the caller cannot reach the route whatever the input. Null when the
 * operation takes no input to spoil.
 */
export function guardProbe(op: Operation, pathValue: (name: string) => string): FuzzRequest | null {
  const params = op.parameters.filter((p) => p.in === 'path' && kind(p.schema ?? {}) === 'integer');
  const withBody = !['GET', 'HEAD', 'OPTIONS'].includes(op.method);
  if (!withBody && params.length === 0) return null;
  const url = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
    !withBody && name === params[0]?.name ? 'NaN' : encodeURIComponent(pathValue(name)),
  );
  return withBody
    ? { label: 'guard probe', method: op.method, url, headers: JSON_HEADERS, payload: '{"a":' }
    : { label: 'guard probe', method: op.method, url, headers: {} };
}

/**
 * The bad requests for one operation: junk in each path parameter, each query parameter and the body (fixed
 * classic cases plus `perOperation` cases generated by fast-check with a seed derived from the operation).
 * `pathValue` gives the plausible value of a path parameter (e.g. the caller's company id).
 */
export function fuzzRequests(
  op: Operation,
  opts: { seed: number; perOperation: number; pathValue: (name: string) => string },
): FuzzRequest[] {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const base = Object.fromEntries(
    pathParams.map((p) => [p.name, p.name === '*' ? 'arquivo/teste.png' : opts.pathValue(p.name)]),
  );
  const build = (params: Record<string, string>, query: Record<string, unknown> = {}) =>
    op.path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
      name === '*'
        ? (params[name] ?? '')
            .split('/')
            .map((s) => encodeURIComponent(s))
            .join('/')
        : encodeURIComponent(params[name] ?? ''),
    ) + queryString(query);
  const out: FuzzRequest[] = [];
  const seen = new Set<string>();
  const add = (
    label: string,
    url: string,
    payload?: string | Buffer,
    headers: Record<string, string> = {},
  ) => {
    // The same request twice tells nothing new (e.g. "2^31 in every integer" of a body without integers).
    const key = `${url} ${headers['content-type'] ?? ''} ${payload?.toString() ?? ''}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ label, method: op.method, url, headers, ...(payload !== undefined ? { payload } : {}) });
  };
  const withBody = !['GET', 'HEAD', 'OPTIONS'].includes(op.method);
  const baseBody = op.body ? JSON.stringify(sampleOf(op.body)) : undefined;
  const sendBase = (label: string, url: string) =>
    add(label, url, baseBody, baseBody !== undefined ? JSON_HEADERS : {});

  for (const p of pathParams) {
    for (const v of p.name === '*' ? JUNK_WILDCARD : JUNK_PARAMS) {
      sendBase(`path ${p.name}=${JSON.stringify(v.slice(0, 20))}`, build({ ...base, [p.name]: v }));
    }
  }
  for (const p of queryParams) {
    const values = kind(p.schema ?? {}) === 'integer' ? JUNK_INT_QUERY : JUNK_TEXT_QUERY;
    for (const v of values) add(`query ${p.name}=${JSON.stringify(v)}`, build(base, { [p.name]: v }));
  }
  if (queryParams.length > 0) {
    const every = (v: unknown) => Object.fromEntries(queryParams.map((p) => [p.name, v]));
    add('NUL in every query parameter', build(base, every('\u0000')));
    add('every query parameter twice', build(base, every(['1', '2'])));
  }
  const url = build(base);
  if (withBody) {
    add('malformed JSON', url, '{"a":', JSON_HEADERS);
    add('array for object', url, '[]', JSON_HEADERS);
    add('text/plain', url, 'texto', { 'content-type': 'text/plain' });
    const empty = multipart([]);
    add('multipart without parts', url, empty.payload, empty.headers);
    const junkParts = multipart([
      { name: 'kind', value: 'x\u0000y' },
      { name: 'header_type', value: '\u0000' },
      { name: 'file', filename: 'a\u0000.png', contentType: 'image/png', data: Buffer.from('junk') },
    ]);
    add('multipart with junk parts', url, junkParts.payload, junkParts.headers);
  }
  if (withBody && op.body) {
    add('JSON null', url, 'null', JSON_HEADERS);
    add('string body', url, '"texto"', JSON_HEADERS);
    add('empty object', url, '{}', JSON_HEADERS);
    add('deeply nested JSON', url, `{"a":${'['.repeat(50_000)}${']'.repeat(50_000)}}`, JSON_HEADERS);
    const variants: Array<[string, unknown]> = [
      ['NUL in every text', mutateAll(op.body, ['string'], () => 'a\u0000b')],
      ['2^31 in every integer', mutateAll(op.body, ['integer', 'number'], () => 2 ** 31)],
      ['1e308 in every number', mutateAll(op.body, ['integer', 'number'], () => 1e308)],
      ['-1 in every integer', mutateAll(op.body, ['integer', 'number'], () => -1)],
      ['1 MB in every text', mutateAll(op.body, ['string'], () => MB)],
      ['objects for arrays', mutateAll(op.body, ['array'], () => ({ a: 1 }))],
      ['arrays for objects', mutateAll(op.body, ['object'], () => [1])],
      ['null everywhere', mutateAll(op.body, ['string', 'integer', 'number', 'array'], () => null)],
    ];
    for (const [label, body] of variants) {
      const text = JSON.stringify(body);
      // A body past the 2 MB limit only tests the limit: keep the first 1 MB text.
      add(label, url, text.length > 1.9 * 1024 * 1024 ? JSON.stringify({ a: MB }) : text, JSON_HEADERS);
    }
  }

  // Generated cases: path, query and body together, reproducible from the seed and the operation.
  const queryArb = fc.record(
    Object.fromEntries(queryParams.map((p) => [p.name, arbitraryOf(p.schema ?? {})])),
    { requiredKeys: [] },
  );
  const pathArb = fc.record(
    Object.fromEntries(
      pathParams.map((p) => [
        p.name,
        fc.oneof(
          { weight: 2, arbitrary: fc.constant(base[p.name] ?? '1') },
          { weight: 1, arbitrary: fc.constantFrom(...JUNK_PARAMS) },
          { weight: 1, arbitrary: fc.integer().map(String) },
          { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
        ),
      ]),
    ),
  );
  const bodyArb = op.body && withBody ? arbitraryOf(op.body) : fc.constant(undefined);
  const samples = fc.sample(fc.tuple(pathArb, queryArb, bodyArb), {
    seed: seedOf(`${op.method} ${op.path}`, opts.seed),
    numRuns: opts.perOperation,
  });
  samples.forEach(([path, query, body], i) => {
    const params = Object.fromEntries(Object.entries(path).map(([k, v]) => [k, String(v)]));
    const u = build({ ...base, ...params }, query as Record<string, unknown>);
    if (body === undefined) add(`generated #${i}`, u);
    else add(`generated #${i}`, u, JSON.stringify(body) ?? 'null', JSON_HEADERS);
  });
  return out;
}
