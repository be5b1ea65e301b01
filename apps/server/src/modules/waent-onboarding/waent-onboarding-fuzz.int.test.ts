import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOperations, fuzzServerErrors, watchUnboundedInput } from '../../../test/helpers/fuzz-module';
import type { Operation } from '../../../test/helpers/openapi-fuzz';
import { ADMIN, api, createTestContext, MANAGER, type TestContext } from '../../../test/helpers/test-app';
import { type GraphApiPeer, startGraphApiPeer } from '../../../test/peers/graph-api/peer';
import { startWhatsAppPeer, type WhatsAppPeer } from '../../../test/peers/whatsapp-cloud-peer';

// The project's OpenAPI fuzzer over the number onboarding routes, with a WhatsApp Enterprise number of the demo
// company (its Cloud API and Meta's Graph API are local peers), as an admin and a manager: no input answers 5xx,
// none reaches PostgreSQL unbounded.

const SEED = 20_261_127;
const PER_OPERATION = 30;

let ctx: TestContext;
let wa: WhatsAppPeer;
let graph: GraphApiPeer;
let operations: Operation[];
let channelId = 0;
let unbounded: string[] = [];

beforeAll(async () => {
  wa = await startWhatsAppPeer();
  graph = await startGraphApiPeer();
  ctx = await createTestContext({
    queue: false,
    inbox: false,
    env: {
      FACEBOOK_APP_ID: graph.appId,
      FACEBOOK_APP_SECRET: graph.appSecret,
      FACEBOOK_GRAPH_URL: graph.url,
      FACEBOOK_DIALOG_URL: graph.url,
    },
  });
  const http = api(ctx);
  const manager = await http.login(MANAGER);
  const sectors = (await http.get('/api/sectors', { cookie: manager })).body as unknown as { id: number }[];
  const r = await http.post('/api/channels/waent', {
    cookie: manager,
    body: {
      name: 'Fuzz',
      default_sector_id: sectors[0]?.id,
      broker: 'meta',
      phone_number_id: wa.phoneNumberId,
      waba_id: wa.wabaId,
      access_token: wa.accessToken,
      app_secret: 'segredo',
      verify_token: 'verifica',
      api_base_url: wa.url,
    },
  });
  channelId = r.body.id as number;
  operations = (await appOperations(ctx)).filter(
    (op) => op.path.startsWith('/api/waent-onboarding') || op.path === '/api/numbers',
  );
  unbounded = watchUnboundedInput();
});
afterAll(async () => {
  await ctx?.close();
  await wa?.stop();
  await graph?.stop();
});

describe('number onboarding routes under generated bad input', () => {
  it('never answer 5xx nor send PostgreSQL an unbounded value (admin, manager)', async () => {
    expect(operations.length).toBe(9);
    const found = await fuzzServerErrors(ctx, operations, {
      seed: SEED,
      perOperation: PER_OPERATION,
      pathValue: () => String(channelId),
      as: [ADMIN, MANAGER],
    });
    expect(found, found.join('\n')).toEqual([]);
    expect(unbounded, unbounded.join('\n')).toEqual([]);
  }, 300_000);
});
