import type { GraphErrorSpec } from './http';

// What the Graph API peer knows and records: the app, the person who logs in, their pages (with Instagram
// accounts), the people who write to them, the tokens handed out, and every send, upload and subscription.

export type PeerPage = {
  id: string;
  name: string;
  accessToken: string;
  category?: string;
  instagram?: { id: string; username: string } | null;
};

export type PeerUser = {
  id: string;
  first_name?: string;
  last_name?: string;
  name?: string;
  username?: string;
  profile_pic?: string;
};

export type PeerSend = {
  /** The id in the path: a page id, an Instagram account id, or "me" resolved to the token's page. */
  sender: string;
  token: string | null;
  body: Record<string, unknown>;
  mid: string;
  at: number;
};

export type PeerUpload = {
  id: string;
  sender: string;
  type: string;
  mimeType: string;
  name: string;
  data: Buffer;
};

export type PeerOptions = {
  appId: string;
  appSecret: string;
  version: string;
  /** The next login dialogs end with error=access_denied. */
  denyLogin: boolean;
};

export type GraphPeerState = {
  options: PeerOptions;
  appId: string;
  appSecret: string;
  user: { id: string; name: string };
  pages: PeerPage[];
  people: Map<string, PeerUser>;
  dialogs: { scope: string; state: string; redirectUri: string }[];
  codes: Map<string, string>;
  userTokens: Set<string>;
  longLivedTokens: Set<string>;
  /** Page id → subscribed fields (absent: not subscribed). */
  subscriptions: Map<string, string[]>;
  sends: PeerSend[];
  uploads: PeerUpload[];
  /** Errors the next Send API calls answer, in order. */
  sendErrors: GraphErrorSpec[];
  files: Map<string, { data: Buffer; mimeType: string }>;
};

/** The page a page token belongs to. */
export const pageOfToken = (s: GraphPeerState, token: string | null) =>
  token ? (s.pages.find((p) => p.accessToken === token) ?? null) : null;
