import type { TCardPage } from '@prosa/shared/attendance';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openAttendance } from '../../lib/attendance-cache';
import { queryKeys } from '../../lib/query-keys';
import { createChatRealtime } from './chat-realtime';
import { messagesOldestFirst, type TMessagePages } from './message-cache';
import { card, message } from './test-fixtures';

const toast = vi.hoisted(() => ({ info: vi.fn(), warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../lib/toast', () => ({ toast }));

const LIST_KEY = [...queryKeys.attendanceLists, 'filter=all&page=1'];
const page = (ids: number[]): TCardPage => ({
  items: ids.map((id) => card({ id })),
  total: ids.length,
  page: 1,
  per_page: 100,
  counters: {
    all: ids.length,
    unread_interaction: 0,
    unread_no_interaction: 0,
    read: ids.length,
    auto: 0,
    scheduled: 0,
    busy_client_interaction: 0,
    out_of_sla_interaction: 0,
    webchat_offline: 0,
    locked: 0,
  },
});

// The open card is written after its in-flight fetch is cancelled, a few promise turns later.
async function flushPromises() {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

describe('createChatRealtime', () => {
  let client: QueryClient;

  beforeEach(() => {
    vi.useFakeTimers();
    client = new QueryClient();
    client.setQueryData(LIST_KEY, page([1, 2]));
    openAttendance.close();
    vi.clearAllMocks();
  });
  afterEach(() => {
    vi.useRealTimers();
    client.clear();
  });

  it('puts an updated card in the lists and the open card, then refreshes the lists once after 1 s', async () => {
    const chat = createChatRealtime(client);
    client.setQueryData(queryKeys.attendance(2), card({ id: 2 }));
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    chat.upsert(card({ id: 2, name: 'João', unread_count: 3 }));
    chat.upsert(card({ id: 5 }));
    await flushPromises();
    expect(client.getQueryData<TCardPage>(LIST_KEY)?.items[1]?.name).toBe('João');
    expect(client.getQueryData<ReturnType<typeof card>>(queryKeys.attendance(2))?.unread_count).toBe(3);
    // A card nobody opened gets no query of its own.
    expect(client.getQueryData(queryKeys.attendance(5))).toBeUndefined();
    vi.advanceTimersByTime(999);
    expect(invalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.attendanceLists });
    chat.dispose();
  });

  it('does not let an older fetch of the open card overwrite the pushed state', async () => {
    const chat = createChatRealtime(client);
    client.setQueryData(queryKeys.attendance(3), card({ id: 3 }));
    let answer: (value: ReturnType<typeof card>) => void = () => undefined;
    const stale = new Promise<ReturnType<typeof card>>((resolve) => {
      answer = resolve;
    });
    client.fetchQuery({ queryKey: queryKeys.attendance(3), queryFn: () => stale }).catch(() => undefined);
    chat.upsert(card({ id: 3, operator_assigned_name: 'Ana' }));
    await flushPromises();
    answer(card({ id: 3, operator_assigned_name: null }));
    await flushPromises();
    expect(
      client.getQueryData<ReturnType<typeof card>>(queryKeys.attendance(3))?.operator_assigned_name,
    ).toBe('Ana');
    chat.dispose();
  });

  it('closes the open conversation when its card is finalized elsewhere, with an info toast', () => {
    const chat = createChatRealtime(client);
    openAttendance.open(1);
    chat.removed({ id: 1, closed: true });
    expect(openAttendance.get()).toBeNull();
    expect(client.getQueryData<TCardPage>(LIST_KEY)?.items.map((c) => c.id)).toEqual([2]);
    expect(toast.info).toHaveBeenCalledWith('Atendimento já foi Finalizado!', expect.anything());
    chat.dispose();
  });

  it('warns that the attendance was transferred when it moved away', () => {
    const chat = createChatRealtime(client);
    openAttendance.open(2);
    chat.removed({ id: 2, closed: false });
    expect(openAttendance.get()).toBeNull();
    expect(toast.warning).toHaveBeenCalledWith(
      'Este atendimento foi transferido para outro operador.',
      expect.objectContaining({ autoClose: 5000 }),
    );
    chat.dispose();
  });

  it('closes silently when the user sent the attendance away themselves, and ignores other cards', () => {
    const chat = createChatRealtime(client);
    openAttendance.open(2);
    chat.removed({ id: 1, closed: true });
    expect(openAttendance.get()).toBe(2);
    openAttendance.markLeaving(2);
    chat.removed({ id: 2, closed: true });
    expect(openAttendance.get()).toBeNull();
    expect(toast.info).not.toHaveBeenCalled();
    expect(toast.warning).not.toHaveBeenCalled();
    openAttendance.unmarkLeaving(2);
    chat.dispose();
  });

  it('adds new messages to a loaded conversation and updates delivery in place', () => {
    const chat = createChatRealtime(client);
    const key = queryKeys.attendanceMessages(1);
    client.setQueryData<TMessagePages>(key, {
      pages: [{ items: [message({ id: 2 }), message({ id: 1 })], has_more: false }],
      pageParams: [undefined],
    });
    chat.message({ attendance_id: 1, message: message({ id: 3, sender_type: 1, delivery: 'sending' }) });
    chat.message({ attendance_id: 1, message: message({ id: 3, sender_type: 1, delivery: 'delivered' }) });
    chat.message({ attendance_id: 9, message: message({ id: 4 }) });
    const list = messagesOldestFirst(client.getQueryData<TMessagePages>(key));
    expect(list.map((m) => [m.id, m.delivery])).toEqual([
      [1, 'sent'],
      [2, 'sent'],
      [3, 'delivered'],
    ]);
    expect(client.getQueryData(queryKeys.attendanceMessages(9))).toBeUndefined();
    chat.dispose();
  });
});
