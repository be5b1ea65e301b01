import { execFileSync } from 'node:child_process';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import pg from 'pg';

// The PostgreSQL settings that decide how fast durable inserts can be.
const SETTINGS = [
  'max_connections',
  'shared_buffers',
  'work_mem',
  'synchronous_commit',
  'fsync',
  'wal_sync_method',
  'full_page_writes',
  'wal_level',
  'wal_buffers',
  'wal_compression',
  'commit_delay',
  'commit_siblings',
  'max_wal_size',
  'checkpoint_timeout',
  'effective_io_concurrency',
  'random_page_cost',
  'jit',
];

export const loadAverage = () => loadavg().map((v) => Math.round(v * 100) / 100);

function gitCommit(): string | null {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { encoding: 'utf8' }).trim() !== '';
    return dirty ? `${head} (uncommitted changes)` : head;
  } catch {
    return null;
  }
}

/** The machine and database the figures were measured on. */
export async function describeEnvironment(adminUrl: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    const version = (await c.query<{ v: string }>('SELECT version() AS v')).rows[0]?.v ?? '';
    const rows = (
      await c.query<{ name: string; setting: string }>(
        'SELECT name, current_setting(name) AS setting FROM pg_settings WHERE name = ANY($1) ORDER BY name',
        [SETTINGS],
      )
    ).rows;
    return {
      date: new Date().toISOString(),
      nproc: availableParallelism(),
      cpu: cpus()[0]?.model ?? null,
      memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
      loadAverage: loadAverage(),
      node: process.version,
      commit: gitCommit(),
      postgres: {
        version,
        settings: Object.fromEntries(rows.map((r) => [r.name, r.setting])),
      },
    };
  } finally {
    await c.end();
  }
}
