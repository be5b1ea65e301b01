// White-label look of a company (spec 2 §3 Company view_data: title, logo, logo_login) as the screens show it:
// the header and the tab of the logged-in area, and the login page before anyone has logged in.
import { z } from './zod';

export const DEFAULT_BRAND_TITLE = 'Prosa';

/** What a screen shows of a company's white-label: its title and one logo (null when none was uploaded). */
export const ZBrand = z.object({ title: z.string(), logo: z.string().nullable() });
export type TBrand = z.infer<typeof ZBrand>;

/** The public look of a login page: a company id or domain (?empresa=), else the page's host name. */
export const ZBrandQuery = z.object({
  empresa: z.string().trim().max(253).optional(),
  host: z.string().trim().max(253).optional(),
});
export type TBrandQuery = z.infer<typeof ZBrandQuery>;

/** The name in the browser tab: the company's title when it has one, else the product's. */
export function brandTitle(brand: TBrand | null | undefined): string {
  const title = brand?.title.trim();
  return title ? title : DEFAULT_BRAND_TITLE;
}

/**
 * Whether a company domain serves a host name: the same name or one of its subdomains
 * (atendimento.empresademo.com.br belongs to empresademo.com.br), without case or a final dot.
 */
export function domainServesHost(domain: string, host: string): boolean {
  const clean = (v: string) => v.trim().toLowerCase().replace(/\.$/, '');
  const d = clean(domain);
  const h = clean(host);
  if (!d || !h) return false;
  return h === d || h.endsWith(`.${d}`);
}
