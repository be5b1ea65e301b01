// NewChat's full page: the pure rules (tested without a browser).
import type { TNewchatPublicConfig } from '@prosa/shared/newchat';
import { queueText } from '@prosa/shared/newchat-queue';
import { type ChatMessage, conversationNotice, finalizedNotice } from './conversation';
import type { WebchatConfig } from './types';

export type NewchatConfig = TNewchatPublicConfig;

export const START_BUTTON = 'Iniciar conversa';
export const FINISH_BUTTON = 'Finalizar atendimento';
export const TYPING_TEXT = 'digitando…';
export const ACCEPT_TERMS = 'Li e aceito os termos de uso';

/** The server behind the page: /newchat/<code> may sit under a reverse proxy's path. */
export function pageBase(
  origin: string,
  pathname: string,
  code: string,
): { base: string; socketPath: string } {
  const at = pathname.indexOf(`/newchat/${code}`);
  const prefix = at > 0 ? pathname.slice(0, at) : '';
  return { base: origin + prefix, socketPath: `${prefix}/socket.io` };
}

/** The page's form as the shared form builder reads it: phone fields are digits (validated as a phone). */
export function formConfig(c: NewchatConfig): WebchatConfig {
  return {
    code: c.code,
    name: c.name,
    title: c.title,
    welcome: c.description || 'Preencha os dados abaixo para começar.',
    button: c.customButton || START_BUTTON,
    color: c.baseColor,
    font_color: '#FFFFFF',
    logo_url: c.img192 || null,
    fields: c.form.map((f) => ({
      name: f.name,
      label: f.label,
      type: f.type === 'number' || f.type === 'phone' ? 'number' : 'text',
      required: f.required,
      ...(f.error ? { error: f.error } : {}),
      ...(f.type === 'phone' ? { mask: '(99) 99999-9999' } : {}),
    })),
  };
}

/**
 * The line under the conversation: the end, else the visitor's place in the queue while waiting (queueMessage
 * with the position), else the web chat's waiting text.
 */
export function newchatNotice(
  messages: readonly ChatMessage[],
  s: { finalized: string | null; answered: boolean; position: number | null },
  c: Pick<NewchatConfig, 'hasQueue' | 'queueMessage'>,
): string | null {
  if (s.finalized !== null) return finalizedNotice(s.finalized);
  if (!s.answered && c.hasQueue && s.position !== null) return queueText(c.queueMessage, s.position);
  return conversationNotice(messages, s);
}

/** Whether the footer link may be a link: only http(s) (the server checks too). */
export function safeLink(url: string): string | null {
  return /^https?:\/\//i.test(url) ? url : null;
}
