import {
  MULTICHANNEL_TYPE_LABEL,
  type TMultichannelButton,
  type TMultichannelOption,
  type TMultichannelPayload,
  type TMultichannelPublic,
  type TMultichannelPublicButton,
  type TMultichannelWidget,
} from '@prosa/shared/multichannel';
import type { MultichannelLinkRow } from '../../db/schema/multichannel';
import { readPayload, readWidget } from './link-json';

/**
 * What the hotsite and the widget show of a link: its look and one button per enabled channel marked
 * show_in_hotsite whose channel is still live, in the spec's order (WhatsApp numbers, Facebook, Telegram, e-mail,
 * web chat, call me, NewChat, custom links). Nothing else of the link or the company leaves the server.
 */
export function publicView(row: MultichannelLinkRow, options: TMultichannelOption[]): TMultichannelPublic {
  const widget = readWidget(row.widget);
  const p = readPayload(row.payload);
  return {
    hash: row.hash,
    title: widget.title || row.name,
    welcome: widget.welcome,
    greeting: widget.greeting,
    colors: {
      welcome: widget.welcome_color,
      greeting: widget.greeting_color,
      buttons: widget.buttons_color,
      buttons_text: widget.buttons_text_color,
      icons: widget.icons_color,
    },
    logo_url: widget.logo_image,
    hotsite_url: p.hotsite.enabled ? `/hotsite/${row.hash}` : null,
    buttons: buttonsOf(p, widget, options),
  };
}

function buttonsOf(
  p: TMultichannelPayload,
  widget: TMultichannelWidget,
  options: TMultichannelOption[],
): TMultichannelPublicButton[] {
  const label = (t: TMultichannelButton) => widget.buttons[t].trim() || MULTICHANNEL_TYPE_LABEL[t];
  const find = (kind: TMultichannelOption['kind'], pred: (o: TMultichannelOption) => boolean) =>
    options.find((o) => o.kind === kind && pred(o));
  const shown = (c: { enabled: boolean; show_in_hotsite: boolean }) => c.enabled && c.show_in_hotsite;
  const out: TMultichannelPublicButton[] = [];
  const push = (b: Omit<TMultichannelPublicButton, 'webchat_code'> & { webchat_code?: string | null }) =>
    out.push({ ...b, webchat_code: b.webchat_code ?? null });

  if (shown(p.waweb)) {
    const numbers = p.waweb.number
      .map((id) => find('waweb', (o) => o.id === id))
      .filter((o): o is TMultichannelOption => !!o && o.detail !== '');
    for (const n of numbers)
      push({
        type: 'waweb',
        label: numbers.length > 1 ? `${label('waweb')} · ${n.name}` : label('waweb'),
        description: p.waweb.text_description,
        href: `https://wa.me/${n.detail}`,
      });
  }
  if (shown(p.fa) && find('fa', (o) => o.detail === p.fa.facebook_user_id))
    push({
      type: 'fa',
      label: label('fa'),
      description: p.fa.text_description,
      href: `https://m.me/${p.fa.facebook_user_id}`,
    });
  const tg = find('tg', (o) => o.id === p.telegram.telegram_channel);
  const tgUser = p.telegram.user_telegram.replace(/^@/, '') || tg?.detail || '';
  if (shown(p.telegram) && tg && tgUser)
    push({
      type: 'telegram',
      label: label('telegram'),
      description: p.telegram.text_description,
      href: `https://t.me/${encodeURIComponent(tgUser)}`,
    });
  if (shown(p.em) && p.em.email)
    push({
      type: 'em',
      label: label('em'),
      description: p.em.text_description,
      href: `mailto:${p.em.email}`,
    });
  const web = find('web', (o) => o.id === p.web.webchat);
  if (p.web.enabled && web) {
    if (p.web.show_in_hotsite)
      push({
        type: 'web',
        label: label('web'),
        description: p.web.text_description,
        href: null,
        webchat_code: web.detail,
      });
    if (p.web.call_me_enabled)
      push({
        type: 'call_me',
        label: label('call_me'),
        description: p.web.call_me.text_description,
        href: null,
        webchat_code: web.detail,
      });
  }
  const nc = find('nc', (o) => o.id === p.nc.newchat);
  if (shown(p.nc) && nc)
    push({
      type: 'nc',
      label: label('nc'),
      description: p.nc.text_description,
      href: `/newchat/${encodeURIComponent(nc.detail)}`,
    });
  for (const l of p.custom_links) push({ type: 'link', label: l.description, description: '', href: l.url });
  return out;
}
