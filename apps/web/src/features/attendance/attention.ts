import type { TCard, TMessage } from '@prosa/shared/attendance';

/** What the operator is told of, and how (the browser side is given, so the rules are tested alone). */
export type TAttentionEnv = {
  /** The logged-in user (null while the session is not known). */
  userId: () => number | null;
  /** The attendance whose conversation is open on screen. */
  openId: () => number | null;
  /** The operator's setting "silenciar avisos": no sound, no browser notification. */
  muted: () => boolean;
  /** A card already shown in a loaded list (its operator then is known). */
  knownCard: (id: number) => TCard | undefined;
  now: () => number;
  sound: () => void;
  notify: (alert: TAttentionAlert) => void;
  /** Attendances with news the operator has not opened yet: the tab title shows it as "(n) …". */
  setCount: (count: number) => void;
};

export type TAttentionAlert = { attendanceId: number; title: string; body: string };

export const ATTENTION_TEXT = {
  newAttendance: 'Novo atendimento',
  newMessage: (name: string) => `Nova mensagem de ${name}`,
  assigned: 'Atendimento atribuído a você',
} as const;

// One alert per attendance per burst (the card and its first message arrive together), one sound per burst.
const SAME_ATTENDANCE_MS = 3000;
const SOUND_GAP_MS = 1500;

export type TAttention = {
  card: (card: TCard) => void;
  message: (payload: { attendance_id: number; message: TMessage }) => void;
  opened: (id: number | null) => void;
  removed: (id: number) => void;
  count: () => number;
};

const preview = (m: TMessage) =>
  (m.text.trim() || (m.attachments.length > 0 ? '📎 Anexo' : '')).slice(0, 140);

/**
 * Sound, browser notification and tab counter for what arrives while the operator looks elsewhere: a new
 * attendance visible to her or given to her, a customer message on an attendance that is not open.
 */
export function createAttention(env: TAttentionEnv): TAttention {
  const cards = new Map<number, TCard>();
  const pending = new Set<number>();
  const lastAlert = new Map<number, number>();
  let lastSound = Number.NEGATIVE_INFINITY;

  const publish = () => env.setCount(pending.size);

  function alert(a: TAttentionAlert) {
    const now = env.now();
    pending.add(a.attendanceId);
    publish();
    if ((lastAlert.get(a.attendanceId) ?? Number.NEGATIVE_INFINITY) > now - SAME_ATTENDANCE_MS) return;
    lastAlert.set(a.attendanceId, now);
    if (env.muted()) return;
    if (now - lastSound >= SOUND_GAP_MS) {
      lastSound = now;
      env.sound();
    }
    env.notify(a);
  }

  function forget(id: number) {
    if (pending.delete(id)) publish();
  }

  return {
    card(card) {
      const before = cards.get(card.id) ?? env.knownCard(card.id);
      cards.set(card.id, card);
      if (card.id === env.openId()) return forget(card.id);
      // Read elsewhere (another tab, another device): no longer news.
      if (card.unread_count === 0) forget(card.id);
      const me = env.userId();
      if (me === null || card.operator_assigned_id !== me) return;
      if (before?.operator_assigned_id === me) return;
      // Given to her (distribution or a transfer); a card she starts herself (her own message) is no news.
      if (before === undefined && card.last_message_sender !== 0) return;
      alert({
        attendanceId: card.id,
        title: before === undefined ? ATTENTION_TEXT.newAttendance : ATTENTION_TEXT.assigned,
        body: card.name,
      });
    },
    message({ attendance_id, message }) {
      if (message.sender_type !== 0 || attendance_id === env.openId()) return;
      const card = cards.get(attendance_id) ?? env.knownCard(attendance_id);
      const name = card?.name ?? 'Contato';
      const first = (card?.metrics.customer_response_counter ?? 0) <= 1;
      alert({
        attendanceId: attendance_id,
        title: first ? ATTENTION_TEXT.newAttendance : ATTENTION_TEXT.newMessage(name),
        body: first ? `${name}: ${preview(message)}` : preview(message),
      });
    },
    opened(id) {
      if (id !== null) forget(id);
    },
    removed(id) {
      cards.delete(id);
      forget(id);
    },
    count: () => pending.size,
  };
}

/** The tab title with the counter in front ("(3) Prosa"), whatever title the screen set. */
export function titleWithCount(title: string, count: number): string {
  const base = title.replace(/^\(\d+\) /, '');
  return count > 0 ? `(${count}) ${base}` : base;
}
