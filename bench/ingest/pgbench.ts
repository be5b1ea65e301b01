import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDatabase, dropDatabase } from './cluster';

export type PgbenchResult = {
  command: string;
  script: string;
  clients: number;
  seconds: number;
  tps: number;
  transactions: number | null;
  failed: number | null;
  latencyAvgMs: number | null;
};

// One durable single-row insert of about 1 KB per transaction, like an inbox row of one webhook.
const SCRIPT = `INSERT INTO bench_rows (received_at, payload) VALUES (now(), repeat('x', 1000));\n`;

/**
 * Phase 0: the machine's ceiling for durable single-row inserts, measured in the same run:
 * `pgbench -n -c <clients> -j 2 -T <seconds>` with the script above and synchronous_commit on.
 */
export async function runPgbench(o: {
  databaseUrl: string;
  clients: number;
  seconds: number;
  keepDatabase: boolean;
}) {
  await createDatabase(o.databaseUrl);
  const c = new pg.Client({ connectionString: o.databaseUrl });
  await c.connect();
  try {
    await c.query(
      'CREATE TABLE bench_rows (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, received_at timestamptz NOT NULL, payload text NOT NULL)',
    );
  } finally {
    await c.end();
  }
  const dir = mkdtempSync(join(tmpdir(), 'prosa-pgbench-'));
  const script = join(dir, 'insert.sql');
  writeFileSync(script, SCRIPT);
  const u = new URL(o.databaseUrl);
  const args = [
    '-n',
    '-c',
    String(o.clients),
    '-j',
    '2',
    '-T',
    String(Math.max(1, Math.round(o.seconds))),
    '-f',
    script,
    '-h',
    u.hostname,
    '-p',
    u.port || '5432',
    '-U',
    decodeURIComponent(u.username || 'postgres'),
    u.pathname.slice(1),
  ];
  try {
    const out = await new Promise<string>((resolve, reject) => {
      const proc = spawn('pgbench', args, {
        env: {
          ...process.env,
          PGOPTIONS: '-c synchronous_commit=on',
          ...(u.password ? { PGPASSWORD: decodeURIComponent(u.password) } : {}),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      proc.stdout.on('data', (d) => {
        text += d;
      });
      proc.stderr.on('data', (d) => {
        text += d;
      });
      proc.on('error', reject);
      proc.on('exit', (code) =>
        code === 0 ? resolve(text) : reject(new Error(`pgbench saiu com ${code}: ${text}`)),
      );
    });
    const num = (re: RegExp) => {
      const m = out.match(re);
      return m?.[1] ? Number(m[1]) : null;
    };
    const tps = num(/tps = ([\d.]+) \(without initial connection time\)/) ?? num(/tps = ([\d.]+)/);
    if (tps === null) throw new Error(`pgbench sem tps: ${out}`);
    const result: PgbenchResult = {
      command: `PGOPTIONS='-c synchronous_commit=on' pgbench ${args.slice(0, 7).join(' ')} insert.sql`,
      script: SCRIPT.trim(),
      clients: o.clients,
      seconds: o.seconds,
      tps: Math.round(tps),
      transactions: num(/number of transactions actually processed: (\d+)/),
      failed: num(/number of failed transactions: (\d+)/),
      latencyAvgMs: num(/latency average = ([\d.]+) ms/),
    };
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
    if (!o.keepDatabase) await dropDatabase(o.databaseUrl).catch(() => {});
  }
}
