import type { TCardPage } from '@prosa/shared/attendance';
import { describe, expect, it } from 'vitest';
import { card } from '../features/attendance/test-fixtures';
import { dropCard, replaceCard } from './attendance-cache';

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
