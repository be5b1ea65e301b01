import { MESSAGING_LIMIT_TIERS } from '@prosa/shared/waent';
import { z } from '@prosa/shared/zod';
import type { OpenChannel } from '../port';

/**
 * A WhatsApp Enterprise number's config (the `config` of its `channels` row). The number is the route key
 * (Meta's phone_number_id); the access token and the app secret are its sealed secrets.
 */
export const ZWaentConfig = z.object({
  broker: z.string().default('meta'),
  phone_number: z.string().nullable().default(null),
  waba_id: z.string().default(''),
  display_name: z.string().nullable().default(null),
  verify_token: z.string().default(''),
  api_base_url: z.string().default(''),
  is_cloud: z.boolean().default(true),
  /** The portfolio's 24-hour limit of unique contacts campaigns respect (MESSAGING_LIMIT_TIERS). */
  messaging_limit: z.enum(MESSAGING_LIMIT_TIERS).default('unlimited'),
});
export type WaentConfig = z.output<typeof ZWaentConfig>;

export type WaentChannel = OpenChannel<WaentConfig>;

/** The channel as a WhatsApp Enterprise number, or null when it is of another kind. */
export function asWaent(ch: OpenChannel | null): WaentChannel | null {
  if (ch?.kind !== 'waent') return null;
  const config = ZWaentConfig.safeParse(ch.config);
  return config.success ? { ...ch, config: config.data } : null;
}
