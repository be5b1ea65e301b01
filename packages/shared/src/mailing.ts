import { KEY_PREFIXES, type TKeyPrefix } from './contact-keys';
import { brDateToIso } from './dates';
import { zId, zPage } from './ids';
import { z } from './zod';

// Mailing lists (spec 3 §2, §3 Mailing, §4 Mailing state, §5, §7, §8, §9; issue 18): the contract, the state rule
// and the Portuguese texts.

export const MAILING_MSG = {
  // Spec 3 §5 / §8 (verbatim).
  nameRequired: 'O mailing precisa de um nome',
  fileRequired: 'Faça o upload do arquivo',
  invalidDate: 'Data de validade inválida',
  invalidParams: 'Há parâmetros inválidos',
  notCsv: 'O arquivo deve ser um .CSV',
  tooManyDisplayed: 'São permitidos apenas 4 parâmetros para exibição na tela do atendimento.',
  notFound: 'Mailing não encontrada.',
  invalidFile: 'Arquivo inválido. Verifique as informãções no quadro',
  // Ours.
  nameTooLong: 'O nome do mailing deve ter no máximo 120 caracteres.',
  dateRange: 'Data de validade inválida: a data final deve ser igual ou posterior à inicial.',
  fileKeyInvalid: 'Arquivo não encontrado: faça o upload do arquivo novamente.',
  tooLarge: 'O arquivo deve ter no máximo 50 MB.',
  validFile: 'Arquivo válido.',
  created: 'Mailing criado com sucesso! As linhas estão sendo importadas.',
  updated: 'Mailing alterado com sucesso!',
  reprocessing: 'O arquivo está sendo importado novamente.',
  deleted: 'Mailing excluído com sucesso!',
  inUse: (uses: string) => `Este mailing não pode ser excluído: está em uso (${uses}).`,
  loadError: 'Não foi possível carregar os mailings.',
  saveError: 'Não foi possível salvar o mailing.',
  deleteError: 'Não foi possível excluir o mailing.',
  uploadError: 'Não foi possível enviar o arquivo.',
  empty: 'Nenhum mailing cadastrado',
  emptyFiltered: 'Nenhum mailing encontrado',
} as const;

/** Spec 3 §9. */
export const MAILING_MAX_DISPLAYED = 4;
export const MAILING_PER_PAGE = 15;
export const MAILING_MAX_BYTES = 50 * 1024 * 1024;
export const MAILING_MAX_COLUMNS = 200;
export const MAILING_TITLE_MAX = 120;
export const MAILING_LABEL_MAX = 100;

export const MAILING_PREFIXES = KEY_PREFIXES;
export type TMailingPrefix = TKeyPrefix;
export const MAILING_PREFIX_LABEL: Record<TMailingPrefix, string> = {
  fa: 'Facebook',
  em: 'E-mail',
  waweb: 'WhatsApp Web',
  web: 'Web chat',
  sms: 'SMS',
  waent: 'WhatsApp Enterprise',
};

export const MAILING_STATES = ['active', 'expired', 'inactive'] as const;
export type TMailingState = (typeof MAILING_STATES)[number];
export const MAILING_STATE_LABEL: Record<TMailingState, string> = {
  active: 'Ativo',
  expired: 'Expirado',
  inactive: 'Inativo',
};

export const MAILING_PROCESSING_LABEL = {
  pending: 'Na fila',
  processing: 'Importando',
  done: 'Importado',
  error: 'Erro na importação',
} as const;
export type TMailingProcessing = keyof typeof MAILING_PROCESSING_LABEL;

/**
 * Spec 3 §4: inactive if not active; expired if `today` (YYYY-MM-DD, the company's calendar) is outside
 * due_date_min..due_date_max (YYYY-MM-DD, a missing bound is open); otherwise active.
 */
export function mailingState(
  m: { active: boolean; due_date_min: string | null; due_date_max: string | null },
  today: string,
): TMailingState {
  if (!m.active) return 'inactive';
  if (m.due_date_min && today < m.due_date_min) return 'expired';
  if (m.due_date_max && today > m.due_date_max) return 'expired';
  return 'active';
}

