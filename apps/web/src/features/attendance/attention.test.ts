import { describe, expect, it, vi } from 'vitest';
import { createAttention, type TAttentionAlert, type TAttentionEnv, titleWithCount } from './attention';
import { card, message } from './test-fixtures';

const ME = 7;

function setup(over: Partial<TAttentionEnv> = {}) {
  let now = 1_000_000;
  let open: number | null = null;
  let muted = false;
  const alerts: TAttentionAlert[] = [];
  const sound = vi.fn();
  const counts: number[] = [];
  const attention = createAttention({
    userId: () => ME,
    openId: () => open,
    muted: () => muted,
    knownCard: () => undefined,
    now: () => now,
    sound,
    notify: (a) => alerts.push(a),
    setCount: (n) => counts.push(n),
    ...over,
  });
  return {
    attention,
    alerts,
    sound,
    counts,
    later: (ms: number) => {
      now += ms;
    },
    open: (id: number | null) => {
      open = id;
      attention.opened(id);
    },
    mute: (v: boolean) => {
      muted = v;
    },
  };
}

const withCounter = (n: number) => ({
  first_start_chat_at: '2026-03-10T12:00:00.000Z',
  first_operator_answer_at: null,
  latest_operator_answer_at: null,
  latest_contact_chat_message_at: null,
  response_time: null,
  customer_response_counter: n,
});

describe('alerts of new attendances and messages', () => {
  it('a new attendance (its card, then its first message) rings once and counts one in the title', () => {
    const t = setup();
    t.attention.card(card({ id: 1, name: 'Paula', unread_count: 1, metrics: withCounter(1) }));
    t.attention.message({ attendance_id: 1, message: message({ id: 10, text: 'Bom dia!' }) });
    expect(t.alerts).toEqual([{ attendanceId: 1, title: 'Novo atendimento', body: 'Paula: Bom dia!' }]);
    expect(t.sound).toHaveBeenCalledTimes(1);
    expect(t.attention.count()).toBe(1);
  });

  it('a customer message on an attendance that is not open alerts; on the open one, nothing', () => {
    const t = setup();
    t.attention.card(card({ id: 2, name: 'João', unread_count: 3, metrics: withCounter(3) }));
    t.open(3);
    t.attention.message({ attendance_id: 3, message: message({ id: 11 }) });
    expect(t.alerts).toEqual([]);
    t.attention.message({ attendance_id: 2, message: message({ id: 12, text: 'Alguém aí?' }) });
    expect(t.alerts).toEqual([{ attendanceId: 2, title: 'Nova mensagem de João', body: 'Alguém aí?' }]);
    // Operators' own messages never alert.
    t.later(10_000);
    t.attention.message({ attendance_id: 2, message: message({ id: 13, sender_type: 1 }) });
    expect(t.alerts).toHaveLength(1);
  });

  it('a card given to her (distribution or transfer) alerts; her own card staying hers does not', () => {
    const t = setup();
    t.attention.card(card({ id: 4, name: 'Rui', operator_assigned_id: 3, metrics: withCounter(2) }));
    t.attention.card(card({ id: 4, name: 'Rui', operator_assigned_id: ME, metrics: withCounter(2) }));
    expect(t.alerts.map((a) => a.title)).toEqual(['Atendimento atribuído a você']);
    t.later(10_000);
    t.attention.card(card({ id: 4, name: 'Rui', operator_assigned_id: ME, unread_count: 2 }));
    expect(t.alerts).toHaveLength(1);
    // A card that appears already hers with the customer waiting: distributed to her in OWN mode.
    t.attention.card(card({ id: 5, name: 'Sara', operator_assigned_id: ME, last_message_sender: 0 }));
    expect(t.alerts.map((a) => a.title)).toEqual(['Atendimento atribuído a você', 'Novo atendimento']);
    // One she started herself (active message: she wrote last) is no news.
    t.attention.card(card({ id: 6, operator_assigned_id: ME, last_message_sender: 1 }));
    expect(t.alerts).toHaveLength(2);
  });

  it('opening an attendance, reading it elsewhere or losing it takes it out of the counter', () => {
    const t = setup();
    for (const id of [1, 2, 3]) {
      t.attention.message({ attendance_id: id, message: message({ id: 20 + id }) });
    }
    expect(t.counts.at(-1)).toBe(3);
    t.open(1);
    expect(t.counts.at(-1)).toBe(2);
    t.attention.card(card({ id: 2, unread_count: 0 }));
    expect(t.counts.at(-1)).toBe(1);
    t.attention.removed(3);
    expect(t.counts.at(-1)).toBe(0);
  });

  it('muted: no sound and no notification, but the counter still counts', () => {
    const t = setup();
    t.mute(true);
    t.attention.message({ attendance_id: 8, message: message({ id: 30 }) });
    expect(t.sound).not.toHaveBeenCalled();
    expect(t.alerts).toEqual([]);
    expect(t.attention.count()).toBe(1);
  });

  it('a burst of messages rings once', () => {
    const t = setup();
    t.attention.message({ attendance_id: 1, message: message({ id: 40 }) });
    t.attention.message({ attendance_id: 2, message: message({ id: 41 }) });
    t.later(500);
    t.attention.message({ attendance_id: 3, message: message({ id: 42 }) });
    expect(t.sound).toHaveBeenCalledTimes(1);
    t.later(2000);
    t.attention.message({ attendance_id: 4, message: message({ id: 43 }) });
    expect(t.sound).toHaveBeenCalledTimes(2);
  });

  it('puts the counter in front of any title, once', () => {
    expect(titleWithCount('Prosa', 3)).toBe('(3) Prosa');
    expect(titleWithCount('(3) Prosa', 4)).toBe('(4) Prosa');
    expect(titleWithCount('(4) Empresa Demo', 0)).toBe('Empresa Demo');
  });
});
