import { domainServesHost, type TBrand, type TBrandQuery } from '@prosa/shared/brand';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { whiteLabelUrl } from './company-view';
import { type CompanyRow, findCompaniesByDomains, findCompany } from './repository';
import { readWhiteLabelFile } from './white-label';

const NO_BRAND: TBrand = { title: '', logo: null };
// Company ids are int4: anything longer is not an id.
const ID_RE = /^[1-9]\d{0,9}$/;
const MAX_ID = 2_147_483_647;

/** The header's look for the logged-in company: its title and its logo (served to its users). */
export async function companyBrand(deps: Pick<AppDeps, 'db'>, caller: Caller): Promise<TBrand> {
  const company = await findCompany(deps.db, caller.companyId);
  if (!company) throw notFound();
  return {
    title: company.viewData.title ?? '',
    logo: whiteLabelUrl(company.id, 'logo', company.viewData.logo),
  };
}

/** The file shown on the login page: the login logo, else the logo. */
const loginLogoOf = (c: CompanyRow) => c.viewData.logo_login ?? c.viewData.logo ?? null;

/** The public address of a company's login logo; the file name rides along so a new upload is a new URL. */
const publicLogoUrl = (c: CompanyRow) => {
  const file = loginLogoOf(c);
  return file ? `/api/brand/${c.id}/logo?v=${encodeURIComponent(file)}` : null;
};

/** The parent names a host may belong to, longest first: a.b.com.br → a.b.com.br, b.com.br, com.br. */
function candidateDomains(host: string): string[] {
  const labels = host.trim().toLowerCase().replace(/\.$/, '').split('.');
  const out: string[] = [];
  for (let i = 0; i < labels.length - 1; i++) out.push(labels.slice(i).join('.'));
  return out.filter((d) => d.length > 0);
}

/** The one company a host name belongs to (the longest matching domain); none when two share it. */
async function companyOfHost(deps: Pick<AppDeps, 'db'>, host: string): Promise<CompanyRow | null> {
  const rows = await findCompaniesByDomains(deps.db, candidateDomains(host));
  const serving = rows.filter((c) => domainServesHost(c.domain, host));
  if (serving.length === 0) return null;
  const length = (c: CompanyRow) => c.domain.trim().length;
  const longest = Math.max(...serving.map(length));
  const best = serving.filter((c) => length(c) === longest);
  return best.length === 1 ? (best[0] ?? null) : null;
}

async function companyOfQuery(deps: Pick<AppDeps, 'db'>, query: TBrandQuery): Promise<CompanyRow | null> {
  const code = query.empresa?.trim();
  if (code) {
    if (ID_RE.test(code) && Number(code) <= MAX_ID) return findCompany(deps.db, Number(code));
    // A domain as the code (?empresa=empresademo.com.br): only that exact domain.
    const rows = await findCompaniesByDomains(deps.db, [code.toLowerCase()]);
    return rows.length === 1 ? (rows[0] ?? null) : null;
  }
  return query.host ? companyOfHost(deps, query.host) : null;
}

/**
 * The login page's look before anyone logs in: the title and login logo of the company named by
 * ?empresa= (id or domain) or serving the page's host name; nothing else about it. Unknown → the default.
 */
export async function publicBrand(deps: Pick<AppDeps, 'db'>, query: TBrandQuery): Promise<TBrand> {
  const company = await companyOfQuery(deps, query);
  if (!company) return NO_BRAND;
  return { title: company.viewData.title ?? '', logo: publicLogoUrl(company) };
}

/** The login logo's bytes for the public login page; 404 when the company has none. */
export async function readPublicLogo(deps: Pick<AppDeps, 'db' | 'config'>, companyId: number) {
  if (!Number.isSafeInteger(companyId) || companyId < 1 || companyId > MAX_ID) throw notFound();
  const company = await findCompany(deps.db, companyId);
  const file = company ? loginLogoOf(company) : null;
  if (!company || !file) throw notFound();
  const image = await readWhiteLabelFile(deps, company.id, file);
  if (!image) throw notFound();
  return image;
}
