import { mailingPeriodNote } from '@prosa/shared/mailing';
import type { TNegotiatorOptions } from '@prosa/shared/negotiator-admin';
import type { AppDeps, Caller } from '../../platform/deps';
import { companyToday } from '../mailing/repository';
import { companyChannels, companyLinks, companyMailings, companyStatuses } from './admin-repository';
import { linkChannels, linkNumbers, phoneOf } from './link-channels';

type Deps = Pick<AppDeps, 'db'>;

/**
 * What the negotiator form offers (spec 3 §5): mailings active and within validity today (the kept one listed
 * with its note), multichannel links with their WhatsApp numbers, the enterprise WhatsApp channels, and the
 * statuses not used by the bot.
 */
export async function negotiatorOptions(
  deps: Deps,
  caller: Caller,
  query: { keep_mailing_id?: number },
): Promise<TNegotiatorOptions> {
  const companyId = caller.companyId;
  const [today, mails, links, chans, stats] = await Promise.all([
    companyToday(deps.db, companyId),
    companyMailings(deps.db, companyId),
    companyLinks(deps.db, companyId),
    companyChannels(deps.db, companyId, ['waweb', 'waent']),
    companyStatuses(deps.db, companyId),
  ]);
  const mailings = mails.flatMap((m) => {
    const note = mailingPeriodNote(
      { active: m.active, due_date_min: m.dueDateMin, due_date_max: m.dueDateMax },
      today,
    );
    if (note !== null && m.id !== query.keep_mailing_id) return [];
    return [{ id: m.id, title: m.title, fields: m.fields, note }];
  });
  return {
    mailings,
    multichannels: links.map((l) => {
      const lc = linkChannels(l.payload);
      return {
        id: l.id,
        name: l.name,
        whatsapp: linkNumbers(l.payload, chans),
        webchat: lc.webchat !== null,
        newchat: lc.newchat !== null,
      };
    }),
    whatsapp_channels: chans
      .filter((c) => c.kind === 'waent')
      .map((c) => ({ id: c.id, name: c.name, phone_number: phoneOf(c) })),
    statuses: stats
      .filter((s) => !s.useInBot)
      .map((s) => ({ id: s.id, name: s.name, should_close: s.shouldClose })),
  };
}
