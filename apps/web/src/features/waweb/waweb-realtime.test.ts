import type { TWawebChannel } from '@prosa/shared/waweb';
import { describe, expect, it } from 'vitest';
import { applyChannelUpdate, applyQrText } from './waweb-realtime';

const number = (id: number, over: Partial<TWawebChannel> = {}): TWawebChannel => ({
  id,
  name: `Número ${id}`,
  sector_id: 1,
  phone_number: '',
  allow_groups: false,
  pacing: { min_interval_ms: 1500, jitter_ms: 1500, presence: true },
  state: 'UNPAIRED',
  state_since: null,
  running: true,
  online: false,
  qr: '2@ref,abc',
  last_error: null,
  created_at: '2026-11-26T12:00:00.000Z',
  ...over,
});

const update = (id: number, state: TWawebChannel['state'], last_error: string | null = null) => ({
  id,
  uuid: `u-${id}`,
  state,
  state_since: '2026-11-26T12:01:00.000Z',
  server_id: 'srv',
  display_name: `Número ${id}`,
  phone_number: '',
  online: state === 'CONNECTED',
  running: true,
  last_error,
});

describe('numbers list from the socket', () => {
  it('qr-text replaces the QR of that number only', () => {
    const list = [number(1), number(2)];
    const next = applyQrText(list, { id: 2, qr: '2@ref,new' });
    expect(next?.map((c) => c.qr)).toEqual(['2@ref,abc', '2@ref,new']);
  });

  it('channel-update sets the state and drops a QR once the number is past pairing', () => {
    const list = [number(1), number(2)];
    const paired = applyChannelUpdate(list, update(1, 'CONNECTED'));
    expect(paired?.[0]).toMatchObject({ state: 'CONNECTED', online: true, qr: null });
    expect(paired?.[1]).toBe(list[1]);
    const pairing = applyChannelUpdate(list, update(2, 'PAIRING'));
    expect(pairing?.[1]).toMatchObject({ state: 'PAIRING', qr: '2@ref,abc' });
    const wrong = applyChannelUpdate(list, update(1, 'UNPAIRED_IDLE', 'Canal desconectado!'));
    expect(wrong?.[0]).toMatchObject({ state: 'UNPAIRED_IDLE', last_error: 'Canal desconectado!', qr: null });
  });

  it('ignores numbers it does not list and an empty cache', () => {
    expect(applyChannelUpdate([number(1)], update(9, 'CONNECTED'))).toEqual([number(1)]);
    expect(applyChannelUpdate(undefined, update(1, 'CONNECTED'))).toBeUndefined();
  });
});
