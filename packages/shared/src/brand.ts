// White-label look of a company (spec 2 §3 Company view_data: title, logo, logo_login) as the screens show it:
// the header and the tab of the logged-in area, and the login page before anyone has logged in.
import { z } from './zod';

export { brandTitle, DEFAULT_BRAND_TITLE, domainServesHost } from './brand-title';

/** What a screen shows of a company's white-label: its title and one logo (null when none was uploaded). */
export const ZBrand = z.object({ title: z.string(), logo: z.string().nullable() });
export type TBrand = z.infer<typeof ZBrand>;

/** The public look of a login page: a company id or domain (?empresa=), else the page's host name. */
export const ZBrandQuery = z.object({
  empresa: z.string().trim().max(253).optional(),
  host: z.string().trim().max(253).optional(),
});
export type TBrandQuery = z.infer<typeof ZBrandQuery>;
