import { createServer, type Server } from 'node:http';
import type { GraphApiPeer } from '../../apps/server/test/peers/graph-api/peer';

/** Where the e2e server looks for the Graph API and the login dialog (playwright.config.ts: E2E_PORT + 41000). */
export const GRAPH_PORT = Number(process.env.E2E_PORT ?? 3100) + 41_000;

/** The Meta app the e2e server was started with (playwright.config.ts webServer env). */
export const META_APP = { id: 'e2e-app', secret: 'e2e-segredo-do-app', verifyToken: 'e2e-verifica' } as const;

/** GET /{v}/me as Meta answers it: the person a user token belongs to. */
function answerMe(peer: GraphApiPeer, token: string | null) {
  return token && peer.state.userTokens.has(token)
    ? { status: 200, body: { id: peer.state.user.id, name: peer.state.user.name } }
    : {
        status: 400,
        body: { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } },
      };
}

/**
 * An HTTP front on the fixed port the e2e server knows, passing everything to the fake Graph API (which listens on
 * a port of its own), its address in answers (paging.next) rewritten to the front's. It also answers what the peer
 * lacks yet: the versioned login dialog (facebook.com serves /{v}/dialog/oauth too; the peer only /dialog/oauth)
 * and GET /{v}/me.
 */
export async function relayGraph(peer: GraphApiPeer): Promise<Server> {
  const self = `http://127.0.0.1:${GRAPH_PORT}`;
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', peer.url);
      if (url.pathname === `/${peer.version}/me`) {
        const auth = req.headers.authorization;
        const me = answerMe(
          peer,
          auth?.startsWith('Bearer ') ? auth.slice(7) : url.searchParams.get('access_token'),
        );
        res.writeHead(me.status, { 'content-type': 'application/json' });
        return res.end(JSON.stringify(me.body));
      }
      const path = url.pathname === `/${peer.version}/dialog/oauth` ? '/dialog/oauth' : url.pathname;
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const answer = await fetch(`${peer.url}${path}${url.search}`, {
        method: req.method,
        headers: Object.fromEntries(
          Object.entries(req.headers).filter(
            (e): e is [string, string] => typeof e[1] === 'string' && e[0] !== 'host',
          ),
        ),
        body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
        redirect: 'manual',
      });
      const body = Buffer.from(await answer.arrayBuffer());
      const text = /json|html|text/.test(answer.headers.get('content-type') ?? '')
        ? Buffer.from(body.toString('utf8').replaceAll(peer.url, self))
        : body;
      const headers: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (!['content-length', 'content-encoding', 'transfer-encoding'].includes(name))
          headers[name] = value;
      });
      res.writeHead(answer.status, headers);
      res.end(text);
    })().catch(() => {
      res.writeHead(502);
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(GRAPH_PORT, '127.0.0.1', () => resolve());
  });
  return server;
}
