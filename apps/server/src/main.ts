import { resolve } from 'node:path';
import { buildApp } from './app';
import { CHANNEL_ADAPTERS } from './channels/adapters';
import { startEmailReader } from './channels/email/reader';
import { createInboxWriter } from './channels/inbound/accept';
import { startInbox } from './channels/inbound/process';
import { channelCtx } from './channels/port';
import { createChannelRegistry } from './channels/registry';
import { createChannelRepository, watchChannelChanges } from './channels/repository';
import { startTelegramPoller } from './channels/tg/poller';
import { startChannelServer } from './channels/waweb/channel-server';
import { buildControlApp } from './channels/waweb/control-app';
import { createControlWebhooks } from './channels/waweb/control-webhooks';
import { startDurableConsumer } from './facts/durable-consumer';
import { startQueue } from './jobs/queue';
import { JOBS, workerConsumers, workerTasks } from './jobs/registry';
import { startScheduler } from './jobs/scheduler';
import { attendanceInboundSink } from './modules/attendance/inbound-sink';
import { startCampaignRunner } from './modules/campaign-engine/runner';
import { healthRoutes } from './modules/health/routes';
import { seedReportRollups } from './modules/report-rollups/seed';
import { resolveAppSecret } from './platform/app-secret';
import { channelServerUrl, loadConfig, publicUrl } from './platform/config';
import { connectDatabase, migrateDatabase, withStartupLock } from './platform/db';
import { type EmbeddedDb, startEmbeddedPostgres } from './platform/embedded-postgres';
import { createMailer } from './platform/mailer';
import { createOutboundGuard } from './platform/outbound-url';
import { createStorage } from './platform/storage/create-storage';
import { startRealtime } from './realtime/hub';
import { seedBackOfficeSamples } from './seed/back-office-samples';
import { seedCommunicationSamples } from './seed/communication-samples';
import { seedCrmSamples } from './seed/crm-samples';
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemoData } from './seed/demo-data';
import { seedSampleConversations } from './seed/sample-conversations';

