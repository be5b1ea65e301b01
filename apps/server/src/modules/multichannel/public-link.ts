import { cssHasHtml, MULTICHANNEL_MSG } from '@prosa/shared/multichannel';
import type { AppDeps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { hotsitePage } from './hotsite-page';
import { readPayload } from './link-json';
import { linkableChannels } from './linkable-channels';
import { publicView } from './public-view';
import { findLinkByHash } from './repository';

type Deps = Pick<AppDeps, 'db'>;

export const HASH_RE = /^[A-Za-z0-9_-]{8,64}$/;

async function load(deps: Deps, hash: string) {
  const row = HASH_RE.test(hash) ? await findLinkByHash(deps.db, hash) : null;
  if (!row) throw notFound(MULTICHANNEL_MSG.notFound);
  const view = publicView(row, await linkableChannels(deps.db, row.companyId));
  return { row, view };
}

/** GET /api/multichannel/public/<hash>: what the hotsite shows, for the embeddable widget. */
export async function publicLink(deps: Deps, hash: string) {
  return (await load(deps, hash)).view;
}

/** GET /hotsite/<hash>: the page, or null when the link is unknown, deleted or its hotsite is off. */
export async function renderHotsite(deps: Deps, hash: string): Promise<string | null> {
  const found = await load(deps, hash).catch((e: unknown) => {
    if (e instanceof AppError) return null;
    throw e;
  });
  if (!found?.view.hotsite_url) return null;
  const payload = readPayload(found.row.payload);
  const css = payload.custom_css;
  // Checked when saved; checked again so a row written another way never closes the <style>.
  return hotsitePage(found.view, {
    customCss: cssHasHtml(css) ? '' : css,
    intro: payload.hotsite.text_description,
  });
}