/** Why a mailing outside its period is not usable: not started yet or expired (selects show the note). */
export function mailingPeriodNote(
  m: { active: boolean; due_date_min: string | null; due_date_max: string | null },
  today: string,
): 'inactive' | 'not_started' | 'expired' | null {
  if (!m.active) return 'inactive';
  if (m.due_date_min && today < m.due_date_min) return 'not_started';
  if (m.due_date_max && today > m.due_date_max) return 'expired';
  return null;
}

export const ZMailingParam = z.object({
  field: z
    .number({ error: MAILING_MSG.invalidParams })
    .int({ error: MAILING_MSG.invalidParams })
    .min(0, { error: MAILING_MSG.invalidParams })
    .max(MAILING_MAX_COLUMNS - 1, { error: MAILING_MSG.invalidParams }),
  label: z
    .string({ error: MAILING_MSG.invalidParams })
    .trim()
    .min(1, { error: MAILING_MSG.invalidParams })
    .max(MAILING_LABEL_MAX, { error: MAILING_MSG.invalidParams }),
  display: z.boolean({ error: MAILING_MSG.invalidParams }).default(false),
  is_key_to_channel: z
    .array(z.enum(MAILING_PREFIXES, { error: MAILING_MSG.invalidParams }), {
      error: MAILING_MSG.invalidParams,
    })
    .max(MAILING_PREFIXES.length, { error: MAILING_MSG.invalidParams })
    .default([]),
});
export type TMailingParam = z.infer<typeof ZMailingParam>;

/** A DD/MM/YYYY date (or empty: open bound) → YYYY-MM-DD | null. */
const zBrDate = z
  .union([z.string({ error: MAILING_MSG.invalidDate }), z.null()], { error: MAILING_MSG.invalidDate })
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v.trim() === '') return null;
    const iso = brDateToIso(v);
    if (!iso) {
      ctx.addIssue({ code: 'custom', message: MAILING_MSG.invalidDate });
      return z.NEVER;
    }
    return iso;
  });

/** Create / update (spec 3 §7): the file by the key the upload answered (`urlFile`), required for a new one. */
export const ZMailingInput = z
  .object({
    title: z
      .string({ error: MAILING_MSG.nameRequired })
      .trim()
      .min(1, { error: MAILING_MSG.nameRequired })
      .max(MAILING_TITLE_MAX, { error: MAILING_MSG.nameTooLong }),
    urlFile: z
      .string({ error: MAILING_MSG.fileKeyInvalid })
      .max(300, { error: MAILING_MSG.fileKeyInvalid })
      .nullable()
      .optional(),
    fileName: z
      .string({ error: MAILING_MSG.notCsv })
      .trim()
      .max(255, { error: MAILING_MSG.notCsv })
      .optional(),
    due_date_min: zBrDate,
    due_date_max: zBrDate,
    priorities: z
      .array(z.union([z.string().max(100), z.number().int()]), { error: MAILING_MSG.invalidParams })
      .max(50, { error: MAILING_MSG.invalidParams })
      .default([]),
    params: z
      .array(ZMailingParam, { error: MAILING_MSG.invalidParams })
      .max(MAILING_MAX_COLUMNS, { error: MAILING_MSG.invalidParams })
      .optional(),
    active: z.boolean({ error: MAILING_MSG.invalidParams }).default(true),
  })
  .superRefine((v, ctx) => {
    if (v.due_date_min && v.due_date_max && v.due_date_min > v.due_date_max)
      ctx.addIssue({ code: 'custom', path: ['due_date_max'], message: MAILING_MSG.dateRange });
    if (v.params) {
      if (v.params.filter((p) => p.display).length > MAILING_MAX_DISPLAYED)
        ctx.addIssue({ code: 'custom', path: ['params'], message: MAILING_MSG.tooManyDisplayed });
      const fields = new Set(v.params.map((p) => p.field));
      if (fields.size !== v.params.length)
        ctx.addIssue({ code: 'custom', path: ['params'], message: MAILING_MSG.invalidParams });
    }
  });
export type TMailingInput = z.input<typeof ZMailingInput>;
export type TMailingValues = z.output<typeof ZMailingInput>;

export const ZMailingRowError = z.object({ row: z.number(), message: z.string() });

