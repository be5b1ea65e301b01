import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local Power BI on loopback, speaking the REST shape of "embed for your customers": the Azure AD token endpoint
// ({authority}/{tenant}/oauth2/v2.0/token, client credentials), Reports - Get Report In Group
// (GET {api}/v1.0/myorg/groups/{group}/reports/{report}) and Embed Token - Generate Token
// (POST {api}/v1.0/myorg/GenerateToken). One server answers both the authority and the API addresses.

export type PowerBiPeerReport = { id: string; name: string; datasetId: string };

export type PowerBiPeerCall = {
  method: string;
  path: string;
  authorization: string | null;
  /** Form fields (token endpoint) or the JSON body (GenerateToken). */
  body: unknown;
};

export type PowerBiPeer = {
  url: string;
  tenantId: string;
  clientId: string;
  clientSecret: string;
  workspaceId: string;
  /** Adds a report to the workspace. */
  addReport(o?: { id?: string; name?: string }): PowerBiPeerReport;
  /** How long the next embed tokens last (default one hour). */
  setEmbedTokenLifetime(ms: number): void;
  /** Every app token handed out is refused from now on (a rotated secret): the API answers 403. */
  revokeAppTokens(): void;
  /** The embed tokens handed out, with the reports they open. */
  embedTokens: { token: string; reports: string[]; expiration: string }[];
  calls: PowerBiPeerCall[];
  close(): Promise<void>;
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

const apiError = (code: string, message: string) => ({ error: { code, message } });

export type PowerBiPeerOptions = {
  port?: number;
  /** Fixed credentials and workspace (a browser test's server is set up before the peer starts). */
  tenantId?: string;
  clientId?: string;
  clientSecret?: string;
  workspaceId?: string;
  /** Where the reports' embedUrl points (default: the peer itself; a browser test: https://app.powerbi.com). */
  embedBase?: string;
};

export async function startPowerBiPeer(opts: PowerBiPeerOptions = {}): Promise<PowerBiPeer> {
  const tenantId = opts.tenantId ?? randomUUID();
  const clientId = opts.clientId ?? randomUUID();
  const clientSecret = opts.clientSecret ?? `segredo-${randomBytes(8).toString('hex')}`;
  const workspaceId = opts.workspaceId ?? randomUUID();
  const reports = new Map<string, PowerBiPeerReport>();
  const appTokens = new Set<string>();
  const embedTokens: PowerBiPeer['embedTokens'] = [];
  const calls: PowerBiPeerCall[] = [];
  let embedLifetimeMs = 3_600_000;
  let url = '';

  const authorized = (req: IncomingMessage) => {
    const h = req.headers.authorization ?? '';
    return h.startsWith('Bearer ') && appTokens.has(h.slice(7));
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://peer').pathname;
    const raw = await readBody(req);
    const isForm = (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
    let body: unknown = null;
    try {
      body = isForm ? Object.fromEntries(new URLSearchParams(raw)) : raw ? JSON.parse(raw) : null;
    } catch {
      return send(res, 400, apiError('BadRequest', 'JSON inválido'));
    }
    calls.push({ method: req.method ?? '', path, authorization: req.headers.authorization ?? null, body });

    if (req.method === 'POST' && path === `/${tenantId}/oauth2/v2.0/token`) {
      const f = (body ?? {}) as Record<string, string>;
      if (f.grant_type !== 'client_credentials')
        return send(res, 400, { error: 'unsupported_grant_type', error_description: 'AADSTS70003' });
      if (f.client_id !== clientId || f.client_secret !== clientSecret)
        return send(res, 401, {
          error: 'invalid_client',
          error_description: 'AADSTS7000215: Invalid client secret',
        });
      if (f.scope !== 'https://analysis.windows.net/powerbi/api/.default')
        return send(res, 400, { error: 'invalid_scope', error_description: 'AADSTS70011' });
      const token = `app-${randomBytes(12).toString('hex')}`;
      appTokens.add(token);
      return send(res, 200, {
        token_type: 'Bearer',
        expires_in: 3599,
        ext_expires_in: 3599,
        access_token: token,
      });
    }
    if (path.endsWith('/oauth2/v2.0/token'))
      return send(res, 400, { error: 'invalid_tenant', error_description: 'AADSTS90002: Tenant not found' });

    const report = /^\/v1\.0\/myorg\/groups\/([^/]+)\/reports\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && report) {
      if (!authorized(req)) return send(res, 403, apiError('TokenExpired', 'Access token has expired'));
      const found = report[1] === workspaceId ? reports.get(decodeURIComponent(report[2] ?? '')) : undefined;
      if (!found) return send(res, 404, apiError('ItemNotFound', 'Report is not found'));
      return send(res, 200, {
        id: found.id,
        reportType: 'PowerBIReport',
        name: found.name,
        webUrl: `${url}/groups/${workspaceId}/reports/${found.id}`,
        embedUrl: `${opts.embedBase ?? url}/reportEmbed?reportId=${found.id}&groupId=${workspaceId}`,
        datasetId: found.datasetId,
      });
    }
    if (req.method === 'POST' && path === '/v1.0/myorg/GenerateToken') {
      if (!authorized(req)) return send(res, 403, apiError('TokenExpired', 'Access token has expired'));
      const b = (body ?? {}) as { reports?: { id?: string }[]; datasets?: { id?: string }[] };
      const ids = (b.reports ?? []).map((r) => r.id ?? '');
      const unknown = ids.length === 0 || ids.some((id) => !reports.has(id));
      const datasets = (b.datasets ?? []).map((d) => d.id ?? '');
      const datasetsOk = ids.every((id) => datasets.includes(reports.get(id)?.datasetId ?? '-'));
      if (unknown || !datasetsOk)
        return send(res, 400, apiError('InvalidRequest', 'Reports or datasets are not valid'));
      const token = `H4sI-${randomBytes(24).toString('base64url')}`;
      const expiration = new Date(Date.now() + embedLifetimeMs).toISOString();
      embedTokens.push({ token, reports: ids, expiration });
      return send(res, 200, { token, tokenId: randomUUID(), expiration });
    }
    return send(res, 404, apiError('NotFound', 'API not found'));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, apiError('InternalError', 'erro')));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    tenantId,
    clientId,
    clientSecret,
    workspaceId,
    addReport(o = {}) {
      const r = { id: o.id ?? randomUUID(), name: o.name ?? 'Relatório', datasetId: randomUUID() };
      reports.set(r.id, r);
      return r;
    },
    setEmbedTokenLifetime(ms) {
      embedLifetimeMs = ms;
    },
    revokeAppTokens() {
      appTokens.clear();
    },
    embedTokens,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
