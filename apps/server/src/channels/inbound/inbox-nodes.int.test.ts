import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWaentRows } from '../../../test/helpers/channel-fixtures';
import { spawnServer } from '../../../test/helpers/spawn-server';
import { createTestDatabase } from '../../../test/helpers/test-database';
import { waitFor } from '../../../test/helpers/wait-for';
import { webhookBuilders } from '../../../test/peers/whatsapp-cloud-peer';
import { messages } from '../../db/schema/attendance';
import { companies } from '../../db/schema/companies';
import { sectors } from '../../db/schema/organization';
import { encryptSecret } from '../../platform/crypto';
import { connectDatabase, type Database } from '../../platform/db';

// As production runs it: a ROLE=api process accepts the webhook (committed before its 200), a ROLE=worker
// process, woken by the inbox's NOTIFY, stores the message (main.ts wires the processor on workers only).

type Node = Awaited<ReturnType<typeof spawnServer>>;
let api: Node;
let worker: Node;
let database: Database;
let dropDb: () => Promise<void>;
const APP_SECRET = 'inbox-nodes-secret-inbox-nodes-00000';
const META_SECRET = 'meta-secret-inbox-nodes';
const PHONE_NUMBER_ID = '7700990011';

beforeAll(async () => {
  const db = await createTestDatabase();
  dropDb = db.drop;
  const env = {
    DATABASE_URL: db.url,
    SEED_DEMO: 'true',
    SEED_SAMPLES: 'false',
    APP_SECRET,
    WEB_DIST: '/nonexistent',
    DATA_DIR: '/tmp/prosa-inbox-nodes',
  };
  // The api process migrates and seeds first; the worker then finds the database ready.
  api = await spawnServer({ ...env, ROLE: 'api' });
  worker = await spawnServer({ ...env, ROLE: 'worker' });
  database = connectDatabase(db.url, 2);
}, 120_000);
afterAll(async () => {
  await Promise.all([api?.stop(), worker?.stop()]);
  await database?.pool.end();
  await dropDb?.();
});

describe('the inbox across an api and a worker process', () => {
  it('a webhook accepted by the api process is stored by the worker', async () => {
    const [demo] = await database.db.select().from(companies).where(eq(companies.name, 'Empresa Demo'));
    if (!demo) throw new Error('empresa demo ausente');
    const [sector] = await database.db.select().from(sectors).where(eq(sectors.companyId, demo.id)).limit(1);
    const [channel] = await insertWaentRows(database.db, {
      companyId: demo.id,
      name: 'Entre nós',
      defaultSectorId: sector?.id ?? 0,
      phoneNumberId: PHONE_NUMBER_ID,
      wabaId: '7700990012',
      appSecretSealed: encryptSecret(META_SECRET, APP_SECRET),
    });
    const wa = webhookBuilders(PHONE_NUMBER_ID, '7700990012');
    const raw = Buffer.from(
      JSON.stringify(
        wa.messagesPayload({ waId: '5511977000001', name: 'Nós' }, [
          wa.text('5511977000001', 'de um processo ao outro', 'wamid.NODES-1'),
        ]),
      ),
    );
    const r = await fetch(`${api.url}/api/webhooks/waent/${channel?.id}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': `sha256=${createHmac('sha256', META_SECRET).update(raw).digest('hex')}`,
      },
      body: new Uint8Array(raw),
    });
    expect(r.status).toBe(200);
    const stored = await waitFor(async () => {
      const [m] = await database.db
        .select()
        .from(messages)
        .where(
          and(eq(messages.companyId, demo.id), eq(messages.messageId, `waent:${channel?.id}:wamid.NODES-1`)),
        );
      return m;
    });
    expect(stored.text).toBe('de um processo ao outro');
  });
});
