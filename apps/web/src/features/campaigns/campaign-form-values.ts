import {
  type TCampaign,
  type TCampaignChannel,
  type TCampaignInput,
  type TCampaignMedia,
  textPlaceholders,
  ZCampaignInput,
} from '@prosa/shared/campaigns';
import { isoToWallTime, wallTimeToIso } from '@prosa/shared/scheduling';

// The campaign form's values (what the inputs hold) ↔ the API's input (spec 3 §3 Campaign), and the zod issues of
// the shared schema placed on the form's fields.

export type TVariable = { source: 'column' | 'text'; column: string; text: string };
/** A mailing filter row: the recipients are the rows whose `column` holds one of `values`. */
export type TMailingFilter = { column: string; values: string[] };
export type TFormMessage =
  | { type: 'text'; content: string; variants: string[] }
  | { type: 'media'; content: TCampaignMedia };

export type CampaignFormValues = {
  title: string;
  channel: TCampaignChannel | '';
  /** The waent/waweb sending channel. */
  channel_id: string;
  to_subscribers: boolean;
  mailing_id: string;
  /** The mailing column with the phone (its label). */
  field: string;
  filters: TMailingFilter[];
  /** Wall-clock values of the pickers ('YYYY-MM-DD HH:mm:ss', the company's timezone). */
  valid_from: string | null;
  valid_to: string | null;
  schedule_date: string | null;
  tries: number;
  hsm_template: string;
  mailing_columns: TVariable[];
  messages: TFormMessage[];
  sms_broker: string;
  sms_message: string;
};

export const emptyCampaign = (): CampaignFormValues => ({
  title: '',
  channel: '',
  channel_id: '',
  to_subscribers: false,
  mailing_id: '',
  field: '',
  filters: [],
  valid_from: null,
  valid_to: null,
  schedule_date: null,
  tries: 1,
  hsm_template: '',
  mailing_columns: [],
  messages: [{ type: 'text', content: '', variants: [] }],
  sms_broker: '',
  sms_message: '',
});

const num = (v: string) => (/^\d+$/.test(v) ? Number(v) : null);
const instant = (v: string | null, tz: string) => (v ? wallTimeToIso(v, tz) : null);

/** The filter rows as the API takes them: column → values; rows without a column or values are left out. */
export function filtersOf(rows: TMailingFilter[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const r of rows) {
    const values = [...new Set(r.values.map((x) => x.trim()).filter(Boolean))];
    if (r.column && values.length > 0) out[r.column] = [...(out[r.column] ?? []), ...values];
  }
  return out;
}

