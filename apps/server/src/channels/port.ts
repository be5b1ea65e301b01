import type { TStoredAttachment } from '@prosa/shared/attachments';
import type { TChannelCapabilities } from '@prosa/shared/channel-capabilities';
import type { TChannelKind } from '@prosa/shared/channels';
import type { z } from '@prosa/shared/zod';
import type { Db } from '../platform/db';
import type { OutboundGuard } from '../platform/outbound-url';
import type { Storage } from '../platform/storage/storage';
import { type MetaConfig, type MetaGraphOptions, metaGraphOptions } from './meta/graph-options';

// The channel port (ARCHITECTURE: Channels; plan 0005 §2): one adapter per kind declares what the kind can do,
// how its channel's config looks, how its provider's events come in and how a message goes out. The core reads
// capabilities and calls these methods; it never tests a kind.

/**
 * What an adapter may use: the database, the file storage, the outbound-URL guard, the app secret, the Meta
 * app's settings (one app for every page, so the platform's, not a channel's), a log.
 */
export type ChannelCtx = {
  db: Db;
  storage: Storage;
  outbound: OutboundGuard;
  appSecret: string;
  meta: MetaGraphOptions;
  /** Telegram's Bot API base (TELEGRAM_API_URL), e.g. https://api.telegram.org. */
  telegramApiUrl: string;
  /** The product's public address (PUBLIC_URL), where providers call our webhooks; null when not set. */
  publicUrl: string | null;
  log: (message: string, err?: unknown) => void;
};

/** What a ChannelCtx is made of: the app's infrastructure and its loaded config. */
export type ChannelInfra = Pick<ChannelCtx, 'db' | 'storage' | 'outbound' | 'appSecret'> & {
  config: MetaConfig & { TELEGRAM_API_URL?: string; PUBLIC_URL?: string };
};

/** The infrastructure of the app, as a ChannelCtx (the Meta settings read from the loaded config). */
export function channelCtx(deps: ChannelInfra, extra: Partial<Pick<ChannelCtx, 'log'>> = {}): ChannelCtx {
  return {
    db: deps.db,
    storage: deps.storage,
    outbound: deps.outbound,
    appSecret: deps.appSecret,
    meta: metaGraphOptions(deps.config),
    telegramApiUrl: deps.config.TELEGRAM_API_URL ?? 'https://api.telegram.org',
    publicUrl: deps.config.PUBLIC_URL ?? null,
    log: extra.log ?? (() => {}),
  };
}

/** A channel row ready for its adapter: the config parsed by the kind's schema, the secrets unsealed. */
export type OpenChannel<C = unknown> = {
  companyId: number;
  id: number;
  kind: TChannelKind;
  name: string;
  defaultSectorId: number;
  active: boolean;
  /** What the provider or the public page names the channel by (a phone_number_id, a web chat's code). */
  routeKey: string;
  /** Sends per second; null: the kind's default. */
  ratePerSecond: number | null;
  config: C;
  secrets: Readonly<Record<string, string>>;
  /** Removed channels are loaded too: each caller decides what a removed channel may still do. */
  deletedAt: Date | null;
};

/** A provider's HTTP call to us, as the webhook route received it. */
export type InboundRequest = {
  /** The channel id of the path (/api/webhooks/:kind/:channelId), when it has one. */
  channelId: number | null;
  query: Readonly<Record<string, string | undefined>>;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  rawBody: Buffer;
};

/** How an adapter finds the channel a request is for. */
export type ChannelFinder = { byId(id: number): Promise<OpenChannel | null> };

export type InboundContact = {
  externalId: string;
  name: string;
  data?: Record<string, unknown>;
  /** What an attendance this message opens records beyond the contact's data (an e-mail's from, to, cc, subject). */
  attendanceData?: Record<string, unknown>;
  /** The sector an attendance this message opens goes to (a channel's routing rule); absent: the channel's. */
  sectorId?: number;
};

/** A file of an inbound message, still at the provider: fetched after parsing, outside any transaction. */
export type MediaRef = {
  /** The provider's id of the file. */
  id: string;
  /** The provider's kind of message (image, audio, document, sticker, …). */
  type: string;
  mimeType: string | null;
  fileName: string | null;
};

export type FetchedMedia = { data: Buffer; mimeType: string };

/** A message as every channel delivers it to the conversation core. */
export type InboundMessage = {
  externalId: string;
  text: string;
  sentAt: Date;
  /** Files already stored (ours: the web chat's uploads). */
  attachments?: unknown[];
  /** Files still at the provider. */
  media?: MediaRef[];
  metadata?: Record<string, unknown>;
  /**
   * Kinds that thread (e-mail): the conversation within the contact this message belongs to (the thread's root
   * Message-ID). One open attendance per contact and thread; absent: the contact's one conversation.
   */
  threadKey?: string;
};