export const ZMailing = z.object({
  id: z.number(),
  title: z.string(),
  active: z.boolean(),
  state: z.enum(MAILING_STATES),
  fileName: z.string(),
  fields: z.array(z.string()),
  delimiter: z.string(),
  encoding: z.string(),
  /** DD/MM/YYYY or null. */
  due_date_min: z.string().nullable(),
  due_date_max: z.string().nullable(),
  priorities: z.array(z.unknown()),
  params: z.array(ZMailingParam),
  processing: z.enum(['pending', 'processing', 'done', 'error']),
  row_count: z.number(),
  processed_rows: z.number(),
  row_errors: z.array(ZMailingRowError),
  processing_error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TMailing = z.infer<typeof ZMailing>;

/** The list for selects (campaigns, triggers, negotiator). */
export const ZMailingOption = ZMailing.pick({
  id: true,
  title: true,
  state: true,
  active: true,
  fields: true,
  params: true,
  due_date_min: true,
  due_date_max: true,
});
export type TMailingOption = z.infer<typeof ZMailingOption>;

export const ZMailingPageQuery = z.object({
  page: zPage(),
  'filters.name': z.string().trim().max(120).optional(),
});
export const ZMailingPage = z.object({
  data: z.array(ZMailing),
  current_page: z.number(),
  per_page: z.number(),
  total: z.number(),
});
export type TMailingPage = z.infer<typeof ZMailingPage>;

export const ZMailingSaved = z.object({ message: z.string(), mailing: ZMailing });
export const ZMailingDeleted = z.object({ message: z.string(), warning: z.boolean() });

/** Spec 3 §7 mailing-upload reply. */
export const ZMailingUpload = z.object({
  success: z.boolean(),
  valid: z.boolean(),
  message: z.string(),
  /** Whether the header differs from the edited mailing's (layoutId): its params are then rebuilt. */
  diff: z.boolean(),
  /** Our storage key of the file, for the create/update call (empty when the file is refused). */
  url: z.string(),
  header: z.array(z.string()),
  delimiter: z.string(),
  encoding: z.string(),
  name: z.string(),
  validMessageError: z.string(),
  errors: z.array(ZMailingRowError),
  error_count: z.number(),
  rowcount: z.number(),
});
export type TMailingUpload = z.infer<typeof ZMailingUpload>;

/** Active mailings in a period (campaigns and triggers): from/to as YYYY-MM-DD or DD/MM/YYYY, both optional. */
export const ZMailingPeriodQuery = z.object({
  from: z.string().max(10).optional(),
  to: z.string().max(10).optional(),
});

/** Autocomplete of a column's values (campaign filters). */
export const ZMailingFieldSearch = z.object({
  mailing_id: zId(MAILING_MSG.notFound),
  field: z
    .number({ error: MAILING_MSG.invalidParams })
    .int({ error: MAILING_MSG.invalidParams })
    .min(0, { error: MAILING_MSG.invalidParams })
    .max(MAILING_MAX_COLUMNS - 1, { error: MAILING_MSG.invalidParams }),
  value: z.string().max(200).default(''),
  /** Other columns already chosen: rows must hold exactly these values. */
  filters: z
    .array(
      z.object({
        field: z
          .number()
          .int()
          .min(0)
          .max(MAILING_MAX_COLUMNS - 1),
        value: z.string().max(200),
      }),
    )
    .max(20)
    .default([]),
});
export const ZMailingFieldValues = z.object({ values: z.array(z.string()) });

/** The params a new file gets: one per header column, labelled by it, none displayed, no channel key. */
export function paramsFromHeader(header: string[]): TMailingParam[] {
  return header.map((label, field) => ({ field, label, display: false, is_key_to_channel: [] }));
}

/** Whether the params fit the header: each field a column of it. */
export function paramsFitHeader(params: TMailingParam[], header: string[]): boolean {
  return params.every((p) => p.field < header.length);
}

/** The column a trigger's mailing_sector_transfer reads (spec 2 §5). */
export const SECTOR_COLUMN = 'cod_setor';

/** Spec 1 §7 "mailing data load": the contact's row in each active mailing, its displayed params (at most 4). */
export const ZAttendanceMailingData = z.array(
  z.object({
    mailing_id: z.number(),
    title: z.string(),
    fields: z.array(z.object({ label: z.string(), value: z.string() })),
  }),
);
export type TAttendanceMailingData = z.infer<typeof ZAttendanceMailingData>;
