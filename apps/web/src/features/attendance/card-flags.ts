import type { TCard } from '@prosa/shared/attendance';
import { capabilitiesOf } from '@prosa/shared/channel-capabilities';
import { WEBCHAT_OFFLINE_SECONDS } from '@prosa/shared/channels';

export type TCardFlag = { key: string; label: string; color: string };

/** A contact disconnected for more than 180 s (spec 1 §2: the web chat), recomputed with the screen's clock. */
export function isWebchatOffline(card: Pick<TCard, 'channel_kind' | 'visitor_offline_since'>, nowMs: number) {
  if (!capabilitiesOf(card.channel_kind).presence || !card.visitor_offline_since) return false;
  return nowMs - Date.parse(card.visitor_offline_since) > WEBCHAT_OFFLINE_SECONDS * 1000;
}

/** The small badges of a card, in a fixed order. */
export function cardFlags(card: TCard, nowMs: number): TCardFlag[] {
  const flags: TCardFlag[] = [];
  if (card.busy_client) flags.push({ key: 'busy', label: 'Cliente ocupado', color: 'orange' });
  if (card.out_of_sla) flags.push({ key: 'sla', label: 'Fora do SLA', color: 'red' });
  if (isWebchatOffline(card, nowMs))
    flags.push({ key: 'offline', label: 'Web chat desconectado', color: 'gray' });
  // scheduled 1: waiting for its scheduled return; 2: came back from one (spec 1 §3).
  if (card.scheduled === 1) flags.push({ key: 'scheduled', label: 'Agendado', color: 'violet' });
  if (card.scheduled === 2) flags.push({ key: 'returned', label: 'Retorno', color: 'grape' });
  if (card.auto) flags.push({ key: 'auto', label: 'Automático', color: 'cyan' });
  if (card.locked) flags.push({ key: 'locked', label: 'Travado', color: 'dark' });
  return flags;
}

/** "Você: " or "Nome: " before the preview when the last message came from the operator side. */
export function previewPrefix(card: TCard, userId: number): string {
  if (card.last_message_sender !== 1) return '';
  if (card.operator_assigned_id === userId) return 'Você: ';
  return card.operator_assigned_name ? `${card.operator_assigned_name}: ` : 'Automático: ';
}
