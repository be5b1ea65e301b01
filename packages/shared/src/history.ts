import { CHANNEL_KINDS } from './channels';
import { zIdParam, zPage } from './ids';
import { z } from './zod';

export const HISTORY_MSG = {
  channelRequired: 'O canal de entrada deve ser informado.',
  cpfOrPhoneRequired: 'O CPF ou o telefone deve ser informado.',
  loadError: 'Não foi possível carregar o histórico.',
  restoreError: 'Não foi possível restaurar o atendimento.',
  restored: 'Atendimento restaurado com sucesso!',
  alreadyOpen: 'O contato já possui um atendimento em aberto.',
  exportBackground:
    'A exportação foi enviada para processamento em segundo plano. Você será avisado quando o arquivo estiver pronto.',
  exportReady: 'Sua exportação do histórico está pronta para download.',
  exportNotReady: 'A exportação ainda não está pronta.',
  invalidRange: 'A data final deve ser igual ou posterior à data inicial.',
  emailsInvalid: 'Informe e-mails válidos, separados por vírgula (até 10).',
} as const;

/**
 * The contract of an attendance (spec 2 §3 History contact_metadata, §9 columns Contrato and Valor do contrato):
 * the values filled in these contact fields of the attendance. The "contract" filter matches the first.
 */
export const HISTORY_CONTRACT_KEY = 'contrato';
export const HISTORY_CONTRACT_VALUE_KEY = 'valor_contrato';
export const HISTORY_EMAILS_MAX = 10;

const EMAIL_FORMAT = z.email();
/** "a@x.com, b@y.com" (or an array): the distinct addresses in lower case; undefined when empty. */
const emailList = z.preprocess(
  (v) => {
    const parts = (Array.isArray(v) ? v.join(',') : typeof v === 'string' ? v : '')
      .split(/[\s,;]+/)
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean);
    return parts.length > 0 ? [...new Set(parts)] : undefined;
  },
  z
    .array(z.string())
    .refine(
      (list) =>
        list.length <= HISTORY_EMAILS_MAX &&
        list.every((e) => e.length <= 254 && EMAIL_FORMAT.safeParse(e).success),
      { error: HISTORY_MSG.emailsInvalid },
    )
    .optional(),
);

export const HISTORY_PAGE_SIZES = [25, 50, 100] as const;
export const HISTORY_MAX_DAYS = 30;

/** Columns the user may show or hide (spec 2 §9); the rest are always shown. */
export const HISTORY_OPTIONAL_COLUMNS = [
  { key: 'cpf', label: 'CPF/CNPJ' },
  { key: 'contract', label: 'Contrato' },
  { key: 'contract_value', label: 'Valor do contrato' },
  { key: 'tme', label: 'TME' },
  { key: 'to', label: 'TO' },
  { key: 'status', label: 'Status finalização' },
  { key: 'closed_by', label: 'Finalizado por' },
  { key: 'sector', label: 'Setor' },
  { key: 'edited_name', label: 'Nome editado' },
] as const;
export type THistoryColumn = (typeof HISTORY_OPTIONAL_COLUMNS)[number]['key'];

