// Smart channels (issue 16; spec 2 §3 "Smart channel", §5, §7, §8): a gateway whose medium is SMS or WhatsApp,
// through the same provider interface as the SMS channels. hasTranshipment: a WhatsApp message the gateway
// refuses for a number goes again by SMS (250 characters).
import { capabilitiesOf } from './channel-capabilities';
import { zId } from './ids';
import { SMS_MSG } from './sms';
import { z } from './zod';

/** Gateways that carry both media (their APIs have SMS and WhatsApp endpoints). */
export const SMART_GATEWAYS = ['zenvia', 'infobip'] as const;
export type TSmartGateway = (typeof SMART_GATEWAYS)[number];
export const SMART_GATEWAY_LABEL: Record<TSmartGateway, string> = { zenvia: 'Zenvia', infobip: 'InfoBip' };

export const SMART_MEDIA = ['sms', 'whatsapp'] as const;
export type TSmartMedium = (typeof SMART_MEDIA)[number];
export const SMART_MEDIUM_LABEL: Record<TSmartMedium, string> = { sms: 'SMS', whatsapp: 'WhatsApp' };

/** Spec 1 §5: Smart 4096, 250 when its medium is SMS (the capabilities' numbers). */
const SMART_TEXT = capabilitiesOf('smart').text;
export const SMART_TEXT_MAX: Record<TSmartMedium, number> = {
  sms: SMART_TEXT.byMedium?.sms ?? 250,
  whatsapp: SMART_TEXT.maxLength ?? 4096,
};

export const SMART_MSG = {
  required: SMS_MSG.required,
  sectorInvalid: SMS_MSG.sectorInvalid,
  notFound: SMS_MSG.notFound,
  saved: SMS_MSG.saved,
  removed: SMS_MSG.removed,
  loadError: SMS_MSG.loadError,
} as const;

export const ZSmartConfig = z.object({
  gateway: z.enum(SMART_GATEWAYS),
  medium: z.enum(SMART_MEDIA),
  base_url: z.string().default(''),
  sender: z.string().default(''),
  whatsapp_sender: z.string().default(''),
  has_transhipment: z.boolean().default(false),
});
export type TSmartConfig = z.infer<typeof ZSmartConfig>;

const filled = (max: number) =>
  z
    .string({ error: SMART_MSG.required })
    .trim()
    .min(1, { error: SMART_MSG.required })
    .max(max, { error: SMART_MSG.required });

/**
 * extra_data (spec 2 §5: every value defined): the gateway's address, credential, the SMS sender and, for the
 * WhatsApp medium, the WhatsApp sender. On an update a blank token keeps the stored one.
 */
export const ZSmartExtraData = z.object({
  medium: z.enum(SMART_MEDIA, { error: SMART_MSG.required }),
  base_url: filled(500),
  token: z.string().trim().max(500).default(''),
  sender: filled(40),
  whatsapp_sender: z.string().trim().max(40).default(''),
});

export const ZSmartChannelInput = z.object({
  gateway: z.enum(SMART_GATEWAYS, { error: SMART_MSG.required }),
  name: filled(80),
  default_sector_id: zId(SMART_MSG.required),
  extra_data: ZSmartExtraData,
  active: z.boolean().default(true),
  hasTranshipment: z.boolean().default(false),
});
export type TSmartChannelInput = z.input<typeof ZSmartChannelInput>;

export const ZSmartChannel = z.object({
  id: z.number(),
  gateway: z.enum(SMART_GATEWAYS),
  name: z.string(),
  default_sector_id: z.number(),
  sector_name: z.string().nullable(),
  active: z.boolean(),
  hasTranshipment: z.boolean(),
  text_limit: z.number(),
  extra_data: z.object({
    medium: z.enum(SMART_MEDIA),
    base_url: z.string(),
    sender: z.string(),
    whatsapp_sender: z.string(),
    token_hint: z.string(),
  }),
  webhook_url: z.string(),
  created_at: z.string(),
});
export type TSmartChannel = z.infer<typeof ZSmartChannel>;
