import type { Readable } from 'node:stream';

export type StoredObject = {
  body: Readable;
  contentType: string;
  /** Bytes in `body`. */
  length: number;
  /** Size of the whole object. */
  size: number;
  /** Present when a byte range was asked for and served. */
  range?: { start: number; end: number };
};

export type SignedUrl = { url: string; expiresAt: Date };

/**
 * Where uploaded files live: local disk under DATA_DIR by default, or an S3-compatible bucket. Keys are ours
 * (`att/<company>/...`); people reach a file only through a signed, expiring URL.
 */
export type Storage = {
  readonly kind: 'disk' | 's3';
  /** `encrypt`: stored encrypted at rest (feature flag encrypted_message; encrypted-storage.ts). */
  put(key: string, bytes: Buffer, contentType: string, opts?: { encrypt?: boolean }): Promise<void>;
  /** The object, or a byte range of it (inclusive end, clipped to the size); null when there is none. */
  get(key: string, range?: { start: number; end?: number }): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  signedUrl(key: string, expiresInSeconds: number): SignedUrl;
};

/** Storage keys we create: letters, digits and - _ . / only, no empty or dot segments. */
export function isValidKey(key: string): boolean {
  return (
    key.length > 0 &&
    key.length <= 300 &&
    /^[A-Za-z0-9_.\-/]+$/.test(key) &&
    key.split('/').every((part) => part !== '' && part !== '.' && part !== '..')
  );
}
