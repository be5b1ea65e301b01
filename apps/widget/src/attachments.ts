import type { WidgetAttachment } from './types';

const KINDS = new Set(['image', 'video', 'document', 'audio']);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * The attachments of a server message that the widget can show, their URLs made absolute on the Prosa
 * server (the page is a customer's site). Anything malformed or not http(s) is left out.
 */
export function readAttachments(list: unknown, base: string): WidgetAttachment[] {
  if (!Array.isArray(list)) return [];
  const out: WidgetAttachment[] = [];
  for (const a of list) {
    if (
      !isObject(a) ||
      typeof a.id !== 'string' ||
      typeof a.url !== 'string' ||
      typeof a.originalName !== 'string' ||
      typeof a.type !== 'string' ||
      !KINDS.has(a.type)
    )
      continue;
    let url: URL;
    try {
      url = new URL(a.url, base);
    } catch {
      continue;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') continue;
    out.push({
      id: a.id,
      type: a.type as WidgetAttachment['type'],
      mimeType: typeof a.mimeType === 'string' ? a.mimeType : '',
      originalName: a.originalName,
      size: typeof a.size === 'number' ? a.size : 0,
      url: url.toString(),
    });
  }
  return out;
}
