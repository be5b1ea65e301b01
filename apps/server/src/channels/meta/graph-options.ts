// Where the Graph API is and which Meta app signs the webhooks (FACEBOOK_GRAPH_URL, FACEBOOK_GRAPH_VERSION,
// FACEBOOK_APP_SECRET, FACEBOOK_VERIFY_TOKEN). One Meta app serves every page, so these are the platform's, not
// a channel's: the process's environment gives the defaults, and the app's validated config sets them at start
// (configureMetaGraph), which is also how a test points the adapters at its Graph API peer.

export type MetaGraphOptions = {
  /** e.g. https://graph.facebook.com (no version). */
  graphUrl: string;
  /** e.g. v19.0 (spec 2 §9). */
  version: string;
  /** Signs the webhooks (X-Hub-Signature-256); empty: every webhook is refused. */
  appSecret: string;
  /** The hub.verify_token of the verification GET; empty: refused. */
  verifyToken: string;
};

let current: MetaGraphOptions = {
  graphUrl: process.env.FACEBOOK_GRAPH_URL ?? 'https://graph.facebook.com',
  version: process.env.FACEBOOK_GRAPH_VERSION ?? 'v19.0',
  appSecret: process.env.FACEBOOK_APP_SECRET ?? '',
  verifyToken: process.env.FACEBOOK_VERIFY_TOKEN ?? '',
};

/** Sets the options given (undefined keeps the current value). */
export function configureMetaGraph(opts: Partial<Record<keyof MetaGraphOptions, string | undefined>>): void {
  current = {
    graphUrl: opts.graphUrl ?? current.graphUrl,
    version: opts.version ?? current.version,
    appSecret: opts.appSecret ?? current.appSecret,
    verifyToken: opts.verifyToken ?? current.verifyToken,
  };
}

export function metaGraphOptions(): Readonly<MetaGraphOptions> {
  return current;
}

/** The versioned base of Graph calls: https://graph.facebook.com/v19.0 */
export function graphBase(o: MetaGraphOptions = current): string {
  return `${o.graphUrl.replace(/\/+$/, '')}/${o.version}`;
}
