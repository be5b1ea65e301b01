// The WhatsApp Cloud API webhook payload (object "whatsapp_business_account"): entry[].changes[].value with
// metadata.phone_number_id, contacts, messages and statuses. Parsing is pure; media are fetched afterwards.

export type WaMessage = {
  from: string;
  id: string;
  timestamp?: string;
  type: string;
  context?: { id?: string; from?: string };
  text?: { body?: string };
  image?: WaMedia;
  video?: WaMedia;
  audio?: WaMedia;
  document?: WaMedia;
  sticker?: WaMedia;
  location?: { latitude?: number; longitude?: number; name?: string; address?: string };
  contacts?: {
    name?: { formatted_name?: string; first_name?: string };
    phones?: { phone?: string; wa_id?: string }[];
  }[];
  interactive?: {
    type?: string;
    button_reply?: { id?: string; title?: string };
    list_reply?: { id?: string; title?: string; description?: string };
  };
  button?: { payload?: string; text?: string };
  reaction?: { message_id?: string; emoji?: string };
};
export type WaMedia = {
  id?: string;
  mime_type?: string;
  caption?: string;
  filename?: string;
  sha256?: string;
};

export type WaStatus = {
  id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed' | string;
  timestamp?: string;
  recipient_id?: string;
  errors?: { code?: number; title?: string; message?: string; error_data?: { details?: string } }[];
};

export type WaChange = {
  phoneNumberId: string | null;
  contacts: Map<string, string>;
  messages: WaMessage[];
  statuses: WaStatus[];
};

const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export function parseWebhook(payload: unknown): WaChange[] {
  const out: WaChange[] = [];
  for (const entry of arr(obj(payload).entry)) {
    for (const change of arr(obj(entry).changes)) {
      const value = obj(obj(change).value);
      const contacts = new Map<string, string>();
      for (const c of arr(value.contacts)) {
        const waId = obj(c).wa_id;
        const name = obj(obj(c).profile).name;
        if (typeof waId === 'string') contacts.set(waId, typeof name === 'string' ? name : waId);
      }
      const pid = obj(value.metadata).phone_number_id;
      out.push({
        phoneNumberId: typeof pid === 'string' ? pid : null,
        contacts,
        messages: arr(value.messages).filter(
          (m): m is WaMessage => typeof obj(m).id === 'string' && typeof obj(m).from === 'string',
        ),
        statuses: arr(value.statuses).filter(
          (s): s is WaStatus => typeof obj(s).id === 'string' && typeof obj(s).status === 'string',
        ),
      });
    }
  }
  return out;
}

export const MEDIA_TYPES = ['image', 'video', 'audio', 'document', 'sticker'] as const;

/** The text a message shows in the chat (media get their caption; the file is attached separately). */
export function messageText(m: WaMessage): { text: string; metadata: Record<string, unknown> } {
  switch (m.type) {
    case 'text':
      return { text: m.text?.body ?? '', metadata: {} };
    case 'image':
    case 'video':
    case 'audio':
    case 'document':
    case 'sticker': {
      const media = m[m.type];
      return { text: media?.caption ?? '', metadata: { wa_type: m.type } };
    }
    case 'location': {
      const l = m.location ?? {};
      const place = [l.name, l.address].filter(Boolean).join(' - ');
      return {
        text: `📍 Localização: ${l.latitude ?? '?'}, ${l.longitude ?? '?'}${place ? ` (${place})` : ''}`,
        metadata: { wa_type: 'location', location: l },
      };
    }
    case 'contacts': {
      const lines = (m.contacts ?? []).map((c) => {
        const name = c.name?.formatted_name ?? c.name?.first_name ?? 'Contato';
        const phones = (c.phones ?? []).map((p) => p.phone ?? p.wa_id).filter(Boolean);
        return `👤 ${name}${phones.length ? `: ${phones.join(', ')}` : ''}`;
      });
      return {
        text: lines.join('\n') || '👤 Contato',
        metadata: { wa_type: 'contacts', contacts: m.contacts },
      };
    }
    case 'interactive': {
      const r = m.interactive?.button_reply ?? m.interactive?.list_reply;
      return {
        text: r?.title ?? '',
        metadata: { wa_type: 'interactive', reply_id: r?.id ?? null, interactive_type: m.interactive?.type },
      };
    }
    case 'button':
      return {
        text: m.button?.text ?? '',
        metadata: { wa_type: 'button', payload: m.button?.payload ?? null },
      };
    case 'reaction':
      return {
        text: m.reaction?.emoji ? `Reagiu com ${m.reaction.emoji}` : 'Removeu a reação',
        metadata: { wa_type: 'reaction', reaction: m.reaction },
      };
    default:
      return {
        text: `Mensagem do tipo "${m.type}" não suportada.`,
        metadata: { wa_type: m.type, unsupported: true },
      };
  }
}
