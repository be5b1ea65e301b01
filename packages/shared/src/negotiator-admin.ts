// The negotiators' administration API (spec 3 §4 Negotiator, §6): the list's query and page, what the form
// offers (options) and the phrases editor's view. The negotiator itself, its input and the phrase rules are in
// ./negotiator.ts.
import { zPage } from './ids';
import { NEGOTIATOR_PAGE_SIZES, ZNegotiator } from './negotiator';
import { z } from './zod';

export const NEGOTIATOR_DEFAULT_PAGE_SIZE = 50;

export const ZNegotiatorListQuery = z.object({
  page: zPage(),
  per_page: z.coerce
    .number({ error: 'Quantidade por página inválida.' })
    .refine(
      (n) => (NEGOTIATOR_PAGE_SIZES as readonly number[]).includes(n),
      'Quantidade por página inválida.',
    )
    .default(NEGOTIATOR_DEFAULT_PAGE_SIZE),
  name: z.string().trim().max(120).optional(),
});
export type TNegotiatorListQuery = z.input<typeof ZNegotiatorListQuery>;

export const ZNegotiatorPage = z.object({
  data: z.array(ZNegotiator),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});
export type TNegotiatorPage = z.infer<typeof ZNegotiatorPage>;

export const ZNegotiatorOptionsQuery = z.object({
  keep_mailing_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/** A mailing the form offers, with its header (for the column selects) and, for a kept one, why it is not usable. */
export const ZNegotiatorMailingOption = z.object({
  id: z.number(),
  title: z.string(),
  fields: z.array(z.string()),
  note: z.enum(['inactive', 'not_started', 'expired']).nullable(),
});
export type TNegotiatorMailingOption = z.infer<typeof ZNegotiatorMailingOption>;

export const ZNegotiatorWhatsappNumber = z.object({
  channel_id: z.number(),
  phone_number: z.string(),
  name: z.string(),
});
export type TNegotiatorWhatsappNumber = z.infer<typeof ZNegotiatorWhatsappNumber>;

export const ZNegotiatorOptions = z.object({
  mailings: z.array(ZNegotiatorMailingOption),
  multichannels: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      whatsapp: z.array(ZNegotiatorWhatsappNumber),
      webchat: z.boolean(),
      newchat: z.boolean(),
    }),
  ),
  /** The company's WhatsApp Enterprise channels. */
  whatsapp_channels: z.array(z.object({ id: z.number(), name: z.string(), phone_number: z.string() })),
  /** Statuses a negotiator may use (those used by the bot excluded). */
  statuses: z.array(z.object({ id: z.number(), name: z.string(), should_close: z.number() })),
});
export type TNegotiatorOptions = z.infer<typeof ZNegotiatorOptions>;

/** One phrase in the editor: its label, the default, the text in use and whether it was edited. */
export const ZPhraseView = z.object({
  label: z.string(),
  default: z.string(),
  text: z.string(),
  edited: z.boolean(),
});
export type TPhraseView = z.infer<typeof ZPhraseView>;

export const ZNegotiatorPhrasesView = z.object({
  commandprocessor: z.record(z.string(), ZPhraseView),
  hotsite: z.record(z.string(), ZPhraseView),
});
export type TNegotiatorPhrasesView = z.infer<typeof ZNegotiatorPhrasesView>;

/** Saving phrases: a group left out stays as it is; a group sent is replaced (keys left out return to default). */
export const ZNegotiatorPhrasesInput = z.object({
  phrases: z.object({
    commandprocessor: z.record(z.string().max(60), z.string().max(4000)).optional(),
    hotsite: z.record(z.string().max(60), z.string().max(4000)).optional(),
  }),
});
export type TNegotiatorPhrasesInput = z.input<typeof ZNegotiatorPhrasesInput>;

export const ZNegotiatorUpload = z.object({ success: z.boolean(), url: z.string() });
export const NEGOTIATOR_UPLOAD_KEYS = ['bgimage', 'logo_image'] as const;
export const NEGOTIATOR_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** Spec 3 §9: the phrase editor's warning box closes by itself after 5 s. */
export const PHRASE_WARNING_CLOSE_MS = 5_000;
