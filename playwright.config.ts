import { defineConfig } from '@playwright/test';

// E2E_PORT lets two runs share the machine: each gets its own port, data folder and embedded PostgreSQL.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const E2E_DATA_DIR = `.data/e2e-${PORT}`;
// The fake WhatsApp Web server of e2e/waweb listens here (same derivation in e2e/waweb/peer-proxy.ts).
// Below the ephemeral port range (32768–60999): a client socket of the machine cannot hold it when the relay listens.
const WAWEB_PORT = PORT + 20_000;
// The fake Graph API of e2e/facebook (Facebook Login dialog, Graph calls) is reached here (e2e/facebook/graph-relay.ts).
const GRAPH_PORT = PORT + 41_000;
// The local Power BI of e2e/bi-reports (Azure AD token, reports, GenerateToken) listens here (same in its spec).
const POWERBI_PORT = PORT + 19_000;
// The local Google (OAuth consent, token endpoint, Calendar API) of e2e/google-calendar listens here (same in its spec).
const GOOGLE_PORT = PORT + 18_000;

// Playwright requires a default export for its config file.
export default defineConfig({
  testDir: 'e2e',
  // Per port, so two runs at once do not empty each other's results.
  outputDir: `test-results/e2e-${PORT}`,
  workers: 1,
  fullyParallel: false,
  reporter: 'list',
  // Long real paths (a visitor, an operator and a manager in one test) pass 30 s when the machine is busy.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'off',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && npx tsx apps/server/src/main.ts`,
    url: `${BASE_URL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      EMBEDDED_PG_PORT: String(PORT + 51_239),
      SEED_DEMO: 'true',
      // The specs count queues and cards from an empty start.
      SEED_SAMPLES: 'false',
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      // E2E_WEB_DIST lets a run serve a web build of its own (two builds at once do not share a folder).
      WEB_DIST: process.env.E2E_WEB_DIST ?? 'apps/web/dist',
      PUBLIC_URL: BASE_URL,
      // Scheduled returns checked every second, so a return a few seconds ahead comes back in the test.
      SCHEDULE_TICK_SECONDS: '1',
      // The WhatsApp peer the specs start listens on loopback: the outbound guard lets only that host through.
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
      // Baileys sessions of the in-process channel server talk to that fake (it retries until it is up).
      WAWEB_URL: `ws://127.0.0.1:${WAWEB_PORT}/ws/chat`,
      // Facebook pages and Instagram: the Meta app of the fake Graph API (same values in e2e/facebook/graph-relay.ts).
      FACEBOOK_APP_ID: 'e2e-app',
      FACEBOOK_APP_SECRET: 'e2e-segredo-do-app',
      FACEBOOK_VERIFY_TOKEN: 'e2e-verifica',
      FACEBOOK_GRAPH_URL: `http://127.0.0.1:${GRAPH_PORT}`,
      FACEBOOK_DIALOG_URL: `http://127.0.0.1:${GRAPH_PORT}`,
      // Embedded BI (e2e/bi-reports): Metabase signed embedding; the framed address need not answer.
      METABASE_SITE_URL: 'https://metabase.e2e.invalid',
      METABASE_SECRET_KEY: 'e2e-metabase-embedding-secret-key',
      // Power BI: the spec's local peer (apps/server/test/peers/powerbi-peer.ts) with these credentials.
      POWERBI_API_URL: `http://127.0.0.1:${POWERBI_PORT}`,
      POWERBI_AUTHORITY_URL: `http://127.0.0.1:${POWERBI_PORT}`,
      POWERBI_TENANT_ID: 'e2e-tenant',
      POWERBI_CLIENT_ID: 'e2e-client',
      POWERBI_CLIENT_SECRET: 'e2e-client-secret',
      POWERBI_WORKSPACE_ID: 'e2e-workspace',
      // Google Calendar: the spec's local Google peer (apps/server/test/peers/google-peer.ts) with this OAuth client.
      GOOGLE_CLIENT_ID: 'e2e-google-client.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
      GOOGLE_OAUTH_URL: `http://127.0.0.1:${GOOGLE_PORT}`,
      GOOGLE_TOKEN_URL: `http://127.0.0.1:${GOOGLE_PORT}/token`,
      GOOGLE_CALENDAR_URL: `http://127.0.0.1:${GOOGLE_PORT}/calendar/v3`,
    },
  },
});
