import type { AppDeps, Caller } from '../../platform/deps';
import { sectorNames } from '../facebook/facebook-app';
import { listPageChannels } from '../facebook/page-repository';
import { instagramView } from './instagram-view';
import { findInstaChannel, listInstaChannels } from './repository';

type Deps = Pick<AppDeps, 'db'>;

async function names(deps: Deps, companyId: number) {
  const pages = await listPageChannels(deps.db, companyId);
  return {
    sectors: await sectorNames(deps.db, companyId),
    pages: new Map(pages.map((p) => [p.config.page_id, p.config.page_name || p.name])),
  };
}

/** Instagram "all": the company's Instagram accounts. */
export async function listInstagram(deps: Deps, caller: Caller) {
  const n = await names(deps, caller.companyId);
  return (await listInstaChannels(deps.db, caller.companyId)).map((c) =>
    instagramView(c, n.sectors, n.pages),
  );
}

/** One account as the screen shows it, or null. */
export async function instagramOf(deps: Deps, companyId: number, id: number) {
  const ch = await findInstaChannel(deps.db, companyId, id);
  if (!ch) return null;
  const n = await names(deps, companyId);
  return instagramView(ch, n.sectors, n.pages);
}
