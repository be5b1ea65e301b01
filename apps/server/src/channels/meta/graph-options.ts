import type { Config } from '../../platform/config';

// Where the Graph API is and which Meta app signs the webhooks (FACEBOOK_GRAPH_URL, FACEBOOK_GRAPH_VERSION,
// FACEBOOK_APP_SECRET, FACEBOOK_VERIFY_TOKEN). One Meta app serves every page, so these are the platform's, not
// a channel's: they come from the app's loaded config, passed in (ChannelCtx.meta, the webhook routes), for every
// role of a node alike — which is also how a test points the adapters at its Graph API peer.

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

export type MetaConfig = Pick<
  Config,
  'FACEBOOK_GRAPH_URL' | 'FACEBOOK_GRAPH_VERSION' | 'FACEBOOK_APP_SECRET' | 'FACEBOOK_VERIFY_TOKEN'
>;

/** The Meta settings of the loaded config. */
export function metaGraphOptions(config: MetaConfig): MetaGraphOptions {
  return {
    graphUrl: config.FACEBOOK_GRAPH_URL,
    version: config.FACEBOOK_GRAPH_VERSION,
    appSecret: config.FACEBOOK_APP_SECRET ?? '',
    verifyToken: config.FACEBOOK_VERIFY_TOKEN ?? '',
  };
}

/** The versioned base of Graph calls: https://graph.facebook.com/v19.0 */
export function graphBase(o: MetaGraphOptions): string {
  return `${o.graphUrl.replace(/\/+$/, '')}/${o.version}`;
}
