import { z } from '@prosa/shared/zod';
import { parseAllowedHosts } from './outbound-url';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

// Every environment variable the server reads; README lists them with these defaults.
export const ZConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('.data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  REDIS_URL: z.string().optional(),
  // Connections per node: incoming requests, jobs and the inbox's processing share them.
  DB_POOL_MAX: z.coerce.number().int().min(4).max(200).default(20),
  // Inbox (channels/inbound): events a worker claims at once, and contacts it processes at once (one
  // connection each).
  INBOX_BATCH: z.coerce.number().int().min(1).max(5000).default(500),
  INBOX_WORKERS: z.coerce.number().int().min(1).max(64).default(2),
  // api: HTTP and realtime; worker: jobs, inbox, schedules; channels: WhatsApp Web sessions (channel server).
  ROLE: z
    .string()
    .default('api,worker,channels')
    .transform((v) => new Set(v.split(',').map((s) => s.trim())))
    .refine((s) => [...s].every((r) => r === 'api' || r === 'worker' || r === 'channels') && s.size > 0, {
      error: 'ROLE deve combinar api, worker e channels (ex.: api,worker)',
    }),
  // Sessions of WhatsApp by QR one channel server runs at most.
  WAWEB_CAPACITY: z.coerce.number().int().min(1).max(5000).default(200),
  // WhatsApp Web's address for the channel servers (default: WhatsApp's own); tests point it at a local peer.
  WAWEB_URL: z.string().url().optional(),
  // WhatsApp's media hosts (file uploads, history downloads) for the channel servers; tests point it at their peer.
  WAWEB_MEDIA_URL: z.url().optional(),
  // Where the other nodes reach this process's channel-server control calls (default: PUBLIC_URL).
  CHANNEL_SERVER_URL: z.url().optional(),
  // Facebook Messenger and Instagram Direct (issue 14): the Meta app whose Facebook Login connects pages, and
  // whose webhook receives every page's events; the Graph API and the login dialog's addresses (tests: a peer).
  FACEBOOK_APP_ID: z.string().trim().min(1).optional(),
  FACEBOOK_APP_SECRET: z.string().trim().min(1).optional(),
  FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com'),
  FACEBOOK_GRAPH_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, { error: 'FACEBOOK_GRAPH_VERSION deve ser como v19.0' })
    .default('v19.0'),
  FACEBOOK_DIALOG_URL: z.url().default('https://www.facebook.com'),
  FACEBOOK_VERIFY_TOKEN: z.string().trim().min(1).optional(),
  // WhatsApp embedded signup (issue 22): the Facebook Login for Business configuration the dialog opens with.
  WAENT_SIGNUP_CONFIG_ID: z.string().trim().min(1).optional(),
  // Telegram's Bot API (issue 15): every bot's calls and files go there (tests: a peer).
  TELEGRAM_API_URL: z.url().default('https://api.telegram.org'),
  // Embedded BI (issue 21): Metabase signed embedding (the installation's embedding secret key) and Power BI
  // "embed for your customers" (an Azure AD app's client credentials and the workspace of the reports).
  METABASE_SITE_URL: z.url().optional(),
  METABASE_SECRET_KEY: z.string().trim().min(1).optional(),
  POWERBI_API_URL: z.url().default('https://api.powerbi.com'),
  POWERBI_AUTHORITY_URL: z.url().default('https://login.microsoftonline.com'),
  POWERBI_TENANT_ID: z.string().trim().min(1).optional(),
  POWERBI_CLIENT_ID: z.string().trim().min(1).optional(),
  POWERBI_CLIENT_SECRET: z.string().trim().min(1).optional(),
  POWERBI_WORKSPACE_ID: z.string().trim().min(1).optional(),
  // Google Calendar (issue 22): the OAuth web client users authorise (redirect URI <PUBLIC_URL>/google-calendar) and
  // Google's addresses (tests: a peer).
  GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().trim().min(1).optional(),
  GOOGLE_OAUTH_URL: z.url().default('https://accounts.google.com'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_CALENDAR_URL: z.url().default('https://www.googleapis.com/calendar/v3'),
  // RD Station integrations (issue 22): the Marketing API (OAuth at /auth/token, conversions at /platform/events) and
  // the CRM v2 API (contacts, deals); tests point both at a local peer.
  RDSTATION_API_URL: z.url().default('https://api.rd.services'),
  RDSTATION_CRM_URL: z.url().default('https://api.rd.services/crm/v2'),
  SEED_DEMO: bool.default(true),
  // With the demo data, sample conversations of each working channel kind (the browser tests start without them).
  SEED_SAMPLES: bool.default(true),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Prosa <nao-responda@prosa.local>'),
  APP_SECRET: z.string().min(32).optional(),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  MFA_CODE_TTL_MINUTES: z.coerce.number().positive().default(10),
  RESET_TOKEN_TTL_MINUTES: z.coerce.number().positive().default(60),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  // MFA code e-mails (login and resend) per user in the login-failure window.
  MFA_MAX_EMAILS: z.coerce.number().int().positive().default(5),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default('apps/web/dist'),
  DISTRIBUTION_TICK_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  // How often a worker looks for scheduled returns that are due (at most 15 s; tests shorten it).
  SCHEDULE_TICK_SECONDS: z.coerce.number().min(0.2).max(15).default(15),
  // How long a campaign recipient whose send got no answer (a node died mid-call) waits for the provider's status
  // before it is decided without it (WhatsApp Cloud: sent again; elsewhere: failure).
  CAMPAIGN_UNKNOWN_GRACE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(300_000),
  // A report that takes longer than this answers a time-out, and its screen offers the background (issue 19).
  REPORT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  // Days of durable facts (domain_events) kept; older daily partitions go once every consumer has read them.
  FACTS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  HISTORY_EXPORT_DIRECT_LIMIT: z.coerce.number().int().min(0).default(2000),
  // Uploaded files: local disk (<DATA_DIR>/uploads) unless S3_BUCKET names an S3-compatible bucket.
  FILE_URL_TTL_SECONDS: z.coerce.number().int().min(60).max(604_800).default(43_200),
  S3_BUCKET: z.string().min(3).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  // Extra hosts the outbound-URL guard lets through (http and private addresses allowed): tests, on-premise brokers.
  OUTBOUND_ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      try {
        return parseAllowedHosts(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: err instanceof Error ? err.message : String(err) });
        return z.NEVER;
      }
    }),
});

// Rules across variables, checked at start like the rest.
const ZCheckedConfig = ZConfig.refine((c) => !c.S3_ACCESS_KEY_ID === !c.S3_SECRET_ACCESS_KEY, {
  error: 'S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY devem ser informados juntos',
  path: ['S3_SECRET_ACCESS_KEY'],
});

export type Config = z.infer<typeof ZConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZCheckedConfig.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configuração inválida:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export function publicUrl(config: Config): string {
  return config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
}

/** The address this process registers as a channel server (spec 2 §7: {server}/api/start, …). */
export function channelServerUrl(config: Config): string {
  return (config.CHANNEL_SERVER_URL ?? publicUrl(config)).replace(/\/+$/, '');
}

/** The Graph API root with its version, e.g. https://graph.facebook.com/v19.0 (no trailing slash). */
export function facebookGraphUrl(config: Config): string {
  return `${config.FACEBOOK_GRAPH_URL.replace(/\/+$/, '')}/${config.FACEBOOK_GRAPH_VERSION}`;
}