// A real calendar day (2026-02-30 is refused here, not by PostgreSQL).
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Data inválida.' })
  .refine((v) => !Number.isNaN(Date.parse(v)) && new Date(v).toISOString().slice(0, 10) === v, {
    error: 'Data inválida.',
  });
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const ZHistoryFilters = z
  .object({
    fromDate: z.preprocess(emptyToUndefined, isoDate.optional()),
    toDate: z.preprocess(emptyToUndefined, isoDate.optional()),
    status_id: z.preprocess(emptyToUndefined, zIdParam().optional()),
    number: z.preprocess(emptyToUndefined, z.string().trim().max(40).optional()),
    cpf: z.preprocess(emptyToUndefined, z.string().trim().max(20).optional()),
    sector_id: z.preprocess(emptyToUndefined, zIdParam().optional()),
    closed_by_user: z.preprocess(emptyToUndefined, zIdParam().optional()),
    channelable_type: z.preprocess(emptyToUndefined, z.enum(CHANNEL_KINDS).optional()),
    email: z.preprocess(emptyToUndefined, z.string().trim().max(254).optional()),
    // The attendance's contract number (contact field "contrato"), matched whole, without regard to case.
    contract: z.preprocess(emptyToUndefined, z.string().trim().max(60).optional()),
    // Any of these addresses among the contact's e-mail and the e-mails of its contact record (spec 1 §3 Person).
    emails: emailList,
    only_open: z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()).default(false),
  })
  .superRefine((f, ctx) => {
    if (f.fromDate && f.toDate && f.toDate < f.fromDate) {
      ctx.addIssue({ code: 'custom', message: HISTORY_MSG.invalidRange, path: ['toDate'] });
      return;
    }
    // Past 30 days, or without dates, the search must be narrow: channel plus CPF or phone (spec 2 §5 History).
    if (!historyPeriodIsShort(f.fromDate, f.toDate)) {
      if (!f.channelable_type)
        ctx.addIssue({ code: 'custom', message: HISTORY_MSG.channelRequired, path: ['channelable_type'] });
      else if (!f.cpf && !f.number)
        ctx.addIssue({ code: 'custom', message: HISTORY_MSG.cpfOrPhoneRequired, path: ['cpf'] });
    }
  });
export type THistoryFilters = z.infer<typeof ZHistoryFilters>;

export function historyPeriodIsShort(fromDate?: string, toDate?: string): boolean {
  if (!fromDate || !toDate) return false;
  const days = (Date.parse(`${toDate}T00:00:00Z`) - Date.parse(`${fromDate}T00:00:00Z`)) / 86_400_000;
  return days >= 0 && days <= HISTORY_MAX_DAYS;
}

export const ZHistoryQuery = z.intersection(
  ZHistoryFilters,
  z.object({
    page: zPage(),
    count: z.coerce
      .number()
      .refine((n) => (HISTORY_PAGE_SIZES as readonly number[]).includes(n), {
        error: 'Quantidade por página inválida.',
      })
      .default(50),
  }),
);
export type THistoryQuery = z.infer<typeof ZHistoryQuery>;

export const ZHistoryRow = z.object({
  id: z.number(),
  protocol: z.string(),
  contact_id: z.number(),
  name: z.string(),
  edited_name: z.string().nullable(),
  cpf: z.string().nullable(),
  contract: z.string().nullable(),
  contract_value: z.string().nullable(),
  channel_kind: z.string(),
  sector_id: z.number(),
  sector_name: z.string().nullable(),
  status_id: z.number().nullable(),
  status_name: z.string().nullable(),
  operator_assigned_name: z.string().nullable(),
  closed_by_user_name: z.string().nullable(),
  first_start_chat_at: z.string(),
  first_operator_answer_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  waiting_seconds: z.number().nullable(),
  handling_seconds: z.number().nullable(),
  open: z.boolean(),
});
export type THistoryRow = z.infer<typeof ZHistoryRow>;

export const ZHistoryPage = z.object({
  items: z.array(ZHistoryRow),
  total: z.number(),
  page: z.number(),
  count: z.number(),
});

/** CPF/CNPJ as the history shows it: digits padded with zeros to 15 characters (spec 2 §9). */
export function padDocument(value: string | null | undefined): string | null {
  if (!value) return null;
  const digits = value.replace(/\D/g, '');
  return digits ? digits.padStart(15, '0') : null;
}

/** One attendance of the contact's timeline (GET /attendances/:id/timeline). */
export const ZTimelineEntry = z.object({
  id: z.number(),
  protocol: z.string(),
  channel_kind: z.string(),
  first_start_chat_at: z.string(),
  closed_at: z.string().nullable(),
  status_name: z.string().nullable(),
  operator: z.string().nullable(),
});
export type TTimelineEntry = z.infer<typeof ZTimelineEntry>;

/** A background export of the user (GET /exports). */
export const ZExport = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.string(),
  rows: z.number().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type TExport = z.infer<typeof ZExport>;

/** GET /history/export answered 202: the export goes on in the background (alert false: a warning). */
export const ZHistoryExportQueued = z.object({
  alert: z.boolean(),
  message: z.string(),
  export_id: z.string(),
});
