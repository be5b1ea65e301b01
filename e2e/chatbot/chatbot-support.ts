import { type APIRequestContext, expect } from '@playwright/test';
import { apiAs } from '../support/attendances';
import { DEMO } from '../support/demo';

type Meta = Record<string, unknown> & { allow: Record<string, boolean> };

/** The demo company's chatbot switches (allow.chatbots, allow.allowTransferToAuto), set through the API. */
export async function setChatbotFlags(
  baseURL: string,
  flags: { chatbots?: boolean; allowTransferToAuto?: boolean },
) {
  const manager = await apiAs(baseURL, DEMO.manager);
  const meta = (await (await manager.get('/api/company/metadata')).json()) as Meta;
  const r = await manager.put('/api/company/metadata', {
    data: { ...meta, allow: { ...meta.allow, ...flags } },
  });
  expect(r.ok(), await r.text()).toBe(true);
  await manager.dispose();
}

/**
 * Deletes the demo company's flows: a flow linked to the demo web chat would answer the visitors of every later
 * spec (and chatbots off answer 403, so the flows are removed first).
 */
export async function deleteAllFlows(baseURL: string) {
  const manager = await apiAs(baseURL, DEMO.manager);
  const list = await manager.get('/api/chatbot/flows?page=1');
  if (list.ok()) {
    const body = (await list.json()) as { results: { flows: { id: number }[] } };
    for (const f of body.results.flows) {
      const r = await manager.delete(`/api/chatbot/flows/${f.id}`);
      expect(r.ok(), await r.text()).toBe(true);
    }
  }
  await manager.dispose();
}

/** The demo web chat's channel id and a sector's id, as the editor's options list them. */
export async function flowOptions(api: APIRequestContext) {
  const r = await api.get('/api/chatbot/options');
  expect(r.ok(), await r.text()).toBe(true);
  return (await r.json()) as {
    channels: { channel_type: string; channel_id: number; name: string }[];
    sectors: { id: number; name: string }[];
  };
}
