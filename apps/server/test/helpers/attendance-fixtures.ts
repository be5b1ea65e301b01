import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { companies } from '../../src/db/schema/companies';
import { sectors, statuses } from '../../src/db/schema/organization';
import { users } from '../../src/db/schema/users';
import { api, type TestContext } from './test-app';

export const DEMO_CODE = 'demo-empresa';

/** A web chat visitor of the demo company, talking through the public widget API. */
export async function newVisitor(ctx: TestContext, name: string, code = DEMO_CODE) {
  const http = api(ctx);
  const r = await http.post(`/api/webchat/${code}/visitors`, { body: { form: { nome: name } } });
  if (r.status !== 200) throw new Error(`visitante: ${r.status} ${JSON.stringify(r.body)}`);
  const token = r.body.token as string;
  return {
    token,
    visitorId: r.body.visitor_id as string,
    async send(text: string, clientId = randomBytes(8).toString('hex')) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/webchat/visitor/messages',
        headers: { 'x-visitor-token': token },
        payload: { text, client_id: clientId },
      });
      return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
    },
    async state() {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/webchat/visitor/state',
        headers: { 'x-visitor-token': token },
      });
      return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
    },
  };
}

export async function demoIds(ctx: TestContext) {
  const [demo] = await ctx.db.select().from(companies).where(eq(companies.name, 'Empresa Demo'));
  const companyId = demo?.id ?? 0;
  const sectorRows = await ctx.db.select().from(sectors).where(eq(sectors.companyId, companyId));
  const statusRows = await ctx.db.select().from(statuses).where(eq(statuses.companyId, companyId));
  const userRows = await ctx.db.select().from(users).where(eq(users.companyId, companyId));
  const sector = (name: string) => sectorRows.find((s) => s.name === name)?.id ?? 0;
  const status = (name: string) => statusRows.find((s) => s.name === name)?.id ?? 0;
  const user = (email: string) => userRows.find((u) => u.email === email)?.id ?? 0;
  return { companyId, sector, status, user };
}

export async function setTriage(
  ctx: TestContext,
  companyId: number,
  triage: 'BASIC' | 'OPERATOR' | 'MANAGER',
  autoDist = false,
) {
  const [row] = await ctx.db.select().from(companies).where(eq(companies.id, companyId));
  await ctx.db
    .update(companies)
    .set({ metadata: { ...(row?.metadata ?? {}), triage, auto_dist: { on: autoDist } } })
    .where(eq(companies.id, companyId));
}

export async function setAllow(ctx: TestContext, companyId: number, allow: Record<string, boolean>) {
  const [row] = await ctx.db.select().from(companies).where(eq(companies.id, companyId));
  const meta = (row?.metadata ?? {}) as Record<string, unknown>;
  await ctx.db
    .update(companies)
    .set({ metadata: { ...meta, allow: { ...((meta.allow as object) ?? {}), ...allow } } })
    .where(eq(companies.id, companyId));
}