/** What the form sends (create and update). */
export function toCampaignInput(v: CampaignFormValues, tz: string): TCampaignInput {
  const channel = v.channel || undefined;
  const toSubscribers = v.channel !== 'sms' && v.to_subscribers;
  const field = toSubscribers ? null : v.field || null;
  const base = {
    title: v.title,
    channel: channel as TCampaignChannel,
    channel_id: v.channel === 'sms' ? num(v.sms_broker) : num(v.channel_id),
    to_subscribers: toSubscribers,
    mailing_id: toSubscribers ? null : num(v.mailing_id),
    filters: toSubscribers ? {} : filtersOf(v.filters),
    valid_from: instant(v.valid_from, tz),
    valid_to: instant(v.valid_to, tz),
    schedule_date: instant(v.schedule_date, tz),
    tries: v.tries,
  };
  if (v.channel === 'sms')
    return {
      ...base,
      use_mailing_fields: textPlaceholders(v.sms_message).length > 0,
      whatsapp: null,
      sms: { active: true, broker: num(v.sms_broker), field, message: v.sms_message },
    };
  if (v.channel === 'waent') {
    // To all subscribers there is no mailing: every variable is its fixed text.
    const columns = v.mailing_columns.map((m) =>
      m.source === 'column' && !toSubscribers ? { column: m.column || null } : { text: m.text },
    );
    return {
      ...base,
      use_mailing_fields: columns.some((c) => 'column' in c && c.column),
      whatsapp: {
        active: true,
        campaign_type: 'hsm',
        hsm_template: num(v.hsm_template),
        mailing_columns: columns,
        messages: [],
        field,
      },
      sms: null,
    };
  }
  const messages = v.messages.map((m) =>
    m.type === 'text' ? { type: 'text' as const, content: m.content, variants: m.variants } : m,
  );
  return {
    ...base,
    use_mailing_fields:
      !toSubscribers &&
      messages.some(
        (m) => m.type === 'text' && [m.content, ...m.variants].some((t) => textPlaceholders(t).length > 0),
      ),
    whatsapp: v.channel === 'waweb' ? { active: true, campaign_type: 'message', messages, field } : null,
    sms: null,
  };
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** A saved campaign back into the form (editing). */
export function fromCampaign(c: TCampaign, tz: string): CampaignFormValues {
  const w = c.whatsapp as {
    hsm_template?: number | null;
    mailing_columns?: { column?: string | null; text?: string | null }[];
    messages?: TFormMessage[];
    field?: string | null;
  };
  const s = c.sms as { broker?: number | null; field?: string | null; message?: string };
  const wall = (iso: string | null) => (iso ? isoToWallTime(iso, tz) : null);
  return {
    ...emptyCampaign(),
    title: c.title,
    channel: c.channel,
    channel_id: c.channel === 'sms' ? '' : str(c.channel_id),
    to_subscribers: c.to_subscribers,
    mailing_id: str(c.mailing_id),
    field: str(c.channel === 'sms' ? s.field : w.field),
    filters: Object.entries((c.filters ?? {}) as Record<string, unknown>).map(([column, values]) => ({
      column,
      values: Array.isArray(values) ? values.map(String) : [],
    })),
    valid_from: wall(c.valid_from),
    valid_to: wall(c.valid_to),
    schedule_date: wall(c.schedule_date),
    tries: c.tries,
    hsm_template: str(w.hsm_template),
    mailing_columns: (w.mailing_columns ?? []).map((m) =>
      m.column
        ? { source: 'column', column: m.column, text: '' }
        : { source: 'text', column: '', text: m.text ?? '' },
    ),
    messages:
      c.channel === 'waweb' && w.messages?.length
        ? w.messages.map((m) => (m.type === 'text' ? { ...m, variants: m.variants ?? [] } : m))
        : emptyCampaign().messages,
    sms_broker: c.channel === 'sms' ? str(s.broker ?? c.channel_id) : '',
    sms_message: s.message ?? '',
  };
}

/** A schema issue's path → the form field that shows it. */
export function formPath(path: readonly PropertyKey[], channel: CampaignFormValues['channel']): string {
  const p = path.map(String);
  const [head, second, ...rest] = p;
  if (head === 'channel_id') return channel === 'sms' ? 'sms_broker' : 'channel_id';
  if (head === 'sms') {
    if (second === 'broker') return 'sms_broker';
    if (second === 'message') return 'sms_message';
    if (second === 'field') return 'field';
    return 'channel';
  }
  if (head === 'whatsapp') {
    if (second === 'field') return 'field';
    if (second === 'hsm_template') return 'hsm_template';
    if (second === 'mailing_columns') return rest.length ? `mailing_columns.${rest[0]}.text` : 'hsm_template';
    if (second === 'messages') return rest.length ? ['messages', ...rest].join('.') : 'messages';
    return 'channel';
  }
  return p.join('.');
}

/** Client validation with the shared schema: each issue on its form field (the first per field). */
export function validateCampaign(v: CampaignFormValues, tz: string): Record<string, string> {
  const r = ZCampaignInput.safeParse(toCampaignInput(v, tz));
  const errors: Record<string, string> = {};
  if (r.success) return errors;
  for (const issue of r.error.issues) {
    const path = formPath(issue.path, v.channel) || 'title';
    if (!(path in errors)) errors[path] = issue.message;
  }
  return errors;
}

/** Template body parameters {{1}}…{{n}} → one variable each, keeping what was filled. */
export function resizeVariables(current: TVariable[], count: number): TVariable[] {
  return Array.from({ length: count }, (_, i) => current[i] ?? { source: 'column', column: '', text: '' });
}
