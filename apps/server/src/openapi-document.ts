import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from './app';
import { CHANNEL_ADAPTERS } from './channels/adapters';
import { createChannelRegistry } from './channels/registry';
import { createChannelRepository } from './channels/repository';
import { loadConfig } from './platform/config';
import { connectDatabase } from './platform/db';
import { createMailer } from './platform/mailer';
import { createOutboundGuard } from './platform/outbound-url';
import { createStorage } from './platform/storage/create-storage';

export type OpenApiDocument = { paths: Record<string, Record<string, unknown>> };

/**
 * The server's OpenAPI document, built from the registered routes without a database or a listening port
 * (the pool is never asked for a connection): the spec-calls check (issue 24) reads it.
 */
export async function buildOpenApiDocument(): Promise<OpenApiDocument> {
  const secret = 'openapi-document-only-openapi-document-only';
  const dir = join(tmpdir(), 'prosa-openapi-document');
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: 'postgres://openapi@127.0.0.1:1/none',
    APP_SECRET: secret,
    PUBLIC_URL: 'http://prosa.test',
    WEB_DIST: '/nonexistent',
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
  });
  const database = connectDatabase(config.DATABASE_URL ?? '', 1);
  const channels = createChannelRegistry(CHANNEL_ADAPTERS);
  const app = await buildApp({
    config,
    db: database.db,
    queue: null,
    mailer: createMailer({ from: config.MAIL_FROM, outboxDir: join(dir, 'outbox') }),
    appSecret: secret,
    channels,
    channelRepository: createChannelRepository({ db: database.db, appSecret: secret, registry: channels }),
    storage: createStorage(config, secret),
    outbound: createOutboundGuard({ allowedHosts: config.OUTBOUND_ALLOWED_HOSTS }),
  });
  try {
    await app.ready();
    return app.swagger() as unknown as OpenApiDocument;
  } finally {
    await app.close();
    await database.pool.end();
  }
}