export type InboundReaction = {
  externalId: string;
  /** The contact who reacted. */
  from: string;
  /** The provider's id of the message reacted to. */
  targetExternalId: string;
  /** null: the reaction was removed. */
  emoji: string | null;
  /** Where it came among the messages of the parse (just before messages[before]); absent: after them all. */
  before?: number;
  /** What to show in its place as a message when the message reacted to is not stored. */
  fallback?: InboundMessage;
};

export type DeliveryStatus = {
  externalId: string;
  state: 'sent' | 'delivered' | 'read' | 'error';
  at: Date;
  error?: string;
  recipient?: string;
  /** The reference we sent with the message (OutboundSend.reference), when the provider echoes it. */
  reference?: string;
};

export type InboundParse = {
  contact: InboundContact | null;
  messages: InboundMessage[];
  statuses: DeliveryStatus[];
  reactions: InboundReaction[];
};

/** An approved template (WhatsApp's HSM): its name, language and the values of its parts. */
export type TemplatePayload = {
  name: string;
  language: { code: string };
  components?: {
    type: 'header' | 'body' | 'button';
    parameters: Record<string, unknown>[];
    sub_type?: string;
    index?: string;
  }[];
};

/** One outgoing message for the provider. */
export type OutboundSend = {
  /** Our id of the message (messages.id). */
  messageId: number;
  to: { externalId: string; data: Readonly<Record<string, unknown>> };
  text: string;
  subject?: string;
  html?: string;
  /** The provider's id of the message this one answers. */
  replyTo?: string;
  /**
   * Our reference for the provider to echo in its statuses (the Cloud API's biz_opaque_callback_data, a broker's
   * correlation id): a campaign recipient's, so a status names it even when the send's answer was never recorded.
   */
  reference?: string;
  template?: TemplatePayload;
  media: TStoredAttachment[];
  /**
   * How many parts of this message (a file, the text) the provider accepted in earlier attempts: they are not
   * sent again. Attempts of a message in several parts resume where the last one stopped.
   */
  partsSent?: number;
};

export type SendResult =
  | { state: 'sent'; providerMessageId?: string }
  /** The provider answered that it cannot take it now (429, 5xx): nothing of this part was accepted. */
  | { state: 'retry'; error: string; retryAfterMs: number | null; partsSent?: number }
  /** Refused, or no answer (unknownOutcome: it may have been accepted, so it is never sent again). */
  | { state: 'error'; error: string; unknownOutcome?: boolean };

export type TConnection = {
  state: 'none' | 'starting' | 'connected' | 'disconnected' | 'error';
  since: Date | null;
  error: string | null;
};

/** One channel kind: what it can do, its config, and how messages come in and go out. */
export interface ChannelAdapter<C = unknown> {
  kind: TChannelKind;
  capabilities: TChannelCapabilities;
  config: z.ZodType<C>;
  inbound?: {
    /** A provider's verification GET (Meta's hub.challenge): the text to answer, or null (403). */
    challenge?(ch: OpenChannel<C>, query: InboundRequest['query']): string | null;
    /** The channel a request is for: by the id of the path or by what the payload names. */
    resolve(req: InboundRequest, find: ChannelFinder): Promise<OpenChannel<C> | null>;
    /** Whether the request comes from the provider (signature, token). */
    verify(ch: OpenChannel<C>, req: InboundRequest): boolean;
    /** One piece per contact (the ordering key), so each contact's events are processed in order. */
    split(payload: unknown): { orderingKey: string; payload: unknown }[];
    /** What a piece says, without I/O; files stay at the provider as references. */
    parse(ch: OpenChannel<C>, payload: unknown): InboundParse;
    fetchMedia?(ctx: ChannelCtx, ch: OpenChannel<C>, ref: MediaRef): Promise<FetchedMedia>;
  };
  /** One attempt: each provider call at most once; the caller decides when to try again. */
  send(ctx: ChannelCtx, ch: OpenChannel<C>, m: OutboundSend): Promise<SendResult>;
  /**
   * Whether the channel can take a reply now (spec 1 §7: a WhatsApp web channel can send a reply): a refusal text
   * when nothing could leave until a person acts (a number stopped or waiting for its QR), else null. A channel
   * that is only reconnecting is ready: its messages leave when it is back.
   */
  readiness?(ctx: ChannelCtx, ch: OpenChannel<C>): Promise<string | null>;
  connection?: {
    start(ctx: ChannelCtx, ch: OpenChannel<C>): Promise<void>;
    stop(ctx: ChannelCtx, ch: OpenChannel<C>): Promise<void>;
    status(ctx: ChannelCtx, ch: OpenChannel<C>): Promise<TConnection>;
  };
  provision?: {
    onCreate?(ctx: ChannelCtx, ch: OpenChannel<C>): Promise<Partial<C>>;
    onDelete?(ctx: ChannelCtx, ch: OpenChannel<C>): Promise<void>;
  };
}
