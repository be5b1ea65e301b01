import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { verifyFileUrl } from '../../platform/storage/signed-url';
import { isValidKey, type StoredObject } from '../../platform/storage/storage';

type Result =
  | { kind: 'forbidden' }
  | { kind: 'unsatisfiable'; size: number }
  | { kind: 'ok'; file: StoredObject; maxAge: number; fileName: string };

/** `bytes=start-end` or `bytes=start-` (one range); anything else is served whole. */
export function parseRange(header: string | undefined): { start: number; end?: number } | null {
  const m = header ? /^bytes=(\d+)-(\d*)$/.exec(header.trim()) : null;
  if (!m) return null;
  const start = Number(m[1]);
  const end = m[2] ? Number(m[2]) : undefined;
  if (end !== undefined && end < start) return null;
  return { start, end };
}

/** A file by its signed URL: 403 when the signature is wrong or expired, 404 when it is gone. */
export async function readFile(
  deps: Pick<AppDeps, 'storage' | 'appSecret'>,
  input: { key: string; exp?: number; sig?: string; range?: string },
): Promise<Result> {
  const { key, exp, sig } = input;
  if (!isValidKey(key) || exp === undefined || !sig || !verifyFileUrl(deps.appSecret, { key, exp, sig })) {
    return { kind: 'forbidden' };
  }
  const range = parseRange(input.range);
  const file = await deps.storage.get(key, range ?? undefined);
  if (!file) throw notFound();
  if (range && !file.range && range.start >= file.size) {
    file.body.destroy();
    return { kind: 'unsatisfiable', size: file.size };
  }
  return {
    kind: 'ok',
    file,
    maxAge: Math.max(0, Math.floor(exp - Date.now() / 1000)),
    fileName: key.split('/').pop() ?? 'arquivo',
  };
}
