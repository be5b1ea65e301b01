import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { type ClientSocket, connectSocket, flushSocket } from '../../apps/server/test/helpers/socket-client';
import { spawnServer } from '../../apps/server/test/helpers/spawn-server';
import type { WhatsAppPeer } from '../../apps/server/test/peers/whatsapp-cloud-peer';
import { api } from './http';

export const APP_SECRET = 'bench-app-secret-0123456789abcdef0123456789';
export const META_APP_SECRET = 'bench-meta-app-secret-0123456789';
const MANAGER = 'gestor@empresademo.com.br';
const PASSWORD = 'Prosa@2026';

export type Node = Awaited<ReturnType<typeof spawnServer>> & { name: string; role: string };

// Every process this run started, so an error or Ctrl-C still stops them all.
const running = new Set<Node>();

export async function stopAllNodes() {
  await Promise.all([...running].map((n) => n.stop()));
  running.clear();
}

function adminUrl(url: string) {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`nome de banco inválido: ${name}`);
  u.pathname = '/postgres';
  return { admin: u.toString(), name };
}

/** A fresh, empty database (dropped first if a previous run left it). */
export async function createDatabase(url: string) {
  const { admin, name } = adminUrl(url);
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  try {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}`);
  } finally {
    await c.end();
  }
}

export async function dropDatabase(url: string) {
  const { admin, name } = adminUrl(url);
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  try {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await c.end();
  }
}

/** One server process on the phase's database: its own data dir and port, the given ROLE. */
export async function startNode(o: {
  databaseUrl: string;
  name: string;
  role: string;
  dataDir: string;
  env?: Record<string, string>;
}) {
  const server = await spawnServer({
    DATABASE_URL: o.databaseUrl,
    APP_SECRET,
    SEED_DEMO: 'true',
    DATA_DIR: o.dataDir,
    ROLE: o.role,
    ...o.env,
  });
  const node: Node = {
    ...server,
    name: o.name,
    role: o.role,
    stop: async () => {
      running.delete(node);
      await server.stop();
    },
  };
  running.add(node);
  return node;
}

/** SIGKILL, as a crash: no shutdown hook runs. Resolves once the process is gone. */
export async function killNode(node: Node) {
  running.delete(node);
  if (node.proc.exitCode !== null || node.proc.signalCode !== null) return;
  const gone = new Promise<void>((done) => node.proc.once('exit', () => done()));
  node.proc.kill('SIGKILL');
  await gone;
}

export async function login(base: string, email = MANAGER): Promise<string> {
  const r = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const cookie = r.headers.getSetCookie().find((c) => c.startsWith('prosa_session='));
  if (r.status !== 200 || !cookie) throw new Error(`login de ${email} falhou: ${r.status} ${await r.text()}`);
  return cookie.split(';')[0] ?? '';
}

/**
 * The demo company's manager creates a WhatsApp Enterprise channel on sector Comercial whose Graph API is
 * the local peer. Answers the manager's cookie and the channel's webhook URL.
 */
export async function createChannel(base: string, peer: WhatsAppPeer, messagesPerSecond = 80) {
  const cookie = await login(base);
  const sectors = await api<{ id: number; name: string }[]>(base, '/api/sectors', cookie);
  const comercial = sectors.find((s) => s.name === 'Comercial');
  if (!comercial) throw new Error('setor Comercial ausente');
  const channel = await api<{ id: number }>(base, '/api/channels/waent', cookie, {
    name: 'Bench WhatsApp',
    default_sector_id: comercial.id,
    broker: 'meta',
    phone_number: '+55 11 99999-0000',
    phone_number_id: peer.phoneNumberId,
    waba_id: peer.wabaId,
    access_token: peer.accessToken,
    app_secret: META_APP_SECRET,
    verify_token: 'bench-verify',
    api_base_url: peer.url,
    messages_per_second: messagesPerSecond,
  });
  return { cookie, channelId: channel.id, webhook: new URL(`${base}/api/webhooks/waent/${channel.id}`) };
}

export type SocketLog = {
  socket: ClientSocket;
  /** First arrival (performance.now()) and number of `message:created` events per message text. */
  seen: Map<string, { at: number; times: number; attendanceId: number }>;
  close: () => void;
};

/**
 * The manager's socket: in the demo company (triage OPERATOR) a manager sees every card of his sectors,
 * assigned or not, so every inbound message of the channel reaches it as `message:created`.
 */
export async function watchMessages(base: string, cookie: string, prefix: string): Promise<SocketLog> {
  const t = await api<{ token: string; companyId: number }>(base, '/api/users/get-socket-token', cookie);
  const socket = await connectSocket(base, { token: t.token, company_id: t.companyId });
  const seen: SocketLog['seen'] = new Map();
  socket.on('message:created', (p) => {
    const at = performance.now();
    const text = p.message.text;
    if (!text.startsWith(prefix)) return;
    const s = seen.get(text);
    if (s) s.times++;
    else seen.set(text, { at, times: 1, attendanceId: p.attendance_id });
  });
  return { socket, seen, close: () => socket.close() };
}

/** Every event the server had sent the socket before now has arrived (a ping round trip; never throws). */
export const settleSocket = (log: SocketLog) => flushSocket(log.socket, 5000).catch(() => {});

/** Rows of `messages` whose text starts with the prefix: all of them and distinct texts. */
export async function storedMessages(databaseUrl: string, prefix: string) {
  const c = new pg.Client({ connectionString: databaseUrl, application_name: 'bench-ingest' });
  await c.connect();
  try {
    const r = await c.query<{ rows: number; distinct: number }>(
      'SELECT count(*)::int AS rows, count(DISTINCT text)::int AS distinct FROM messages WHERE starts_with(text, $1)',
      [prefix],
    );
    return r.rows[0] ?? { rows: 0, distinct: 0 };
  } finally {
    await c.end();
  }
}

/** Waits until `done()` or the deadline (performance.now() ms), checking every `everyMs`. */
export async function waitUntil(done: () => boolean | Promise<boolean>, deadline: number, everyMs = 250) {
  for (;;) {
    if (await done()) return true;
    if (performance.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, Math.min(everyMs, Math.max(1, deadline - performance.now()))));
  }
}
