import type { TChannelUpdate, TQrText } from '@prosa/shared/channel-monitor';
import type { TWawebChannel } from '@prosa/shared/waweb';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';

// While pairing the QR stays meaningful; in any other state the last one is stale.
const keepsQr = (state: TWawebChannel['state']) => state === 'UNPAIRED' || state === 'PAIRING';

/** A number's state as the server pushes it, applied to the numbers list (no refetch). */
export function applyChannelUpdate(list: TWawebChannel[] | undefined, u: TChannelUpdate) {
  return list?.map((c) =>
    c.id === u.id
      ? {
          ...c,
          state: u.state,
          state_since: u.state_since,
          running: u.running,
          online: u.online,
          last_error: u.last_error,
          qr: keepsQr(u.state) ? c.qr : null,
        }
      : c,
  );
}

/** The new QR of a number (or none), applied to the numbers list. */
export function applyQrText(list: TWawebChannel[] | undefined, q: TQrText) {
  return list?.map((c) => (c.id === q.id ? { ...c, qr: q.qr } : c));
}

/**
 * channel-update and qr-text reach every manager and admin of the company (the server sends them to the
 * company's room only); ids not in the list are another company's or not loaded yet, and are ignored.
 */
export function createWawebRealtime(queryClient: QueryClient) {
  return {
    channelUpdate(u: TChannelUpdate) {
      queryClient.setQueryData<TWawebChannel[]>(queryKeys.wawebChannels, (list) =>
        applyChannelUpdate(list, u),
      );
    },
    qrText(q: TQrText) {
      queryClient.setQueryData<TWawebChannel[]>(queryKeys.wawebChannels, (list) => applyQrText(list, q));
    },
  };
}
