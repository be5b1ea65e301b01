import { resolve } from 'node:path';
import type { Config } from '../config';
import { diskStorage } from './disk-storage';
import { withEncryption } from './encrypted-storage';
import { s3Storage } from './s3-storage';
import type { Storage } from './storage';

/** S3 when S3_BUCKET is set, otherwise local disk under <DATA_DIR>/uploads; files encrypted at rest on request. */
export function createStorage(config: Config, secret: string): Storage {
  return withEncryption(baseStorage(config, secret), secret);
}

function baseStorage(config: Config, secret: string): Storage {
  if (config.S3_BUCKET) {
    return s3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      secret,
    });
  }
  return diskStorage({ root: resolve(config.DATA_DIR, 'uploads'), secret });
}
