import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestContext, MANAGER, type TestContext } from '../../../test/helpers/test-app';
import { waitFor } from '../../../test/helpers/wait-for';
import { type SmsPeer, startSmsPeer } from '../../../test/peers/sms/peer';
import { campaignContacts, campaigns } from '../../db/schema/campaigns';
import { ENGINE_MSG } from './constants';
import { fillPlaceholders, templateValues } from './content';
import { type CampaignRunner, startCampaignRunner } from './runner';

// SMS campaigns through a broker's real API (the Zenvia peer), personalised per recipient, each once; WhatsApp-by-QR
// campaigns send only to numbers known on WhatsApp, one at a time with the anti-ban spacing.

let ctx: TestContext;
let peer: SmsPeer;
let smsId: number;
let wawebId: number;
let companyId: number;
const runners: CampaignRunner[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  peer = await startSmsPeer();
  const http = api(ctx);
  const manager = await http.login(MANAGER);
  const sectors = await http.get('/api/sectors', { cookie: manager });
  const sectorId = (sectors.body as unknown as { id: number }[])[0]?.id ?? 0;
  const r = await http.post('/api/channels/sms', {
    cookie: manager,
    body: {
      gateway: 'zenvia',
      name: 'SMS Campanhas',
      default_sector_id: sectorId,
      extra_data: { base_url: peer.url, token: peer.accept.zenviaToken, sender: 'PROSA' },
      conditionals: [],
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  smsId = r.body.id as number;
  companyId = Number(
    (await ctx.db.execute<{ c: number }>(sql`select company_id as c from channels where id = ${smsId}`))
      .rows[0]?.c,
  );
  const w = await ctx.db.execute<{ id: number }>(sql`
    insert into channels (company_id, kind, name, default_sector_id, route_key, config)
    values (${companyId}, 'waweb', 'WhatsApp Vendas', ${sectorId}, 'waweb-campanhas', '{}'::jsonb) returning id`);
  wawebId = Number(w.rows[0]?.id);
});
afterEach(async () => {
  for (const r of runners.splice(0)) await r.stop();
});
afterAll(async () => {
  for (const r of runners.splice(0)) await r.stop();
  await peer?.stop();
  await ctx?.close();
});

async function campaignOf(
  values: Partial<typeof campaigns.$inferInsert> &
    Pick<typeof campaigns.$inferInsert, 'channel' | 'channelId'>,
  recipients: { key: string; vars: Record<string, string> }[],
) {
  const [c] = await ctx.db
    .insert(campaigns)
    .values({ companyId, title: 'Campanha', status: 'scheduled', tries: 2, ...values })
    .returning();
  if (!c) throw new Error('campanha');
  await ctx.db.insert(campaignContacts).values(
    recipients.map((r) => ({
      companyId,
      campaignId: c.id,
      contactKey: r.key,
      name: r.vars.nome ?? '',
      vars: r.vars,
    })),
  );
  return c.id;
}

const statusOf = async (id: number) =>
  (await ctx.db.execute<{ status: string }>(sql`select status from campaigns where id = ${id}`)).rows[0]
    ?.status;

describe('campaign content', () => {
  it('fills {{coluna}} placeholders and template variables from the recipient', () => {
    expect(
      fillPlaceholders('Oi {{nome}}, sua fatura de {{ Valor }} vence.', { nome: 'Ana', valor: 'R$ 10' }),
    ).toBe('Oi Ana, sua fatura de R$ 10 vence.');
    expect(
      templateValues([{ column: 'Nome' }, { text: 'Prosa' }, 'cidade'], { nome: 'Ana', cidade: 'Recife' }),
    ).toEqual(['Ana', 'Prosa', 'Recife']);
  });
});

describe('SMS and WhatsApp-by-QR campaigns', () => {
  it('sends each SMS recipient its own text once through the broker', async () => {
    const id = await campaignOf(
      {
        channel: 'sms',
        channelId: smsId,
        sms: { active: true, broker: smsId, message: 'Oi {{nome}}, temos novidades!' },
      },
      [
        { key: '5511988880001', vars: { nome: 'Ana' } },
        { key: '5511988880002', vars: { nome: 'Bruno' } },
        { key: '5511988880003', vars: { nome: 'Carla' } },
      ],
    );
    runners.push(startCampaignRunner(ctx.deps, { idleMs: 50 }));
    await waitFor(async () => (await statusOf(id)) === 'sent', 15_000);
    const mine = peer.sent.filter((m) => m.to.startsWith('551198888000'));
    expect(mine.map((m) => [m.to, m.text]).sort()).toEqual([
      ['5511988880001', 'Oi Ana, temos novidades!'],
      ['5511988880002', 'Oi Bruno, temos novidades!'],
      ['5511988880003', 'Oi Carla, temos novidades!'],
    ]);
  });

  it('sends WhatsApp by QR only to numbers known on WhatsApp, spaced by the anti-ban interval', async () => {
    // A contact of the number (it wrote to us) is known; the other number never talked to us on WhatsApp.
    await ctx.db.execute(sql`
      with p as (insert into persons (company_id, name) values (${companyId}, 'Dora') returning id)
      insert into contacts (company_id, person_id, kind, channel_id, external_id, name)
      select ${companyId}, p.id, 'waweb', ${wawebId}, '551187650000', 'Dora' from p`);
    const id = await campaignOf(
      {
        channel: 'waweb',
        channelId: wawebId,
        whatsapp: {
          active: true,
          campaign_type: 'message',
          messages: [{ type: 'text', content: 'Olá {{nome}}!', variants: ['Oi {{nome}}!'] }],
          pacing: { min_interval_ms: 300, jitter_ms: 100, pause_every: 0, pause_ms: 0 },
        },
      },
      [
        // Known without its ninth digit on WhatsApp, keyed with it here.
        { key: '5511987650000', vars: { nome: 'Dora' } },
        { key: '5511912340000', vars: { nome: 'Edu' } },
      ],
    );
    runners.push(startCampaignRunner(ctx.deps, { idleMs: 50 }));
    // The unknown number is settled at once; the known one is tried through the number's session, which is not
    // running here (no channel server): it waits to be sent, never marked sent.
    await waitFor(async () => {
      const r = await ctx.db.execute<{ contact_key: string; status: string; error: string | null }>(
        sql`select contact_key, status, error from campaign_contacts where campaign_id = ${id} order by contact_key`,
      );
      const known = r.rows.find((x) => x.contact_key === '5511987650000');
      const unknown = r.rows.find((x) => x.contact_key === '5511912340000');
      return (
        unknown?.status === 'not_sent' &&
        unknown.error === ENGINE_MSG.unknownNumber &&
        known?.status === 'pending' &&
        (known.error ?? '').includes('Canal não está rodando')
      );
    }, 15_000);
  });
});
