import type { TChannelKind } from '@prosa/shared/channels';

/** One message of a sample conversation, `minutesAgo` before the seed runs. */
export type Line = {
  from: 'contact' | 'operator';
  text: string;
  minutesAgo: number;
  delivery?: 'sent' | 'delivered' | 'read';
  /** What the channel's parse keeps beside the text (a story reply's quotedStory, a button's postback). */
  metadata?: Record<string, unknown>;
};

/** A sample conversation: its contact on a channel, its sector and holder, finalized or waiting, its lines. */
export type Sample = {
  kind: TChannelKind;
  channelId: number;
  externalId: string;
  name: string;
  data: Record<string, unknown>;
  sector: string;
  operator: string | null;
  closed: { status: string; minutesAgo: number } | null;
  lines: Line[];
};
