import type { TWawebState } from '@prosa/shared/waweb-states';
import { eq } from 'drizzle-orm';
import { createInboxWriter } from '../../../src/channels/inbound/accept';
import {
  runWawebSession,
  type WawebSession,
  type WawebSessionOptions,
} from '../../../src/channels/waweb/session';
import { channels } from '../../../src/db/schema/channels';
import { api, MANAGER, type TestContext } from '../../helpers/test-app';
import { waitFor } from '../../helpers/wait-for';
import type { WhatsAppWebPeer } from './index';

// One WhatsApp number's session (session.ts, the real Baileys client) run straight against the peer, as a channel
// server runs it: what it receives goes to the inbox of the test's app, its states are recorded in order.

export type KitSession = {
  session: WawebSession;
  ref: { companyId: number; channelId: number };
  /** Every state the session reported, in order, with the QR or error it came with. */
  states: { state: TWawebState; qr?: string | null; error?: string | null }[];
  /** What the session logged (failures it survived). */
  logs: string[];
};

/** Creates a number through the API (as a manager does) and answers its channel. */
export async function createNumber(ctx: TestContext, name = 'Número QR') {
  const http = api(ctx);
  const manager = await http.login(MANAGER);
  const sectors = await http.get('/api/sectors', { cookie: manager });
  const sectorId = (sectors.body as unknown as { id: number }[])[0]?.id ?? 0;
  const created = await http.post('/api/channels/waweb', {
    cookie: manager,
    body: { name, sector_id: sectorId },
  });
  const channelId = created.body.id as number;
  const [row] = await ctx.db.select().from(channels).where(eq(channels.id, channelId));
  if (!row) throw new Error('número não criado');
  return { companyId: row.companyId, channelId };
}

/** Runs the number's session against the peer. */
export function runKitSession(
  ctx: TestContext,
  peer: WhatsAppWebPeer,
  ref: KitSession['ref'],
  opts: Partial<WawebSessionOptions> = {},
): KitSession {
  const writer = createInboxWriter(ctx.db);
  const states: KitSession['states'] = [];
  const logs: string[] = [];
  const session = runWawebSession(
    {
      db: ctx.db,
      appSecret: ctx.deps.appSecret,
      waWebSocketUrl: peer.url,
      mediaUploadUrl: peer.mediaUrl,
      mediaDownloadUrl: peer.mediaUrl,
      ...opts,
    },
    ref,
    {
      state: async (state, extra) => {
        states.push({ state, ...extra });
      },
      log: (msg, err) => {
        logs.push(`${msg}: ${err instanceof Error ? err.message : String(err ?? '')}`);
        if (process.env.WAWEB_PEER_DEBUG) console.log('[session]', msg, err);
      },
      events: (rows) =>
        writer.write(rows.map((r) => ({ ...ref, orderingKey: r.orderingKey, payload: r.payload }))),
    },
  );
  return { session, ref, states, logs };
}

/** Pairs a session by QR (the phone scans what it shows) and waits until it is connected. */
export async function pair(peer: WhatsAppWebPeer, kit: KitSession) {
  const qr = await waitFor(async () => kit.session.qr);
  await peer.scan(qr);
  await waitFor(async () => kit.session.state === 'CONNECTED');
}
