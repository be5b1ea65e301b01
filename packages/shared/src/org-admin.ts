// Sectors and statuses administration (spec 2 §3 Status, §4 Status save/delete, §5 sector ordering, §9).

import { ZSector } from './company';
import { zId, zSectorChoiceId } from './ids';
import { POLL_MSG } from './polls';
import { z } from './zod';

export {
  isSpecialSectorId,
  ORG_MSG,
  SECTOR_DEFAULT_ID,
  SECTOR_IGNORE_ID,
  SECTOR_NAME_MAX,
  SPECIAL_SECTORS,
  STATUS_DEFAULT_COLOR,
  STATUS_MESSAGE_MAX,
  STATUS_NAME_MAX,
  STATUS_RELOAD_DELAY_MS,
} from './org-admin-texts';

import {
  ORG_MSG,
  SECTOR_NAME_MAX,
  STATUS_DEFAULT_COLOR,
  STATUS_MESSAGE_MAX,
  STATUS_NAME_MAX,
} from './org-admin-texts';

const name = (max: number) =>
  z
    .string({ error: ORG_MSG.nameRequired })
    .trim()
    .min(1, { error: ORG_MSG.nameRequired })
    .max(max, { error: `O nome deve ter no máximo ${max} caracteres.` });

export const ZSectorInput = z.object({ name: name(SECTOR_NAME_MAX) });
export type TSectorInput = z.infer<typeof ZSectorInput>;

/** A sector on the administration screen. */
export const ZSectorAdmin = z.object({
  id: z.number(),
  name: z.string(),
  position: z.number(),
  users_count: z.number(),
  open_attendances: z.number(),
});
export type TSectorAdmin = z.infer<typeof ZSectorAdmin>;

export const ZSectorOrderInput = z.object({
  ids: z.array(zId(ORG_MSG.orderInvalid)).max(1000),
});

const HEX6 = /^#?[0-9a-fA-F]{6}$/;

/** Status save (spec 2 §3): colour as 6 hex digits (a leading '#' is dropped), at least one sector. */
export const ZStatusInput = z.object({
  name: name(STATUS_NAME_MAX),
  should_close: z.union([z.literal(0), z.literal(1)], { error: 'Tipo de status inválido.' }),
  use_in_bot: z.boolean().default(false),
  should_require: z.boolean().default(false),
  /** Closings with this status count as success (effectiveness report, operational summary). */
  success: z.boolean().default(false),
  color: z
    .string({ error: ORG_MSG.statusColorInvalid })
    .trim()
    .regex(HEX6, { error: ORG_MSG.statusColorInvalid })
    .transform((c) => c.replace('#', '').toUpperCase())
    .default(STATUS_DEFAULT_COLOR),
  message: z
    .string()
    .trim()
    .max(STATUS_MESSAGE_MAX, { error: ORG_MSG.statusMessageTooLong })
    .nullish()
    .transform((m) => (m ? m : null)),
  sectors: z
    .array(zSectorChoiceId(ORG_MSG.statusSectorInvalid), {
      error: ORG_MSG.statusSectorsRequired,
    })
    .min(1, { error: ORG_MSG.statusSectorsRequired })
    .max(500),
  /** The satisfaction poll a finalization sends first (spec 1 §5); classification statuses keep none. */
  poll_id: zId(POLL_MSG.statusPollInvalid)
    .nullish()
    .transform((v) => v ?? null),
});
export type TStatusInput = z.input<typeof ZStatusInput>;
export type TStatusValues = z.output<typeof ZStatusInput>;

/** A status on the administration screen: sectors are the linked sector ids. */
export const ZStatusAdmin = z.object({
  id: z.number(),
  name: z.string(),
  should_close: z.number(),
  use_in_bot: z.boolean(),
  should_require: z.boolean(),
  success: z.boolean(),
  color: z.string(),
  message: z.string().nullable(),
  sectors: z.array(z.number()),
  poll_id: z.number().nullable(),
});
export type TStatusAdmin = z.infer<typeof ZStatusAdmin>;

export const STATUS_KIND_LABEL: Record<number, string> = { 0: 'Classificação', 1: 'Finalização' };

/** A sector created or renamed, with the text to show. */
export const ZSectorSaved = z.object({ message: z.string(), sector: ZSector });