async function main() {
  const config = loadConfig();
  // npm workspaces run this from apps/server; paths in the config are relative to the repository root.
  const root = resolve(import.meta.dirname, '../../..');
  process.chdir(root);
  const dataDir = resolve(config.DATA_DIR);

  let embedded: EmbeddedDb | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    console.log(`Iniciando PostgreSQL embutido em ${dataDir}/pg (porta ${config.EMBEDDED_PG_PORT})…`);
    embedded = await startEmbeddedPostgres({
      dataDir,
      port: config.EMBEDDED_PG_PORT,
      database: 'prosa',
      log: console.error,
    });
    url = embedded.url;
  }
  let stopping = false;
  const database = connectDatabase(url, config.DB_POOL_MAX);
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: resolve(dataDir, 'outbox'),
  });
  const appSecret = resolveAppSecret(config.APP_SECRET, dataDir);
  const storage = createStorage(config, appSecret);
  // Refused or failed calls to user-given URLs: the detail goes to the log only, the user sees a generic text.
  const outbound = createOutboundGuard({
    allowedHosts: config.OUTBOUND_ALLOWED_HOSTS,
    log: config.LOG_LEVEL === 'silent' ? undefined : (detail) => console.warn(`[outbound] ${detail}`),
  });
  const channels = createChannelRegistry(CHANNEL_ADAPTERS);
  const channelRepository = createChannelRepository({ db: database.db, appSecret, registry: channels });
  const deps = {
    config,
    db: database.db,
    queue: null,
    mailer,
    appSecret,
    channels,
    channelRepository,
    storage,
    outbound,
  };
  const { seeded, queue } = await withStartupLock(database, async () => {
    await migrateDatabase(database);
    const seeded = config.SEED_DEMO ? await seedDemoData(database.db) : false;
    if (seeded && config.SEED_SAMPLES) {
      await seedSampleConversations(database.db, appSecret);
      await seedBackOfficeSamples(database.db, storage);
      await seedCommunicationSamples(database.db);
      await seedCrmSamples(database.db);
      // The samples are inserted directly (no facts): their rollups and flow records are computed once here.
      await seedReportRollups(database.db);
    }
    const queue = await startQueue({
      url: database.url,
      worker: config.ROLE.has('worker'),
      jobs: JOBS,
      deps,
      // Once shutdown begins, connections closing under pg-boss are expected, not errors.
      log: (msg, err) => {
        if (!stopping) console.error(msg, err);
      },
    });
    return { seeded, queue };
  });
  const fullDeps = { ...deps, queue };
  const scheduler = config.ROLE.has('worker')
    ? startScheduler(fullDeps, {
        url: database.url,
        tasks: workerTasks(config),
        log: (msg, err) => console.error(msg, err),
      })
    : null;
  // Facts read by the workers (each once across all of them): distribution brought forward, later triggers.
  const consumers = config.ROLE.has('worker')
    ? await Promise.all(
        workerConsumers(fullDeps, (msg, err) => console.error(msg, err)).map((c) =>
          startDurableConsumer(c, { url: database.url, log: (msg, err) => console.error(msg, err) }),
        ),
      )
    : [];

  // Channels changed on another node: this node's cached copies are dropped at once.
  const channelChanges = watchChannelChanges(channelRepository, {
    url: database.url,
    log: (msg, err) => console.error(msg, err),
  });

  // Provider events committed by any API node, processed in order per contact across the workers.
  const inbox = config.ROLE.has('worker')
    ? startInbox(
        { ...fullDeps, sink: attendanceInboundSink(fullDeps) },
        {
          url: database.url,
          batch: config.INBOX_BATCH,
          workers: config.INBOX_WORKERS,
          log: (msg, err) => console.error(msg, err),
        },
      )
    : null;

  // Campaigns (issue 18): every worker sends its share, at each channel's rate shared by all of them.
  const campaignRunner = config.ROLE.has('worker')
    ? startCampaignRunner(fullDeps, {
        unknownGraceMs: config.CAMPAIGN_UNKNOWN_GRACE_MS,
        log: (msg, err) => {
          if (!stopping) console.error(msg, err);
        },
      })
    : null;

  // Telegram bots without a webhook (no public https address): polled by the workers, one node per bot.
  const telegramPoller = config.ROLE.has('worker')
    ? startTelegramPoller({
        url: database.url,
        ctx: channelCtx(fullDeps, { log: (msg, err) => console.error(msg, err) }),
        channelRepository,
        log: (msg, err) => {
          if (!stopping) console.error(msg, err);
        },
      })
    : null;

  // E-mail channels: each mailbox read over IMAP (IDLE) by one worker at a time.
  const emailReader = config.ROLE.has('worker')
    ? startEmailReader({
        url: database.url,
        ctx: channelCtx(fullDeps, { log: (msg, err) => console.error(msg, err) }),
        channelRepository,
        log: (msg, err) => {
          if (!stopping) console.error(msg, err);
        },
      })
    : null;

  // WhatsApp Web sessions: claimed from the database, one server each, taken over when a server goes silent.
  const webhooks = createControlWebhooks(outbound, (msg, err) => console.error(msg, err));
  const channelServer = config.ROLE.has('channels')
    ? startChannelServer({
        db: database.db,
        url: database.url,
        appSecret,
        writer: createInboxWriter(database.db),
        publicUrl: channelServerUrl(config),
        capacity: config.WAWEB_CAPACITY,
        ...(config.WAWEB_URL ? { waWebSocketUrl: config.WAWEB_URL } : {}),
        ...(config.WAWEB_MEDIA_URL ? { mediaUrl: config.WAWEB_MEDIA_URL } : {}),
        onState: webhooks.notify,
        log: (msg, err) => console.error(msg, err),
      })
    : null;
  const control = channelServer ? { db: database.db, server: channelServer, webhooks } : null;

  const stopHooks: (() => Promise<unknown>)[] = [];
  if (config.ROLE.has('api')) {
    const app = await buildApp(fullDeps, {
      logger: config.LOG_LEVEL !== 'silent' && config.NODE_ENV !== 'development',
      ...(control ? { channelControl: { ...control, appSecret, storage, outbound } } : {}),
    });
    const realtime = await startRealtime(app.server, fullDeps, { databaseUrl: url });
    await app.listen({ host: config.HOST, port: config.PORT });
    stopHooks.push(
      () => realtime.close(),
      () => app.close(),
    );
    printBanner({
      url: publicUrl(config),
      seeded,
      mail: mailer.describe,
      embedded: embedded !== null,
      dataDir,
      showLogins: config.SEED_DEMO,
    });
  } else {
    // A channel server without the API still answers the other nodes' control calls (spec 2 §7).
    if (control) {
      const controlApp = await buildControlApp(fullDeps, control, [healthRoutes(fullDeps)]);
      await controlApp.listen({ host: config.HOST, port: config.PORT });
      stopHooks.push(() => controlApp.close());
    }
    const roles = [...config.ROLE].join(',');
    // The control calls are this process's only HTTP: say where they listen (and the address other nodes use).
    console.log(
      control
        ? `Prosa iniciado (ROLE=${roles}): chamadas de controle dos canais em http://${config.HOST}:${config.PORT}/api (anunciado aos outros nós como ${channelServerUrl(config)}).`
        : `Prosa iniciado sem HTTP (ROLE=${roles}).`,
    );
  }

  const shutdown = async () => {
    stopping = true;
    for (const stop of stopHooks) await stop().catch(() => {});
    await scheduler?.stop();
    await channelServer?.stop().catch(() => {});
    await telegramPoller?.stop().catch(() => {});
    await emailReader?.stop().catch(() => {});
    await inbox?.stop().catch(() => {});
    await campaignRunner?.stop().catch(() => {});
    await channelChanges.stop().catch(() => {});
    for (const c of consumers) await c.stop().catch(() => {});
    await queue.stop().catch(() => {});
    await database.pool.end().catch(() => {});
    if (embedded) await embedded.stop().catch(() => {});
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

function printBanner(o: {
  url: string;
  seeded: boolean;
  mail: string;
  embedded: boolean;
  showLogins: boolean;
  dataDir: string;
}) {
  const lines = [
    '',
    `  Prosa está no ar: ${o.url}`,
    `  Documentação da API: ${o.url}/api/docs`,
    `  Banco de dados: ${o.embedded ? `PostgreSQL embutido (${o.dataDir}/pg)` : 'DATABASE_URL'}${o.seeded ? ' — dados de demonstração criados' : ''}`,
    `  E-mails: ${o.mail}`,
  ];
  if (o.showLogins) {
    lines.push('', `  Acessos de demonstração (senha de todos: ${DEMO_PASSWORD}):`);
    for (const l of DEMO_LOGINS) lines.push(`    ${l.role.padEnd(30)} ${l.email}`);
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((err) => {
  console.error('Falha ao iniciar o Prosa:', err instanceof Error ? err.message : err);
  process.exit(1);
});
