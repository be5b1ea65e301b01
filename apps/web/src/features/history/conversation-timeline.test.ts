import type { TMessage } from '@prosa/shared/attendance';
import { describe, expect, it } from 'vitest';
import { buildTimeline, olderCursor } from './conversation-timeline';

const TZ = 'America/Sao_Paulo';

function msg(id: number, sentAt: string, senderType = 0): TMessage {
  return {
    id,
    attendance_id: 1,
    message_id: `m${id}`,
    text: `texto ${id}`,
    sender_type: senderType,
    operator_id: null,
    operator_name: null,
    sent_at: sentAt,
    quoted_message: null,
    attachments: [],
    metadata: {},
    delivery: 'sent',
  };
}

describe('buildTimeline', () => {
  it('puts pages (newest first) oldest first with a separator per day in the company timezone', () => {
    const newest = [msg(4, '2026-03-02T13:00:00Z'), msg(3, '2026-03-02T02:30:00Z')];
    const older = [msg(2, '2026-03-01T20:00:00Z'), msg(1, '2026-03-01T12:00:00Z')];
    const items = buildTimeline([newest, older], TZ);
    expect(items.map((i) => (i.kind === 'day' ? i.label : i.message.id))).toEqual([
      'domingo, 01/03/2026',
      1,
      2,
      // 02:30 UTC on 2 March is 23:30 on 1 March in São Paulo: same day.
      3,
      'segunda-feira, 02/03/2026',
      4,
    ]);
  });

  it('shows a message repeated across pages once', () => {
    const items = buildTimeline([[msg(2, '2026-03-01T13:00:00Z')], [msg(2, '2026-03-01T13:00:00Z')]], TZ);
    expect(items.filter((i) => i.kind === 'message')).toHaveLength(1);
  });

  it('is empty without messages', () => {
    expect(buildTimeline([], TZ)).toEqual([]);
  });
});

describe('olderCursor', () => {
  it('is the smallest id of the page while there is more', () => {
    expect(
      olderCursor({
        items: [msg(9, '2026-03-01T00:00:00Z'), msg(7, '2026-03-01T00:00:00Z')],
        has_more: true,
      }),
    ).toBe(7);
    expect(olderCursor({ items: [msg(9, '2026-03-01T00:00:00Z')], has_more: false })).toBeUndefined();
  });
});
