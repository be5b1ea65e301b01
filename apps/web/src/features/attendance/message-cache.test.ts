import { describe, expect, it } from 'vitest';
import { mergeMessage, messagesOldestFirst, type TMessagePages } from './message-cache';
import { message } from './test-fixtures';

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
