import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Storage, StoredObject } from './storage';

// Files stored encrypted at rest (feature flag encrypted_message): AES-256-GCM with a key per company derived
// from APP_SECRET, the storage key as additional data (a file moved to another key does not open). Encrypted
// files start with MAGIC, so files written before (or with the flag off) are served as they are.

const MAGIC = Buffer.from('PROSA-ENC1\n');
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The company id of a key `<folder>/<company>/…`, the one the file's key is derived for. */
function companyOf(key: string): number {
  const id = Number(key.split('/')[1]);
  if (!Number.isInteger(id) || id <= 0) throw new Error(`arquivo sem empresa na chave: ${key}`);
  return id;
}

function companyKey(secret: string, companyId: number): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'prosa-files', `company:${companyId}`, 32));
}

export function encryptFile(secret: string, key: string, plain: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', companyKey(secret, companyOf(key)), iv);
  cipher.setAAD(Buffer.from(key));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([MAGIC, iv, cipher.getAuthTag(), body]);
}

export function isEncryptedFile(bytes: Buffer): boolean {
  return bytes.length >= MAGIC.length && bytes.subarray(0, MAGIC.length).equals(MAGIC);
}

export function decryptFile(secret: string, key: string, stored: Buffer): Buffer {
  const iv = stored.subarray(MAGIC.length, MAGIC.length + IV_BYTES);
  const tag = stored.subarray(MAGIC.length + IV_BYTES, MAGIC.length + IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', companyKey(secret, companyOf(key)), iv);
  decipher.setAAD(Buffer.from(key));
  decipher.setAuthTag(tag);
  return Buffer.concat([
    decipher.update(stored.subarray(MAGIC.length + IV_BYTES + TAG_BYTES)),
    decipher.final(),
  ]);
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * The storage every node uses: `put(…, { encrypt: true })` writes the file encrypted, and `get` answers the
 * plain bytes of either kind (a range of an encrypted file is cut from the decrypted whole), so every reader —
 * the file route, channel senders, e-mail — keeps working unchanged.
 */
export function withEncryption(inner: Storage, secret: string): Storage {
  return {
    kind: inner.kind,
    async put(key, bytes, contentType, opts) {
      await inner.put(key, opts?.encrypt ? encryptFile(secret, key, bytes) : bytes, contentType);
    },
    async get(key, range) {
      const head = await inner.get(key, { start: 0, end: MAGIC.length - 1 });
      if (!head) return null;
      const first = await readAll(head.body);
      if (!isEncryptedFile(first)) return inner.get(key, range);
      const whole = await inner.get(key);
      if (!whole) return null;
      const plain = decryptFile(secret, key, await readAll(whole.body));
      const size = plain.length;
      const object: StoredObject = {
        body: Readable.from([plain]),
        contentType: whole.contentType,
        length: size,
        size,
      };
      if (range && range.start < size) {
        const end = Math.min(range.end ?? size - 1, size - 1);
        return {
          ...object,
          body: Readable.from([plain.subarray(range.start, end + 1)]),
          length: end - range.start + 1,
          range: { start: range.start, end },
        };
      }
      return object;
    },
    delete: (key) => inner.delete(key),
    signedUrl: (key, ttl) => inner.signedUrl(key, ttl),
  };
}
