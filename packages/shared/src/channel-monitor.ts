import { zIdParam } from './ids';
import { WAWEB_STATES } from './waweb-states';
import { z } from './zod';

// The channel Monitor of spec 2 (§2 Monitor, §3 Monitor entity, §7 GET /monitor/get-data and its realtime
// events) and the WhatsApp panel's events (§4: qr-text, channel-update). Shared by the API, the hub and the
// screens.

/** A channel server as the Monitor shows it (spec 2 §3: id, timestamp, channels, connected, notified, webhook, final_timestamp). */
export const ZMonitorServer = z.object({
  id: z.string(),
  /** ISO time of its last ping. */
  timestamp: z.string(),
  /** How many sessions it holds (of the caller's company, for a company's admin). */
  channels: z.number().int(),
  /** False once it has been silent for MONITOR_SERVER_SILENCE_MS. */
  connected: z.boolean(),
  /** Whether its silence has been notified (the Monitor shows the alert). */
  notified: z.boolean(),
  /** Where its control calls are reached (spec 2 §7: {server webhook}/api/start, …). */
  webhook: z.string(),
  /** When it went silent (ISO), else null. */
  final_timestamp: z.string().nullable(),
});
export type TMonitorServer = z.infer<typeof ZMonitorServer>;

/** A WhatsApp-by-QR channel as the Monitor shows it (spec 2 §3: uuid, state, server_id, display_name, phone_number, id). */
export const ZMonitorChannel = z.object({
  id: z.number().int(),
  uuid: z.string(),
  state: z.enum(WAWEB_STATES),
  /** ISO time since when it is in `state`. */
  state_since: z.string().nullable(),
  server_id: z.string().nullable(),
  display_name: z.string(),
  phone_number: z.string(),
});
export type TMonitorChannel = z.infer<typeof ZMonitorChannel>;

export const ZMonitorData = z.object({
  servers: z.array(ZMonitorServer),
  channels: z.array(ZMonitorChannel),
  /** Server time (ISO) when the data was read: the screen measures durations from it. */
  now: z.string(),
  /** Channels marked "em pane" (a known breakdown): the Monitor does not sound their alert. */
  breakdown_ids: z.array(z.number().int()),
});
export type TMonitorData = z.infer<typeof ZMonitorData>;

/** Spec 1 §8 success of the breakdown-activate call. */
export const MONITOR_MSG = { breakdownChanged: 'Pane alterada com sucesso.' } as const;

export const ZBreakdownParams = z.object({ id: zIdParam() });
/** Mark (true) or clear (false) a channel's breakdown. */
export const ZBreakdownInput = z.object({ active: z.boolean({ error: 'Informe se a pane está ativa.' }) });
export const ZBreakdownOutput = z.object({ message: z.string(), breakdown_ids: z.array(z.number().int()) });
export type TBreakdownOutput = z.infer<typeof ZBreakdownOutput>;

/** A server silent this long is flagged (spec 2 §9: server silence notification after 30 s). */
export const MONITOR_SERVER_SILENCE_MS = 30_000;
/** A channel this long in a bad state sounds the alert (spec 2 §9: 15 s). */
export const MONITOR_CHANNEL_ALERT_MS = 15_000;
/** How often the screen checks the pings (spec 2 §9: every second). */
export const MONITOR_PING_CHECK_MS = 1_000;
/** Durations under this are hidden in the Monitor (spec 2 §9: 30 s). */
export const MONITOR_HIDE_DURATION_MS = 30_000;
/** The QR's size in the WhatsApp panel (spec 2 §9: 264). */
export const WAWEB_QR_SIZE = 264;

/** The `{product}-ping` event of spec 2 §7. */
export const MONITOR_PING_EVENT = 'prosa-ping';

/** Payload of `channel-update` (company room of managers and admins, and the Monitor). */
export type TChannelUpdate = TMonitorChannel & {
  online: boolean;
  running: boolean;
  last_error: string | null;
};
/** Payload of `qr-text`: the QR to show (a new one every ~20 s while pairing), or null when there is none. */
export type TQrText = { id: number; qr: string | null };
