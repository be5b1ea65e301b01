/**
 * Campaign benchmark of issue 18, against real server processes (apps/server/src/main.ts as production runs it) on
 * a scratch database created here and dropped at the end:
 *   - one ROLE=api process (the Cloud API peer's status webhooks land there) and two ROLE=worker processes that send;
 *   - a WhatsApp Enterprise campaign of --contacts recipients (100,000 by default) on a channel of --rate msg/s (80),
 *     against the local Cloud API peer, which refuses (130429) anything over rate + 5 % within any second and sends
 *     each accepted message's status back with its biz_opaque_callback_data;
 *   - one worker SIGKILLed when --kill-at of the recipients are done (0.4) and started again 10 s later.
 * Reports the arrival rate (steady part, overall, the busiest second), the calls refused for going over, and each
 * recipient's message count (every one exactly once). Reference in the same run: the same peer answering a plain
 * loop of sends with 16 in flight (what the machine's HTTP path to the peer can take).
 * Run: npm run bench:campaigns -- [--contacts 100000] [--rate 80] [--kill-at 0.4] [--grace-ms 30000]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startWhatsAppPeer } from '../apps/server/test/peers/whatsapp-cloud-peer';
import {
  createChannel,
  createDatabase,
  dropDatabase,
  killNode,
  META_APP_SECRET,
  type Node,
  startNode,
  stopAllNodes,
} from './ingest/cluster';
import { arrivalRates } from './ingest/outbound-phase';

const root = resolve(import.meta.dirname, '..');
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : Number.NaN;
  return Number.isFinite(v) ? v : fallback;
};
const CONTACTS = arg('contacts', 100_000);
const RATE = arg('rate', 80);
const KILL_AT = arg('kill-at', 0.4);
const GRACE_MS = arg('grace-ms', 30_000);
const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/prosa_bench_campaigns';
const DATA_DIR = '.data/bench-campaigns';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The peer's ceiling: plain sends, 16 in flight, for `seconds`. */
async function reference(seconds: number) {
  const peer = await startWhatsAppPeer();
  const end = performance.now() + seconds * 1000;
  let n = 0;
  const one = async () => {
    while (performance.now() < end) {
      const r = await fetch(`${peer.url}/${peer.phoneNumberId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${peer.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          to: '5511900000000',
          type: 'text',
          text: { body: 'x' },
        }),
      });
      await r.text();
      n++;
    }
  };
  await Promise.all(Array.from({ length: 16 }, one));
  await peer.stop();
  return Math.round(n / seconds);
}

async function main() {
  console.log(
    `Campaign benchmark — ${CONTACTS} recipients at ${RATE} msg/s, two workers, one killed at ${KILL_AT * 100} %\n`,
  );
  const refRate = await reference(5);
  console.log(`reference: the peer answers ${refRate} sends/s (16 in flight)`);

  await createDatabase(DATABASE_URL);
  const peer = await startWhatsAppPeer({ throughput: Math.floor(RATE * 1.05) });
  const db = new pg.Client({ connectionString: DATABASE_URL });
  const nodes: Node[] = [];
  try {
    const apiNode = await startNode({
      databaseUrl: DATABASE_URL,
      name: 'api',
      role: 'api',
      dataDir: `${DATA_DIR}/api`,
    });
    nodes.push(apiNode);
    const { channelId, webhook } = await createChannel(apiNode.url, peer, RATE);
    peer.sendStatusesTo({ url: webhook.toString(), appSecret: META_APP_SECRET });
    await db.connect();
    const company = (await db.query('select company_id from channels where id = $1', [channelId])).rows[0]
      ?.company_id as number;
    const tpl = await db.query(
      `insert into hsm_templates (owner_company_id, name, element_name, language, template, external_status, waba_id)
       values ($1, 'Boas-vindas', 'boas_vindas', 'pt_BR', 'Olá {{1}}, tudo bem? Aqui é da {{2}}.', 'APPROVED', $2)
       returning id`,
      [company, peer.wabaId],
    );
    const camp = await db.query(
      `insert into campaigns (company_id, title, status, channel, channel_id, tries, whatsapp, total_contacts)
       values ($1, 'Bench', 'pending', 'waent', $2, 3, $3, $4) returning id`,
      [
        company,
        channelId,
        JSON.stringify({
          active: true,
          campaign_type: 'hsm',
          hsm_template: tpl.rows[0]?.id,
          mailing_columns: [{ column: 'nome' }, { text: 'Prosa' }],
        }),
        CONTACTS,
      ],
    );
    const campaignId = camp.rows[0]?.id as number;
    await db.query(
      `insert into campaign_contacts (company_id, campaign_id, contact_key, name, vars)
       select $1, $2, '5511' || (900000000 + g)::text, 'Cliente ' || g, jsonb_build_object('nome', 'Cliente ' || g)
         from generate_series(1, $3::int) g`,
      [company, campaignId, CONTACTS],
    );
    const env = { CAMPAIGN_UNKNOWN_GRACE_MS: String(GRACE_MS) };
    const start = (name: string) =>
      startNode({ databaseUrl: DATABASE_URL, name, role: 'worker', dataDir: `${DATA_DIR}/${name}`, env });
    const a = await start('worker-a');
    let b = await start('worker-b');
    nodes.push(a, b);
    const t0 = performance.now();
    await db.query(`update campaigns set status = 'scheduled' where id = $1`, [campaignId]);

    let killed = false;
    let killedAt: number | null = null;
    const deadline = Date.now() + (CONTACTS / RATE) * 1000 * 1.5 + 300_000;
    for (;;) {
      await sleep(2000);
      const r = await db.query('select status, processed_contacts from campaigns where id = $1', [
        campaignId,
      ]);
      const row = r.rows[0] as { status: string; processed_contacts: number };
      const done = Number(row.processed_contacts);
      process.stdout.write(
        `\r${row.status} ${done}/${CONTACTS} (${Math.round((performance.now() - t0) / 1000)} s)   `,
      );
      if (!killed && done >= CONTACTS * KILL_AT) {
        killed = true;
        killedAt = done;
        await killNode(b);
        console.log(`\nworker-b killed at ${done} recipients; started again in 10 s`);
        await sleep(10_000);
        b = await start('worker-b2');
        nodes.push(b);
      }
      if (row.status !== 'progress' && row.status !== 'scheduled') break;
      if (Date.now() > deadline) throw new Error('tempo esgotado');
    }
    const seconds = (performance.now() - t0) / 1000;
    await peer.statusesSettled();
    console.log('');
    const byStatus = (
      await db.query(
        'select status, count(*)::int as n from campaign_contacts where campaign_id = $1 group by status',
        [campaignId],
      )
    ).rows;
    const counts = new Map<string, number>();
    for (const m of peer.sent) counts.set(m.to, (counts.get(m.to) ?? 0) + 1);
    const duplicated = [...counts.values()].filter((n) => n > 1).length;
    const times = peer.arrivals.map((x) => x.at).sort((x, y) => x - y);
    const rates = arrivalRates(times);
    const result = {
      date: new Date().toISOString(),
      contacts: CONTACTS,
      channelRate: RATE,
      referencePeerRate: refRate,
      seconds: Math.round(seconds),
      killedAtRecipients: killedAt,
      arrivals: peer.arrivals.length,
      distinctRecipients: counts.size,
      duplicated,
      missing: CONTACTS - counts.size,
      refusedOverThroughput: peer.throttled.length,
      ...rates,
      byStatus: Object.fromEntries(byStatus.map((x) => [x.status, x.n])),
    };
    console.log(JSON.stringify(result, null, 2));
    mkdirSync(resolve(root, 'bench/results'), { recursive: true });
    writeFileSync(
      resolve(root, `bench/results/campaigns-${result.date.slice(0, 10)}.json`),
      `${JSON.stringify(result, null, 2)}\n`,
    );
  } finally {
    await db.end().catch(() => {});
    await stopAllNodes();
    await peer.stop();
    await dropDatabase(DATABASE_URL).catch(() => {});
  }
}

main().catch(async (err) => {
  console.error(err);
  await stopAllNodes();
  process.exit(1);
});
