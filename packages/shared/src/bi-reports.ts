import {
  BI_MAX_EMBEDS,
  BI_MSG,
  BI_PROVIDERS,
  BI_REPORTS_PER_PAGE,
  type TBiProvider,
} from './bi-reports-texts';
import { INT4_MAX, zId, zInt4Param, zPage } from './ids';
import { z } from './zod';

// BI report definitions and their embeds (issue 21; spec 3 §2, §3, §5, §7): an installation's admins name a
// provider's report (Metabase dashboard, Power BI report) and the companies whose managers see it embedded.

export * from './bi-reports-texts';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The provider report ids of a definition's report-id: one, or two separated by a comma (spec 3 §2: "report 1
 * also embeds a second report" — the view shows both, one below the other). Metabase: dashboard numbers; Power BI:
 * report GUIDs.
 */
export function parseBiReportIds(
  provider: TBiProvider,
  text: string,
): { ok: true; ids: string[] } | { ok: false; message: string } {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.every((p) => !p)) return { ok: false, message: BI_MSG.reportIdRequired };
  if (parts.length > BI_MAX_EMBEDS) return { ok: false, message: BI_MSG.tooManyIds };
  if (provider === 'metabase') {
    const valid = parts.every((p) => /^\d{1,10}$/.test(p) && Number(p) >= 1 && Number(p) <= INT4_MAX);
    return valid
      ? { ok: true, ids: parts.map((p) => String(Number(p))) }
      : { ok: false, message: BI_MSG.metabaseIdInvalid };
  }
  return parts.every((p) => GUID.test(p))
    ? { ok: true, ids: parts.map((p) => p.toLowerCase()) }
    : { ok: false, message: BI_MSG.powerbiIdInvalid };
}

export const ZBiReportInput = z
  .object({
    name: z
      .string({ error: BI_MSG.nameRequired })
      .trim()
      .min(1, { error: BI_MSG.nameRequired })
      .max(200, { error: 'O nome deve ter no máximo 200 caracteres.' }),
    provider: z.enum(BI_PROVIDERS, { error: BI_MSG.providerRequired }),
    report_id: z
      .string({ error: BI_MSG.reportIdRequired })
      .trim()
      .min(1, { error: BI_MSG.reportIdRequired })
      .max(200, { error: BI_MSG.tooManyIds }),
    company_ids: z.array(zId(BI_MSG.companyNotFound)).max(1000).default([]),
  })
  .superRefine((r, ctx) => {
    const parsed = parseBiReportIds(r.provider, r.report_id);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message, path: ['report_id'] });
  });
export type TBiReportInput = z.input<typeof ZBiReportInput>;

export const ZBiReportListQuery = z.object({
  page: zPage(),
  per_page: zInt4Param({ min: 1, max: 100 }).default(BI_REPORTS_PER_PAGE),
  search: z.string().trim().max(200).optional(),
});

export const ZBiCompanySearchQuery = z.object({ term: z.string().trim().max(200).optional() });

export const ZBiCompanyRef = z.object({ id: z.number(), name: z.string() });
export type TBiCompanyRef = z.infer<typeof ZBiCompanyRef>;

/** A definition as the admin screens show it (companies: only those the caller reaches). */
export const ZBiReport = z.object({
  id: z.number(),
  name: z.string(),
  provider: z.enum(BI_PROVIDERS),
  report_id: z.string(),
  company_ids: z.array(z.number()),
  companies: z.array(ZBiCompanyRef),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TBiReport = z.infer<typeof ZBiReport>;

export const ZBiReportPage = z.object({
  items: z.array(ZBiReport),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});
export type TBiReportPage = z.infer<typeof ZBiReportPage>;

export const ZBiReportSaved = z.object({ id: z.number(), message: z.string() });
export const ZBiMessage = z.object({ message: z.string() });
export const ZBiCompanyOptions = z.array(ZBiCompanyRef);

/** Which providers this installation has settings for. */
export const ZBiProviders = z.object({ metabase: z.boolean(), powerbi: z.boolean() });
export type TBiProviders = z.infer<typeof ZBiProviders>;

/** One provider report ready to embed: the address and, for Power BI, the embed token; expires_at an ISO instant. */
export const ZBiEmbed = z.object({
  kind: z.enum(BI_PROVIDERS),
  report_id: z.string(),
  embed_url: z.string(),
  token: z.string().nullable(),
  expires_at: z.string(),
});
export type TBiEmbed = z.infer<typeof ZBiEmbed>;

export const ZBiEmbedQuery = z.object({
  /** Only this one of the definition's reports (0 or 1): each panel refreshes on its own. */
  part: zInt4Param({ min: 0, max: BI_MAX_EMBEDS - 1, message: BI_MSG.notFound }).optional(),
});

export const ZBiReportView = z.object({ id: z.number(), name: z.string(), embeds: z.array(ZBiEmbed) });
export type TBiReportView = z.infer<typeof ZBiReportView>;
