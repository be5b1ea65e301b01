import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { signFileUrl } from './signed-url';
import { isValidKey, type Storage } from './storage';

/** Files under <root>/<key>, with the content type in a `<key>.meta.json` beside each. */
export function diskStorage(opts: { root: string; secret: string }): Storage {
  const root = resolve(opts.root);
  const pathOf = (key: string) => {
    if (!isValidKey(key)) throw new Error(`chave de arquivo inválida: ${key}`);
    const path = resolve(join(root, key));
    if (!path.startsWith(root + sep)) throw new Error(`chave de arquivo inválida: ${key}`);
    return path;
  };
  return {
    kind: 'disk',
    async put(key, bytes, contentType) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written aside then renamed: a reader never sees half a file.
      await writeFile(`${path}.tmp`, bytes);
      await writeFile(`${path}.meta.json`, JSON.stringify({ contentType }));
      await rename(`${path}.tmp`, path);
    },
    async get(key, range) {
      const path = pathOf(key);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return null;
      const meta = await readFile(`${path}.meta.json`, 'utf8')
        .then((t) => JSON.parse(t) as { contentType?: string })
        .catch(() => ({ contentType: undefined }));
      const contentType = meta.contentType ?? 'application/octet-stream';
      if (range && range.start < info.size) {
        const end = Math.min(range.end ?? info.size - 1, info.size - 1);
        return {
          body: createReadStream(path, { start: range.start, end }),
          contentType,
          length: end - range.start + 1,
          size: info.size,
          range: { start: range.start, end },
        };
      }
      return { body: createReadStream(path), contentType, length: info.size, size: info.size };
    },
    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      await rm(`${path}.meta.json`, { force: true });
    },
    signedUrl: (key, ttl) => signFileUrl(opts.secret, key, ttl),
  };
}
