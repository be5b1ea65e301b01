import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/app';
import { CHANNEL_ADAPTERS } from '../../src/channels/adapters';
import { type Inbox, startInbox } from '../../src/channels/inbound/process';
import { createChannelRegistry } from '../../src/channels/registry';
import { createChannelRepository, watchChannelChanges } from '../../src/channels/repository';
import { startDurableConsumer } from '../../src/facts/durable-consumer';
import { type Queue, startQueue } from '../../src/jobs/queue';
import { JOBS, workerConsumers, workerTasks } from '../../src/jobs/registry';
import { type Scheduler, startScheduler } from '../../src/jobs/scheduler';
import { attendanceInboundSink } from '../../src/modules/attendance/inbound-sink';

import { type Config, loadConfig } from '../../src/platform/config';
import { connectDatabase } from '../../src/platform/db';
import type { AppDeps } from '../../src/platform/deps';
import { createMailer } from '../../src/platform/mailer';
import { createOutboundGuard, type OutboundLookup } from '../../src/platform/outbound-url';
import { createStorage } from '../../src/platform/storage/create-storage';
import { seedDemoData } from '../../src/seed/demo-data';
import { startSmtpPeer } from '../peers/smtp-peer';
import { createTestDatabase } from './test-database';

export const PASSWORD = 'Prosa@2026';
export const ADMIN = 'admin@empresademo.com.br';
export const MANAGER = 'gestor@empresademo.com.br';
export const OPERATOR = 'ana.operadora@empresademo.com.br';
export const OPERATOR2 = 'bruno.operador@empresademo.com.br';
export const OTHER_ADMIN = 'admin@outraempresa.com.br';

/**
 * One test file's world: its own database with the demo data, the real app (inject), a pg-boss worker and
 * a loopback SMTP peer that receives every e-mail.
 */
export async function createTestContext(
  opts: {
    env?: Record<string, string>;
    queue?: boolean;
    /** The worker's recurring tasks and fact consumers (jobs/registry.ts): off unless a test asks for them. */
    scheduler?: boolean;
    /**
     * The inbox's processor (channels/inbound/process.ts), as on a worker node: provider webhooks are processed
     * after their 200. On unless a test turns it off to drive processors of its own.
     */
    inbox?: boolean;
    lookup?: OutboundLookup;
    /** The web chat bundle served at /webchat/<code>.js (the built one by default). */
    widgetFile?: string;
    /** The multichannel widget bundle served at /multichannel/<hash>.js (the built one by default). */
    multichannelWidgetFile?: string;
  } = {},
) {
  const testDb = await createTestDatabase();
  const database = connectDatabase(testDb.url, 5);
  await seedDemoData(database.db);
  const smtp = await startSmtpPeer();
  // A data folder per context: files keyed by company and user ids (the same in every cloned database) are
  // not shared with test files or runs going on at the same time.
  const dataDir = await mkdtemp(join(tmpdir(), 'prosa-test-data-'));
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: testDb.url,
    SMTP_URL: smtp.url,
    APP_SECRET: 'test-secret-test-secret-test-secret-00',
    PUBLIC_URL: 'http://prosa.test',
    WEB_DIST: '/nonexistent',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // The local protocol peers listen on loopback: the outbound guard lets only that host through.
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    ...opts.env,
  });
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: '/tmp/prosa-test-outbox',
  });
  const storage = createStorage(config, config.APP_SECRET ?? '');
  const outboundLog: string[] = [];
  const outbound = createOutboundGuard({
    allowedHosts: config.OUTBOUND_ALLOWED_HOSTS,
    lookup: opts.lookup,
    log: (detail) => outboundLog.push(detail),
  });
  const channels = createChannelRegistry(CHANNEL_ADAPTERS);
  const base: AppDeps = {
    config,
    db: database.db,
    queue: null,
    mailer,
    appSecret: config.APP_SECRET ?? '',
    channels,
    channelRepository: createChannelRepository({
      db: database.db,
      appSecret: config.APP_SECRET ?? '',
      registry: channels,
    }),
    storage,
    outbound,
  };
  let queue: Queue | null = null;
  if (opts.queue !== false) {
    queue = await startQueue({ url: testDb.url, worker: true, jobs: JOBS, deps: base, log: () => {} });
  }
  const deps: AppDeps = { ...base, queue };
  const app = await buildApp(deps, {
    widgetFile: opts.widgetFile,
    multichannelWidgetFile: opts.multichannelWidgetFile,
  });
  await app.ready();
  let scheduler: Scheduler | null = null;
  const consumers: { stop(): Promise<void> }[] = [];
  if (opts.scheduler) {
    scheduler = startScheduler(deps, { url: testDb.url, tasks: workerTasks(config) });
    await scheduler.ready;
    for (const c of workerConsumers(deps)) consumers.push(await startDurableConsumer(c, { url: testDb.url }));
  }

  // As on every node: channels another app (node) of the same database changes are read again at once.
  const channelChanges = watchChannelChanges(deps.channelRepository, { url: testDb.url });
  await channelChanges.ready;

  let inbox: Inbox | null = null;
  if (opts.inbox !== false) {
    inbox = startInbox({ ...deps, sink: attendanceInboundSink(deps) }, { url: testDb.url });
    await inbox.ready;
  }

  return {
    app,
    deps,
    db: database.db,
    pool: database.pool,
    smtp,
    url: testDb.url,
    /** What the outbound guard logged (refusals and failures, with their network detail). */
    outboundLog,
    async close() {
      await app.close();
      await inbox?.stop();
      await channelChanges.stop();
      await scheduler?.stop();
      for (const c of consumers) await c.stop();
      await queue?.stop();
      await smtp.close();
      await database.pool.end();
      await testDb.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

type InjectOpts = { cookie?: string; ip?: string; body?: unknown };

export function api(ctx: TestContext) {
  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    opts: InjectOpts = {},
  ) => {
    const res = await ctx.app.inject({
      method,
      url,
      headers: opts.cookie ? { cookie: opts.cookie } : {},
      remoteAddress: opts.ip ?? '127.0.0.1',
      ...(opts.body !== undefined ? { payload: opts.body as Record<string, unknown> } : {}),
    });
    return {
      status: res.statusCode,
      body: res.body ? (JSON.parse(res.body) as Record<string, unknown>) : {},
      res,
    };
  };
  return {
    get: (url: string, opts?: InjectOpts) => call('GET', url, opts),
    post: (url: string, opts?: InjectOpts) => call('POST', url, opts),
    put: (url: string, opts?: InjectOpts) => call('PUT', url, opts),
    patch: (url: string, opts?: InjectOpts) => call('PATCH', url, opts),
    delete: (url: string, opts?: InjectOpts) => call('DELETE', url, opts),
    /** Logs in with password only (MFA off) and returns the session cookie header. */
    async login(email: string, password = PASSWORD, ip = '127.0.0.1') {
      const r = await call('POST', '/api/auth/login', { body: { email, password }, ip });
      if (r.status !== 200 || r.body.step !== 'done')
        throw new Error(`login falhou: ${r.status} ${JSON.stringify(r.body)}`);
      return sessionCookie(r.res.headers['set-cookie']);
    },
  };
}

export function sessionCookie(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = list.find((c) => c.startsWith('prosa_session='));
  if (!found) throw new Error('sem cookie de sessão');
  return found.split(';')[0] ?? '';
}
