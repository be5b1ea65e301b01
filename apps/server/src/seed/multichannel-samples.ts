import { ZMultichannelPayload, ZMultichannelWidget } from '@prosa/shared/multichannel';
import { and, inArray, isNull } from 'drizzle-orm';
import { channels } from '../db/schema/channels';
import { multichannelLinks } from '../db/schema/multichannel';
import type { Tx } from '../platform/db';
import { ofCompany } from '../platform/tenancy';

/** The demo link's hash: its hotsite is /hotsite/demo-multicanal and its widget /multichannel/demo-multicanal.js. */
export const DEMO_MULTICHANNEL_HASH = 'demo-multicanal';

/**
 * The demo's multichannel link, with the demo channels written before it (web chat, Facebook page, Telegram bot,
 * NewChat) and an e-mail address: its hotsite shows each one. The WhatsApp number by QR has no phone until someone
 * pairs it, so it is listed only after a phone is set on it.
 */
export async function insertDemoMultichannel(tx: Tx, companyId: number) {
  const rows = await tx
    .select()
    .from(channels)
    .where(
      and(
        ofCompany(channels, companyId, isNull(channels.deletedAt)),
        inArray(channels.kind, ['web', 'fa', 'tg', 'nc', 'waweb']),
      ),
    );
  const first = (kind: string) => rows.find((r) => r.kind === kind);
  const web = first('web');
  const fa = first('fa');
  const tg = first('tg');
  const nc = first('nc');
  const numbers = rows.filter((r) => r.kind === 'waweb' && String(r.config.phone_number ?? '') !== '');
  const username = typeof tg?.config.username === 'string' ? tg.config.username : '';
  const payload = ZMultichannelPayload.parse({
    waweb: { enabled: numbers.length > 0, number: numbers.map((n) => n.id) },
    hotsite: { enabled: true, text_description: 'Escolha por onde prefere falar com a gente.' },
    fa: { enabled: !!fa, facebook_user_id: fa?.routeKey ?? '' },
    telegram: { enabled: !!tg && username !== '', telegram_channel: tg?.id ?? null, user_telegram: username },
    em: {
      enabled: true,
      email: 'contato@empresademo.com.br',
      text_description: 'Respondemos em até 1 dia útil.',
    },
    web: {
      enabled: !!web,
      webchat: web?.id ?? null,
      text_description: 'Converse agora com um atendente.',
      call_me_enabled: !!web,
      call_me: { text_description: 'Deixe seu telefone que ligamos para você.' },
    },
    nc: { enabled: !!nc, newchat: nc?.id ?? null },
    custom_links: [{ description: 'Conheça nossos planos', url: 'https://www.empresademo.com.br/planos' }],
  });
  const widget = ZMultichannelWidget.parse({
    title: 'Empresa Demo',
    welcome: 'Olá! Que bom ter você aqui.',
    greeting: 'Como prefere ser atendido?',
  });
  await tx
    .insert(multichannelLinks)
    .values({ companyId, name: 'Canais da Empresa Demo', hash: DEMO_MULTICHANNEL_HASH, widget, payload });
}
