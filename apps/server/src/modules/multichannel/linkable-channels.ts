import type { TMultichannelOption, TMultichannelPayload } from '@prosa/shared/multichannel';
import { MULTICHANNEL_MSG } from '@prosa/shared/multichannel';
import type { ChannelRow } from '../../db/schema/channels';
import type { Db } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { listLinkableChannels } from './repository';

type Kind = TMultichannelOption['kind'];
const KINDS: Kind[] = ['waweb', 'fa', 'web', 'tg', 'nc'];

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** What a button needs of a channel: WhatsApp's phone, the page id, the bot's username, a web chat's code. */
function detailOf(c: ChannelRow): string {
  switch (c.kind) {
    case 'waweb':
      return str(c.config.phone_number).replace(/\D/g, '');
    case 'tg':
      return str(c.config.username).replace(/^@/, '');
    default:
      return c.routeKey;
  }
}

export function toOption(c: ChannelRow): TMultichannelOption {
  return { id: c.id, kind: c.kind as Kind, name: c.name, detail: detailOf(c) };
}

export async function linkableChannels(db: Db, companyId: number): Promise<TMultichannelOption[]> {
  return (await listLinkableChannels(db, companyId, KINDS)).map(toOption);
}

/** Every channel the payload selects must be one of the company's live channels of that kind (else 400). */
export async function assertOwnChannels(db: Db, companyId: number, p: TMultichannelPayload) {
  const options = await linkableChannels(db, companyId);
  const has = (kind: Kind, pred: (o: TMultichannelOption) => boolean) =>
    options.some((o) => o.kind === kind && pred(o));
  const ok =
    p.waweb.number.every((id) => has('waweb', (o) => o.id === id)) &&
    (p.fa.facebook_user_id === '' || has('fa', (o) => o.detail === p.fa.facebook_user_id)) &&
    (p.web.webchat === null || has('web', (o) => o.id === p.web.webchat)) &&
    (p.telegram.telegram_channel === null || has('tg', (o) => o.id === p.telegram.telegram_channel)) &&
    (p.nc.newchat === null || has('nc', (o) => o.id === p.nc.newchat));
  if (!ok) throw badRequest(MULTICHANNEL_MSG.channelInvalid);
}
