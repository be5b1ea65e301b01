import { randomUUID } from 'node:crypto';
import type { TStoredAttachment } from '@prosa/shared/attachments';
import { fillTemplate } from '@prosa/shared/hsm';
import type { ChannelCtx, OpenChannel, OutboundSend, TemplatePayload } from '../../channels/port';
import { asWaent } from '../../channels/waent/config';
import { uploadTemplateMedia } from '../../channels/waent/send';
import type { Db } from '../../platform/db';
import type { Storage } from '../../platform/storage/storage';
import { templatePayload } from '../active-whatsapp/template-payload';
import { referenceOf } from '../campaign-statuses/campaign-status';
import { findVisibleTemplate, type HsmRow } from '../hsm/repository';
import type { ClaimedContact, RunningCampaign } from './repository';

// What each recipient of a campaign receives, built once per campaign (the template, its header media uploaded
// once) and filled per recipient: the template's variables from the mailing's columns, {{coluna}} placeholders
// in texts, one of the text's variants at random (WhatsApp by QR).

export type CampaignContent = {
  /** The message for one recipient; null when the campaign's content cannot be sent (its error). */
  forContact(c: ClaimedContact): OutboundSend;
  template: HsmRow | null;
};

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** {{coluna}} placeholders filled with the recipient's values (by label, case-insensitive); unknown ones empty. */
export function fillPlaceholders(text: string, vars: Record<string, string>): string {
  const byLower = new Map(Object.entries(vars).map(([k, v]) => [k.trim().toLowerCase(), v] as const));
  return text.replace(
    /\{\{\s*([^{}]+?)\s*\}\}/g,
    (_whole, name: string) => byLower.get(name.trim().toLowerCase()) ?? '',
  );
}

/** The values of a template's {{1}}…{{n}}: each from a mailing column of the recipient or a fixed text. */
export function templateValues(columns: unknown, vars: Record<string, string>): string[] {
  const list = Array.isArray(columns) ? columns : [];
  const byLower = new Map(Object.entries(vars).map(([k, v]) => [k.trim().toLowerCase(), v] as const));
  return list.map((item) => {
    if (typeof item === 'string') return byLower.get(item.trim().toLowerCase()) ?? '';
    const o = obj(item);
    const column = str(o.column).trim();
    if (column) return byLower.get(column.toLowerCase()) ?? '';
    return str(o.text);
  });
}

const MIME_BY_EXT: Record<string, string> = {
  bmp: 'image/bmp',
  gif: 'image/gif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  mp4: 'video/mp4',
  pdf: 'application/pdf',
};

/** A campaign media item ({ key, name, type, … }) as the attachment an adapter sends. */
export function mediaAttachment(content: unknown): TStoredAttachment | null {
  const o = obj(content);
  const key = str(o.key);
  if (!key) return null;
  const name = str(o.name) || str(o.file_name) || key.split('/').pop() || 'arquivo';
  const ext = name.split('.').pop()?.toLowerCase() ?? '';
  const given = str(o.mime_type) || str(o.mimeType) || (str(o.type).includes('/') ? str(o.type) : '');
  const mimeType = given || MIME_BY_EXT[ext] || 'application/octet-stream';
  const type: TStoredAttachment['type'] = mimeType.startsWith('image/')
    ? 'image'
    : mimeType.startsWith('video/')
      ? 'video'
      : mimeType.startsWith('audio/')
        ? 'audio'
        : 'document';
  return {
    id: randomUUID(),
    type,
    mimeType,
    originalName: name,
    key,
    size: Math.max(0, Math.trunc(Number(o.size) || 0)),
  };
}

const pick = <T>(list: T[]): T | undefined => list[Math.floor(Math.random() * list.length)];

/** Builds a campaign's content; throws with a Portuguese text when it cannot be sent. */
export async function campaignContent(
  deps: { db: Db; storage: Storage; ctx: ChannelCtx },
  c: RunningCampaign,
  channel: OpenChannel,
): Promise<CampaignContent> {
  const base = (contact: ClaimedContact) => ({
    messageId: -contact.id,
    to: { externalId: contact.contactKey, data: { phone: contact.contactKey } },
    reference: referenceOf(contact.id),
    media: [] as TStoredAttachment[],
  });

  if (c.channel === 'waent') {
    const templateId = Number(c.whatsapp.hsm_template);
    const template = Number.isInteger(templateId)
      ? await findVisibleTemplate(deps.db, c.companyId, templateId)
      : undefined;
    if (!template) throw new Error('Modelo HSM da campanha não encontrado.');
    let headerMedia: { id: string } | null = null;
    if (template.headerType && template.headerType !== 'text') {
      const key = template.headerMediaKey;
      const waent = asWaent(channel);
      if (!key || !waent) throw new Error('O modelo HSM precisa de uma mídia de cabeçalho.');
      const file = await deps.storage.get(key);
      if (!file) throw new Error('Mídia de cabeçalho do modelo HSM não encontrada.');
      const chunks: Buffer[] = [];
      for await (const part of file.body) chunks.push(Buffer.from(part as Buffer));
      const up = await uploadTemplateMedia(deps.ctx, waent, {
        data: Buffer.concat(chunks),
        mimeType: file.contentType,
        name: key.split('/').pop() ?? 'arquivo',
      });
      if (up.state !== 'sent') throw new Error(`Falha ao enviar a mídia do modelo: ${up.error}`);
      headerMedia = { id: up.mediaId };
    }
    return {
      template,
      forContact(contact) {
        const values = templateValues(c.whatsapp.mailing_columns, contact.vars);
        const payload = templatePayload(template, values, headerMedia);
        const tpl = payload.type === 'template' ? (payload.template as TemplatePayload) : undefined;
        return {
          ...base(contact),
          text: fillTemplate(template.template, values),
          ...(tpl ? { template: tpl } : {}),
        };
      },
    };
  }

  if (c.channel === 'sms') {
    const message = str(c.sms.message);
    if (!message.trim()) throw new Error('A campanha de SMS não tem mensagem.');
    return {
      template: null,
      forContact: (contact) => ({
        ...base(contact),
        text: fillPlaceholders(message, contact.vars).slice(0, 160),
      }),
    };
  }

  // WhatsApp by QR: its texts (one variant at random) and files, in one message per recipient.
  const messages = Array.isArray(c.whatsapp.messages) ? c.whatsapp.messages.map(obj) : [];
  const texts = messages.filter((m) => m.type === 'text');
  const media = messages.filter((m) => m.type === 'media').flatMap((m) => mediaAttachment(m.content) ?? []);
  if (texts.length === 0 && media.length === 0) throw new Error('A campanha não tem mensagens.');
  return {
    template: null,
    forContact(contact) {
      const parts = texts.map((t) => {
        const variants = [str(t.content), ...(Array.isArray(t.variants) ? t.variants.map(str) : [])].filter(
          (v) => v.trim(),
        );
        const chosen = pick(variants) ?? '';
        return c.useMailingFields || /\{\{/.test(chosen) ? fillPlaceholders(chosen, contact.vars) : chosen;
      });
      return { ...base(contact), text: parts.join('\n\n'), media };
    },
  };
}
