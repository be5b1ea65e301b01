import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { signFileUrl } from './signed-url';
import { isValidKey, type Storage } from './storage';

export type S3Options = {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  secret: string;
};

const notFound = (err: unknown) =>
  err instanceof NoSuchKey ||
  (err instanceof S3ServiceException &&
    (err.name === 'NotFound' || err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404));

const RANGE = /^bytes (\d+)-(\d+)\/(\d+)$/;

/**
 * An S3-compatible bucket (AWS S3, MinIO, R2…). Files are still served through our signed route, which
 * streams them from the bucket: one URL scheme and one expiry check for every store.
 */
export function s3Storage(opts: S3Options): Storage {
  const client = new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle,
    credentials:
      opts.accessKeyId && opts.secretAccessKey
        ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey }
        : undefined,
    // S3-compatible services do not all accept the newer default checksums; send them only when required.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const checked = (key: string) => {
    if (!isValidKey(key)) throw new Error(`chave de arquivo inválida: ${key}`);
    return key;
  };
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: opts.bucket,
          Key: checked(key),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
        }),
      );
    },
    async get(key, range) {
      try {
        const out = await client.send(
          new GetObjectCommand({
            Bucket: opts.bucket,
            Key: checked(key),
            Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
          }),
        );
        if (!out.Body) return null;
        const body =
          out.Body instanceof Readable ? out.Body : Readable.from(await out.Body.transformToByteArray());
        const length = out.ContentLength ?? 0;
        const parsed = out.ContentRange ? RANGE.exec(out.ContentRange) : null;
        return {
          body,
          contentType: out.ContentType ?? 'application/octet-stream',
          length,
          size: parsed ? Number(parsed[3]) : length,
          range: parsed ? { start: Number(parsed[1]), end: Number(parsed[2]) } : undefined,
        };
      } catch (err) {
        if (notFound(err)) return null;
        // A range past the end: the whole object instead, as the disk store does.
        if (range && err instanceof S3ServiceException && err.$metadata.httpStatusCode === 416)
          return this.get(key);
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: opts.bucket, Key: checked(key) }));
    },
    signedUrl: (key, ttl) => signFileUrl(opts.secret, key, ttl),
  };
}
