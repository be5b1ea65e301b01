import { describe, expect, it } from 'vitest';
import { baileys } from './baileys';
import { chatReports, gapOf } from './reconcile';

const ANA = '5511955551111@s.whatsapp.net';
const report = (...messages: { id: string; at: number }[]) => ({
  jid: ANA,
  phone: '5511955551111',
  messages: messages.map((m) => ({ ...m, fromMe: false })),
});

describe('what a chat lacks', () => {
  it('nothing when we hold nothing of it, or one of the reported messages, or older ones than our newest', () => {
    expect(gapOf(report({ id: 'B', at: 2_000 }), { newestAt: null, anyReported: false })).toBeNull();
    expect(gapOf(report({ id: 'B', at: 2_000 }), { newestAt: 1_000_000, anyReported: true })).toBeNull();
    expect(
      gapOf(report({ id: 'C', at: 2_000 }, { id: 'B', at: 999 }), {
        newestAt: 1_000_000,
        anyReported: false,
      }),
    ).toBeNull();
    expect(gapOf(report(), { newestAt: 1_000_000, anyReported: false })).toBeNull();
  });

  it('asks before the oldest reported message when all are newer than ours (same second included)', () => {
    const gap = gapOf(report({ id: 'D', at: 3_000 }, { id: 'C', at: 1_000 }), {
      newestAt: 1_000_500,
      anyReported: false,
    });
    expect(gap).toEqual({ jid: ANA, anchor: { id: 'C', at: 1_000, fromMe: false }, floor: 1_000 });
    // Listed newest first: of the same second, the last listed is the oldest.
    const tie = gapOf(report({ id: 'F', at: 3_000 }, { id: 'E', at: 3_000 }), {
      newestAt: 1_000_500,
      anyReported: false,
    });
    expect(tie?.anchor.id).toBe('E');
  });

  it('reads person chats of a history sync with their messages, groups left out', () => {
    const sync = baileys.proto.HistorySync.decode(
      baileys.proto.HistorySync.encode({
        syncType: baileys.proto.HistorySync.HistorySyncType.RECENT,
        conversations: [
          {
            id: ANA,
            messages: [{ message: { key: { remoteJid: ANA, id: 'X', fromMe: true }, messageTimestamp: 42 } }],
          },
          { id: '120363000000000001@g.us', messages: [] },
        ],
      }).finish(),
    );
    expect(chatReports(sync)).toEqual([
      { jid: ANA, phone: '5511955551111', messages: [{ id: 'X', fromMe: true, at: 42 }] },
    ]);
  });
});
