// The tab title of a company's brand without zod: the first load sets it; brand.ts re-exports it.

export const DEFAULT_BRAND_TITLE = 'Prosa';

/** The name in the browser tab: the company's title when it has one, else the product's. */
export function brandTitle(brand: { title: string } | null | undefined): string {
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
