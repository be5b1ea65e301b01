import { describe, expect, it } from 'vitest';
import { baileys } from './baileys';
import { historyToKeep } from './history-sync';

const T = baileys.proto.HistorySync.HistorySyncType;
const at = (seconds: number, id: string) => ({
  key: { remoteJid: '5511999990000@s.whatsapp.net', id },
  messageTimestamp: seconds,
});

describe('which history a number keeps', () => {
  it('keeps what the phone sends after an absence or on demand, not its past from before the link', () => {
    const msgs = [at(1_000, 'A'), at(2_000, 'B')];
    expect(historyToKeep(T.RECENT, msgs, null)).toEqual(msgs);
    expect(historyToKeep(T.ON_DEMAND, msgs, null)).toEqual(msgs);
    expect(historyToKeep(T.INITIAL_BOOTSTRAP, msgs, null)).toEqual([]);
    expect(historyToKeep(T.FULL, msgs, null)).toEqual([]);
    expect(historyToKeep(T.PUSH_NAME, msgs, null)).toEqual([]);
  });

  it('right after a QR link, only messages from the linking second on', () => {
    const msgs = [at(1_499, 'antes'), at(1_500, 'mesmo segundo'), at(1_600, 'depois')];
    expect(historyToKeep(T.RECENT, msgs, 1_500_700).map((m) => m.key.id)).toEqual([
      'mesmo segundo',
      'depois',
    ]);
  });
});
