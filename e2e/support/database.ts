import pg from 'pg';

// The e2e server's embedded PostgreSQL (playwright.config.ts: EMBEDDED_PG_PORT = port + 51 239).
const PORT = Number(process.env.E2E_PORT ?? 3100);
const URL = `postgres://postgres:prosa@127.0.0.1:${PORT + 51_239}/prosa`;

/**
 * Runs SQL against the e2e server's database, for preparing what no screen or route can create yet (an
 * attendance of a channel that does not exist today, like WhatsApp).
 */
export async function sql<T extends Record<string, unknown> = Record<string, unknown>>(
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: URL });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}
