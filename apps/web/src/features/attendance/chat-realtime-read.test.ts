import type { TCardPage } from '@prosa/shared/attendance';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openAttendance } from '../../lib/attendance-cache';
import { queryKeys } from '../../lib/query-keys';
import { createChatRealtime } from './chat-realtime';
import { card, message } from './test-fixtures';

const api = vi.hoisted(() => ({ markViewed: vi.fn() }));
vi.mock('./api', () => ({ chatApi: api }));
vi.mock('../../lib/toast', () => ({ toast: { info: vi.fn(), warning: vi.fn() } }));

const LIST_KEY = [...queryKeys.attendanceLists, 'filter=all&page=1'];
const list = (unread: number): TCardPage => ({
  items: [card({ id: 1, unread_count: unread }), card({ id: 2, unread_count: unread })],
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
});

describe('messages that arrive while the conversation is open', () => {
  let client: QueryClient;
  beforeEach(() => {
    vi.useFakeTimers();
    client = new QueryClient();
    client.setQueryData(LIST_KEY, list(0));
    openAttendance.close();
    api.markViewed.mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
    openAttendance.close();
  });

  it('are read at once (one call per burst): the card keeps no unread counter for what she saw', async () => {
    api.markViewed.mockResolvedValue({ card: card({ id: 1, unread_count: 0 }) });
    const chat = createChatRealtime(client);
    openAttendance.open(1);
    chat.upsert(card({ id: 1, unread_count: 2 }));
    chat.created({ attendance_id: 1, message: message({ id: 5 }) });
    chat.created({ attendance_id: 1, message: message({ id: 6 }) });
    expect(client.getQueryData<TCardPage>(LIST_KEY)?.items[0]?.unread_count).toBe(2);
    await vi.advanceTimersByTimeAsync(300);
    expect(api.markViewed).toHaveBeenCalledTimes(1);
    expect(api.markViewed).toHaveBeenCalledWith(1);
    expect(client.getQueryData<TCardPage>(LIST_KEY)?.items[0]?.unread_count).toBe(0);
    chat.dispose();
  });

  it('are not read for another attendance, nor for the operator side, nor when they arrive after closing', async () => {
    const chat = createChatRealtime(client);
    openAttendance.open(1);
    chat.created({ attendance_id: 2, message: message({ id: 7 }) });
    chat.created({ attendance_id: 1, message: message({ id: 8, sender_type: 1 }) });
    openAttendance.close();
    chat.created({ attendance_id: 1, message: message({ id: 9 }) });
    await vi.advanceTimersByTimeAsync(1000);
    expect(api.markViewed).not.toHaveBeenCalled();
    chat.dispose();
  });

  it('are read when she closes the conversation right after they arrived', async () => {
    api.markViewed.mockResolvedValue({ card: card({ id: 1, unread_count: 0 }) });
    const chat = createChatRealtime(client);
    openAttendance.open(1);
    chat.created({ attendance_id: 1, message: message({ id: 10 }) });
    openAttendance.close();
    await vi.advanceTimersByTimeAsync(300);
    expect(api.markViewed).toHaveBeenCalledWith(1);
    chat.dispose();
  });
});
