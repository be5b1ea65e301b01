import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  PASSWORD,
} from '../../../test/helpers/test-app';
import { startPowerBiPeer } from '../../../test/peers/powerbi-peer';
import { companies } from '../../db/schema/companies';
import { users } from '../../db/schema/users';
import { hashPassword } from '../../platform/crypto';

// The world of the BI int tests: a database with the demo data, a platform owner and a manager of the other company,
// the installation set up for Metabase and for a local Power BI (test/peers/powerbi-peer.ts), everyone logged in.

export const METABASE_URL = 'https://metabase.prosa.test';
export const METABASE_KEY = 'c0ffee'.repeat(10);
export const LORD = 'dono@prosa.dev';
export const OTHER_MANAGER = 'gestor@outraempresa.com.br';

export async function startBiWorld() {
  const peer = await startPowerBiPeer();
  const ctx = await createTestContext({
    queue: false,
    inbox: false,
    env: {
      METABASE_SITE_URL: METABASE_URL,
      METABASE_SECRET_KEY: METABASE_KEY,
      POWERBI_API_URL: peer.url,
      POWERBI_AUTHORITY_URL: peer.url,
      POWERBI_TENANT_ID: peer.tenantId,
      POWERBI_CLIENT_ID: peer.clientId,
      POWERBI_CLIENT_SECRET: peer.clientSecret,
      POWERBI_WORKSPACE_ID: peer.workspaceId,
    },
  });
  const http = api(ctx);
  const rows = await ctx.db.select({ id: companies.id, name: companies.name }).from(companies);
  const demoId = rows.find((r) => r.name === 'Empresa Demo')?.id ?? 0;
  const otherId = rows.find((r) => r.name === 'Outra Empresa')?.id ?? 0;
  const passwordHash = await hashPassword(PASSWORD);
  await ctx.db.insert(users).values([
    {
      companyId: demoId,
      name: 'Dono da Plataforma',
      displayName: 'Dono',
      email: LORD,
      role: 1000,
      passwordHash,
    },
    {
      companyId: otherId,
      name: 'Otto Gestor',
      displayName: 'Otto',
      email: OTHER_MANAGER,
      role: 1,
      passwordHash,
    },
  ]);
  const cookies: Record<string, string> = {};
  for (const e of [ADMIN, MANAGER, OPERATOR, OTHER_ADMIN, LORD, OTHER_MANAGER])
    cookies[e] = await http.login(e);
  const c = (email: string) => cookies[email] as string;
  return {
    ctx,
    http,
    peer,
    demoId,
    otherId,
    c,
    create: (email: string, body: Record<string, unknown>) =>
      http.post('/api/bi-reports', { cookie: c(email), body }),
    embed: (email: string, id: number, query = '') =>
      http.get(`/api/bi-reports/${id}/embed${query}`, { cookie: c(email) }),
    async close() {
      await ctx.close();
      await peer.close();
    },
  };
}

export type BiWorld = Awaited<ReturnType<typeof startBiWorld>>;
