import type { TMessage } from '@prosa/shared/attendance';
import type { TChannelKind } from '@prosa/shared/channels';

/** A message as every channel delivers it to the conversation core. */
export type InboundMessage = {
  externalId: string;
  text: string;
  sentAt: Date;
  attachments?: unknown[];
  metadata?: Record<string, unknown>;
};

export type InboundContact = { externalId: string; name: string; data?: Record<string, unknown> };

export type DeliveryStatus = {
  externalId: string;
  state: 'sent' | 'delivered' | 'read' | 'error';
  at: Date;
  error?: string;
};

export type OutboundMessage = {
  companyId: number;
  channelId: number;
  contactExternalId: string;
  contactData: Record<string, unknown>;
  text: string;
  attachments: unknown[];
  messageId: string;
  /** The message as stored and shown in the chat. */
  stored: TMessage;
};

export type SendResult = { state: 'sent' | 'delivered' | 'error'; externalId?: string; error?: string };

/**
 * One adapter per channel kind (ARCHITECTURE: Channels): verify and parse an inbound event, send a normalized
 * outbound message, report its limits. The conversation core never branches on the kind except through this.
 */
export type ChannelAdapter = {
  kind: TChannelKind;
  limits: { textMaxLength: number | null; mediaTypes: string[]; maxMediaBytes: number };
  parseInbound?: (input: {
    headers: Record<string, string | string[] | undefined>;
    body: unknown;
    rawBody?: Buffer;
  }) => {
    contact: InboundContact | null;
    messages: InboundMessage[];
    statuses: DeliveryStatus[];
  };
  send: (message: OutboundMessage) => Promise<SendResult>;
};
