import { MSG } from '@prosa/shared/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './errors';

/** No form of ours nests this deep; deeper JSON would overflow the stack of JSON.stringify when stored. */
export const MAX_JSON_DEPTH = 32;

/**
 * Why a parsed value cannot be stored: a NUL character in a text or key, or nesting past MAX_JSON_DEPTH
 * (walked without recursion). Null when it is fine.
 */
export function unstorable(value: unknown): 'nul' | 'depth' | null {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return 'nul';
    } else if (v && typeof v === 'object' && !Buffer.isBuffer(v)) {
      if (depth >= MAX_JSON_DEPTH) return 'depth';
      for (const [key, item] of Object.entries(v)) {
        if (key.includes('\u0000')) return 'nul';
        stack.push([item, depth + 1]);
      }
    }
  }
  return null;
}

export const hasNul = (value: unknown) => unstorable(value) === 'nul';

type Part = { type?: string; filename?: string; value?: unknown; fieldname?: string };

function checkPart(part: Part | undefined) {
  if (part && (hasNul(part.fieldname) || hasNul(part.filename) || hasNul(part.value))) {
    throw badRequest(MSG.invalidText);
  }
}

/**
 * PostgreSQL refuses the NUL character in text and JSON, so it is refused here, once for every route:
 * path, query, parsed JSON body (`\u0000` escapes included) and multipart fields and file names. JSON
 * bodies nested past MAX_JSON_DEPTH are refused here too.
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const problem = unstorable(request.params) ?? unstorable(request.query) ?? unstorable(request.body);
    if (problem) throw badRequest(problem === 'nul' ? MSG.invalidText : MSG.invalidRequest);
    if (!request.isMultipart()) return;
    // Multipart bodies are read by the handler: each part is checked as it is read.
    const parts = request.parts.bind(request);
    const file = request.file.bind(request);
    request.parts = async function* (options) {
      for await (const part of parts(options)) {
        checkPart(part);
        yield part;
      }
    } as typeof request.parts;
    request.file = (async (options) => {
      const part = await file(options);
      checkPart(part);
      for (const field of Object.values(part?.fields ?? {})) {
        for (const f of Array.isArray(field) ? field : [field]) checkPart(f as Part);
      }
      return part;
    }) as typeof request.file;
  });
}

/** A parsed value with every NUL character removed from its texts and keys (for provider payloads). */
export function stripNul(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replaceAll('\u0000', '');
  if (depth > 64) return null;
  if (Array.isArray(value)) return value.map((v) => stripNul(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k.replaceAll('\u0000', ''), stripNul(v, depth + 1)]),
    );
  }
  return value;
}
