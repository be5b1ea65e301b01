import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { embeddedSignupRoute, type PeerWaba } from './embedded-signup';
import { graphRoute } from './graph';
import type { GraphErrorSpec } from './http';
import { readBody, sendGraphError } from './http';
import { accessToken, dialogAnswer, dialogPage } from './oauth';
import type { GraphPeerState, PeerPage, PeerSend, PeerUpload, PeerUser } from './state';
import { deliverWebhooks, postWebhook, type WebhookEvent } from './webhooks';

// A local Graph API on loopback for Messenger and Instagram, speaking Meta's shapes: Facebook Login (the dialog
// and the token exchanges), /me/accounts paged, a page's Instagram account, subscribed_apps, the Send API with
// its error objects, message_attachments, user profiles and the files it hosts. Its client side sends the app's
// webhooks signed with the app secret. Everything it received is kept for assertions.

export type GraphApiPeer = {
  /** Base URL (FACEBOOK_GRAPH_URL and FACEBOOK_DIALOG_URL). */
  url: string;
  version: string;
  appId: string;
  appSecret: string;
  state: GraphPeerState;
  pages: PeerPage[];
  sends: PeerSend[];
  uploads: PeerUpload[];
  subscriptions: Map<string, string[]>;
  dialogs: GraphPeerState['dialogs'];
  /** WhatsApp Business accounts the embedded signup (v21.0) shares, with their numbers. */
  wabas: PeerWaba[];
  /** The next login dialogs end with error=access_denied (or not). */
  denyLogin(deny?: boolean): void;
  /** The next Send API calls answer these Graph errors, in order. */
  failNextSends(...errors: GraphErrorSpec[]): void;
  addPage(page: PeerPage): PeerPage;
  addPerson(person: PeerUser): void;
  /** Serves bytes at a URL of the peer (an attachment's payload.url). */
  hostFile(data: Buffer, mimeType: string, name: string): string;
  /** POSTs events to the app's webhook, signed with the app secret. */
  deliver(
    webhookUrl: string,
    object: 'page' | 'instagram',
    events: WebhookEvent[],
    opts?: { batch?: number; duplicate?: boolean; reorder?: boolean },
  ): Promise<number[]>;
  /** POSTs a body as is with the signature given (or the right one). */
  post(webhookUrl: string, body: unknown, signature?: string): Promise<{ status: number; text: string }>;
  stop(): Promise<void>;
};

export async function startGraphApiPeer(
  opts: {
    appId?: string;
    appSecret?: string;
    version?: string;
    user?: { id: string; name: string };
    pages?: PeerPage[];
    people?: PeerUser[];
    wabas?: PeerWaba[];
    /** A fixed port (the browser tests' server is started knowing it); a free one otherwise. */
    port?: number;
  } = {},
): Promise<GraphApiPeer> {
  const version = opts.version ?? 'v19.0';
  const appId = opts.appId ?? '1234567890';
  const appSecret = opts.appSecret ?? `app-secret-${randomBytes(8).toString('hex')}`;
  const s: GraphPeerState = {
    options: { appId, appSecret, version, denyLogin: false },
    appId,
    appSecret,
    user: opts.user ?? { id: '10001', name: 'Maria Administradora' },
    pages: [...(opts.pages ?? [])],
    people: new Map((opts.people ?? []).map((p) => [p.id, p])),
    dialogs: [],
    codes: new Map(),
    userTokens: new Set(),
    longLivedTokens: new Set(),
    subscriptions: new Map(),
    sends: [],
    uploads: [],
    sendErrors: [],
    files: new Map(),
  };
  const wabas = [...(opts.wabas ?? [])];
  let base = '';
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', base);
      const raw = await readBody(req);
      // facebook.com serves the login dialog with and without the version in front.
      if (url.pathname === '/dialog/oauth' || url.pathname === `/${version}/dialog/oauth`)
        return dialogPage(s, url, res);
      if (url.pathname === '/dialog/oauth/confirm') return dialogAnswer(s, url, res);
      if (url.pathname.startsWith('/files/')) {
        const file = s.files.get(url.pathname.slice(7));
        if (!file) {
          res.writeHead(404);
          return res.end();
        }
        res.writeHead(200, { 'content-type': file.mimeType, 'content-length': file.data.length });
        return res.end(file.data);
      }
      if (embeddedSignupRoute(s, wabas, req, url, res)) return;
      const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
      if (parts[0] !== version)
        return sendGraphError(res, { code: 2635, message: `(#2635) Versão desconhecida: ${parts[0] ?? ''}` });
      if (parts[1] === 'oauth' && parts[2] === 'access_token') return accessToken(s, url, res);
      await graphRoute(s, base, req, url, parts.slice(1), raw, res);
    })().catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: String(err), type: 'PeerError', code: 1 } }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    version,
    appId,
    appSecret,
    state: s,
    pages: s.pages,
    sends: s.sends,
    uploads: s.uploads,
    subscriptions: s.subscriptions,
    dialogs: s.dialogs,
    wabas,
    denyLogin: (deny = true) => {
      s.options.denyLogin = deny;
    },
    failNextSends: (...errors) => {
      s.sendErrors.push(...errors);
    },
    addPage: (page) => {
      s.pages.push(page);
      return page;
    },
    addPerson: (person) => {
      s.people.set(person.id, person);
    },
    hostFile: (data, mimeType, name) => {
      const key = `${randomBytes(6).toString('hex')}/${encodeURIComponent(name)}`;
      s.files.set(key, { data, mimeType });
      return `${base}/files/${key}`;
    },
    deliver: (webhookUrl, object, events, o = {}) =>
      deliverWebhooks(webhookUrl, object, events, { ...o, secret: appSecret }),
    post: (webhookUrl, body, signature) =>
      postWebhook(webhookUrl, body, { secret: appSecret, ...(signature !== undefined ? { signature } : {}) }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
