import type { TCardPage } from '@prosa/shared/attendance';
import { describe, expect, it } from 'vitest';
import {
  dropCard,
  mergeMessage,
  messagesOldestFirst,
  replaceCard,
  type TMessagePages,
} from './message-cache';
import { card, message } from './test-fixtures';

const pages = (...lists: number[][]): TMessagePages => ({
  pages: lists.map((ids, i) => ({ items: ids.map((id) => message({ id })), has_more: i < lists.length - 1 })),
  pageParams: lists.map((_, i) => (i === 0 ? undefined : i)),
});
const ids = (data: TMessagePages | undefined) => messagesOldestFirst(data).map((m) => m.id);

describe('messagesOldestFirst', () => {
  it('flattens newest-first pages into screen order', () => {
    expect(ids(pages([6, 5, 4], [3, 2, 1]))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ids(undefined)).toEqual([]);
  });
});

describe('mergeMessage', () => {
  it('appends a new message as the newest', () => {
    expect(ids(mergeMessage(pages([6, 5], [4, 3]), message({ id: 7 })))).toEqual([3, 4, 5, 6, 7]);
  });

  it('replaces a known message where it is (delivery update) without duplicating it', () => {
    const merged = mergeMessage(pages([6, 5], [4, 3]), message({ id: 4, delivery: 'read' }));
    expect(ids(merged)).toEqual([3, 4, 5, 6]);
    expect(merged?.pages[1]?.items.find((m) => m.id === 4)?.delivery).toBe('read');
  });

  it('keeps id order when an event arrives late', () => {
    expect(ids(mergeMessage(pages([8, 6]), message({ id: 7 })))).toEqual([6, 7, 8]);
  });

  it('fills the text of a quote from the loaded message it quotes', () => {
    const data = mergeMessage(pages([2, 1]), message({ id: 1, text: 'Qual o prazo?' }));
    const reply = message({
      id: 3,
      sender_type: 1,
      quoted_message: { message_id: 'm1', text: '', sender_type: 0, expired: false },
    });
    const merged = mergeMessage(data, reply);
    expect(merged?.pages[0]?.items[0]?.quoted_message?.text).toBe('Qual o prazo?');
    // A later update with an empty quote keeps the text already known.
    const updated = mergeMessage(merged, { ...reply, delivery: 'delivered' });
    expect(updated?.pages[0]?.items[0]?.quoted_message?.text).toBe('Qual o prazo?');
  });

  it('does nothing while the conversation is not loaded', () => {
    expect(mergeMessage(undefined, message({ id: 1 }))).toBeUndefined();
  });
});

describe('replaceCard and dropCard', () => {
  const page: TCardPage = {
    items: [card({ id: 1 }), card({ id: 2 })],
    total: 2,
    page: 1,
    per_page: 100,
    counters: {
      all: 2,
      unread_interaction: 0,
      unread_no_interaction: 0,
      read: 2,
      auto: 0,
      scheduled: 0,
      busy_client_interaction: 0,
      out_of_sla_interaction: 0,
      webchat_offline: 0,
      locked: 0,
    },
  };

  it('updates a listed card and ignores others', () => {
    expect(replaceCard(page, card({ id: 2, name: 'João' }))?.items[1]?.name).toBe('João');
    expect(replaceCard(page, card({ id: 3 }))).toBe(page);
  });

  it('removes a listed card', () => {
    const dropped = dropCard(page, 1);
    expect(dropped?.items.map((c) => c.id)).toEqual([2]);
    expect(dropped?.total).toBe(1);
    expect(dropCard(page, 9)).toBe(page);
  });
});
