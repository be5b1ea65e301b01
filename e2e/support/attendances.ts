import { type APIRequestContext, expect, request as playwrightRequest } from '@playwright/test';
import { DEMO_PASSWORD } from './demo';

// The demo company's web chat (apps/server/src/modules/webchat/demo-page.ts DEMO_WEBCHAT_CODE).
const DEMO_WEBCHAT = 'demo-empresa';

type Json = Record<string, unknown>;

async function json<T = Json>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()} → ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** An API client logged in as `email` (cookie session), like the screens use. */
export async function apiAs(baseURL: string, email: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  const answer = await json<{ step: string }>(
    await api.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } }),
  );
  expect(answer.step).toBe('done');
  return api;
}

let clientSeq = 0;
const clientId = () => `e2e${Date.now().toString(36)}${(clientSeq++).toString(36)}`.padEnd(8, '0');

export type TFinalized = { id: number; protocol: string; contactId: number; name: string };

/**
 * A visitor writes on the demo web chat, `staff` (admin or manager API client) answers and finalizes with a
 * finalization status: the attendance becomes history.
 */
export async function createFinalizedConversation(
  baseURL: string,
  staff: APIRequestContext,
  opts: { name: string; visitor: string[]; operator: string[]; status?: string },
): Promise<TFinalized> {
  const visitor = await playwrightRequest.newContext({ baseURL });
  const { token } = await json<{ token: string }>(
    await visitor.post(`/api/webchat/${DEMO_WEBCHAT}/visitors`, { data: { form: { nome: opts.name } } }),
  );
  let protocol = '';
  for (const text of opts.visitor) {
    const sent = await json<{ protocol: string }>(
      await visitor.post('/api/webchat/visitor/messages', {
        headers: { 'x-visitor-token': token },
        data: { text, client_id: clientId() },
      }),
    );
    protocol = sent.protocol;
  }
  await visitor.dispose();

  const list = await json<{
    items: { id: number; protocol: string; sector_id: number; contact_id: number }[];
  }>(await staff.get('/api/attendances?kind=web'));
  const card = list.items.find((c) => c.protocol === protocol);
  if (!card) throw new Error(`atendimento ${protocol} não apareceu na lista`);
  for (const message of opts.operator) {
    await json(await staff.post(`/api/attendances/${card.id}/messages`, { data: { message } }));
  }
  const me = await json<{ id: number; companyId: number }>(await staff.get('/api/auth/me'));
  const statuses = await json<{ id: number; name: string; should_close: number }[]>(
    await staff.get('/api/statuses'),
  );
  const status = statuses.find((s) => s.should_close === 1 && (!opts.status || s.name === opts.status));
  if (!status) throw new Error('status de finalização não encontrado');
  await json(
    await staff.post(`/api/set-status/${me.companyId}/${card.sector_id}/${me.id}`, {
      data: { status: status.id, contact: card.id },
    }),
  );
  return { id: card.id, protocol, contactId: card.contact_id, name: opts.name };
}
