// The trigger engine the automation consumer calls (modules/automation-consumer/consumer.ts; decision 0009):
// opening triggers, the trigger menu, the agreement, text triggers in the menu and in human mode, the
// notifications of unsupported media, offline operators and the close. Everything runs in the consumer's
// transaction (`run.tx`); times read `run.now` in the company's timezone.
import type { TCloseReason } from '@prosa/shared/facts';
import { META_MSG } from '@prosa/shared/meta';
import { TELEGRAM_MSG } from '@prosa/shared/telegram';
import {
  AGREEMENT_OPTIONS_TEXT,
  agreementReply,
  normalizeTriggerText,
  pickMenuButton,
  type TMenuButton,
  type TTriggerAction,
  triggerAlternatives,
} from '@prosa/shared/triggers';
import type { TriggerRow } from '../../db/schema/automation';
import { type AutomationRun, finalizeByBot, hold, release, type SessionRow } from '../automation/run';
import { companyOfflineReply, companyOutOfHoursReply } from './company-automatic';
import {
  askMailingValidation,
  MAILING_VALIDATION_STATE,
  mailingSectorTransfer,
  onMailingValidationReply,
} from './engine-mailing';
import {
  closedWithFarewell,
  companyClock,
  contactData,
  dayMinutes,
  endSession,
  type LoadedTriggers,
  loadTriggers,
  markAgreementAccepted,
  menuText,
  sectorHasOnlineOperator,
  sendTrigger,
} from './engine-support';
import { sectorIds } from './repository';

const OPENING_KINDS = [
  'first_message',
  'before_working_period',
  'after_working_period',
  'limit_receivement',
  'close_attempted',
  'agreement',
  'mailing_validation',
  'mailing_sector_transfer',
] as const;

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const statusOf = (v: unknown) => (typeof v === 'number' && v > 0 ? v : null);

/** The first text trigger (in order) one of whose alternatives is the customer's whole text. */
function matchTrigger(rows: readonly TriggerRow[], text: string): TriggerRow | undefined {
  const t = normalizeTriggerText(text);
  if (!t) return undefined;
  return rows.find((r) => triggerAlternatives(r.triggerText).includes(t));
}

/**
 * A text trigger's actions in order: TEXT and MEDIA sent (origin 'trigger'); then, once the messages are stored,
 * EXIT_CHAT finalizes; CHAT hands a menu-held attendance to people (no-op in human mode: already with people);
 * QUIT_CHAT takes a human-mode attendance back to the menu (no-op in the menu, or without a menu).
 */
async function runTextTrigger(
  run: AutomationRun,
  row: TriggerRow,
  mode: 'menu' | 'human',
  loaded: LoadedTriggers,
) {
  let chat: { sectorId: number | null } | null = null;
  let quit = false;
  let exitStatus: number | null = null;
  for (const action of row.actions as TTriggerAction[]) {
    switch (action.type) {
      case 'TEXT':
        await sendTrigger(run, 'text', { text: str(action.params?.text), triggerId: row.id });
        break;
      case 'MEDIA':
        await sendTrigger(run, 'text', { image: action.params?.image, triggerId: row.id });
        break;
      case 'CHAT':
        chat = { sectorId: action.params?.sector_id ?? null };
        break;
      case 'QUIT_CHAT':
        quit = true;
        break;
      case 'EXIT_CHAT':
        exitStatus = statusOf(action.params?.status_id);
        break;
    }
  }
  if (exitStatus !== null) {
    await finalizeByBot(run, exitStatus);
    return;
  }
  if (mode === 'menu' && chat) {
    const wanted = chat.sectorId;
    // A sector removed since the trigger was saved: the attendance's own.
    const exists =
      wanted !== null && (await sectorIds(run.tx, run.attendance.companyId, [wanted])).has(wanted);
    await release(run, { holder: 'menu', sectorId: exists && wanted !== null ? wanted : undefined });
    return;
  }
  if (mode === 'human' && quit) {
    const menu = menuText(loaded);
    if (!menu) return;
    await sendTrigger(run, menu.kind, { text: menu.text });
    await hold(run, { holder: 'menu' });
  }
}

/** Opening triggers: first message, working periods and receiving limit, close attempt, agreement. */
export async function onOpened(run: AutomationRun): Promise<'closed' | 'held' | 'continue'> {
  const { other: o } = await loadTriggers(run, OPENING_KINDS);
  // The company's out-of-hours reply (company edit) when the channel has no working periods of its own.
  const companyReply =
    o.before_working_period || o.after_working_period ? null : await companyOutOfHoursReply(run);
  if (Object.keys(o).length === 0) {
    if (companyReply) await sendTrigger(run, 'out_of_hours', { text: companyReply });
    return 'continue';
  }
  const timed = o.before_working_period || o.after_working_period || o.limit_receivement || o.close_attempted;
  const clock = timed ? await companyClock(run) : null;
  const periods: { kind: string; text: string }[] = [];
  let closeStatus: number | null = null;
  if (clock) {
    const { day, minutes } = clock;
    const start = dayMinutes(o.before_working_period, day);
    if (start !== null && minutes < start)
      periods.push({ kind: 'before_working_period', text: str(o.before_working_period?.message) });
    const end = dayMinutes(o.after_working_period, day);
    if (end !== null && minutes >= end)
      periods.push({ kind: 'after_working_period', text: str(o.after_working_period?.message) });
    const limit = o.limit_receivement;
    const from = dayMinutes(limit?.time, day);
    const until = dayMinutes(limit?.after_time, day);
    if (from !== null && minutes >= from && (until === null || minutes < until))
      periods.push({ kind: 'limit_receivement', text: str(limit?.message) });
    const close = o.close_attempted;
    const before = dayMinutes(close?.before, day);
    const after = dayMinutes(close?.after, day);
    if ((before !== null && minutes < before) || (after !== null && minutes >= after))
      closeStatus = statusOf(close?.status_id);
  }
  if (companyReply) periods.push({ kind: 'out_of_hours', text: companyReply });
  if (closeStatus !== null) {
    // Finalized at once: the period's explanation and the close message, not the welcome.
    for (const p of periods) await sendTrigger(run, p.kind, { text: p.text, farewell: true });
    await sendTrigger(run, 'close_attempted', { text: str(o.close_attempted?.message), farewell: true });
    await finalizeByBot(run, closeStatus);
    return 'closed';
  }
  if (o.mailing_sector_transfer) await mailingSectorTransfer(run, o.mailing_sector_transfer);
  if (o.first_message) await sendTrigger(run, 'first_message', { text: str(o.first_message.message) });
  for (const p of periods) await sendTrigger(run, p.kind, { text: p.text });
  const agreement = o.agreement;
  if (agreement && !(await contactData(run)).agreement_accepted_at) {
    await askAgreement(run, agreement);
    await hold(run, { holder: 'agreement' });
    return 'held';
  }
  // The mailing validation asks after the agreement (then from the agreement's answer).
  if (o.mailing_validation && (await askMailingValidation(run, o.mailing_validation))) return 'held';
  return 'continue';
}

async function askAgreement(run: AutomationRun, agreement: Record<string, unknown>) {
  const text = [str(agreement.text), AGREEMENT_OPTIONS_TEXT].filter((s) => s.trim() !== '').join('\n\n');
  await sendTrigger(run, 'agreement', { text, image: agreement.image });
}

/** The trigger menu (menu or menu_keyboard_buttons): sent and held, or none. */
export async function startMenu(run: AutomationRun): Promise<'held' | 'none'> {
  const loaded = await loadTriggers(run);
  const menu = menuText(loaded);
  if (!menu) return 'none';
  // The opening message names a text trigger itself: that trigger answers instead of the menu.
  const match = run.message ? matchTrigger(loaded.text, run.message.text) : undefined;
  if (match) {
    await runTextTrigger(run, match, 'menu', loaded);
    if (!run.attendance.closedAt && run.attendance.auto) await hold(run, { holder: 'menu' });
    return 'held';
  }
  await sendTrigger(run, menu.kind, { text: menu.text });
  await hold(run, { holder: 'menu' });
  return 'held';
}

const UNSUPPORTED_TEXTS = new Set<string>([META_MSG.unsupported, TELEGRAM_MSG.unsupported]);

/** Any customer message, first: unsupported media notification. True when nothing else should read it. */
export async function beforeMessage(run: AutomationRun): Promise<boolean> {
  const m = run.message;
  if (!m) return false;
  const unsupported =
    m.metadata?.unsupported === true || (UNSUPPORTED_TEXTS.has(m.text) && (m.attachments ?? []).length === 0);
  if (!unsupported) return false;
  const { other } = await loadTriggers(run, ['unsupported_media_notification']);
  const t = other.unsupported_media_notification;
  if (!t) return false;
  await sendTrigger(run, 'unsupported_media_notification', { text: str(t.message) });
  return true;
}

/**
 * The customer's answer to the agreement: accepted (kept on the contact; the consumer goes on to the flow, the
 * menu or people), refused (finalized with the trigger's status), else asked again.
 */
export async function onAgreementReply(
  run: AutomationRun,
  session: SessionRow,
): Promise<'accepted' | 'refused' | 'waiting'> {
  // The agreement holder also waits for the mailing validation's answer (engine-mailing.ts).
  if (session.state?.kind === MAILING_VALIDATION_STATE) return onMailingValidationReply(run);
  const { other } = await loadTriggers(run, ['agreement', 'mailing_validation']);
  const agreement = other.agreement;
  const answer = agreement ? agreementReply(run.message?.text ?? '') : 'accept';
  if (answer === 'accept') {
    if (agreement) {
      await sendTrigger(run, 'agreement_accepted', { text: str(agreement.accepted_message) });
      await markAgreementAccepted(run);
    }
    await endSession(run);
    if (other.mailing_validation && (await askMailingValidation(run, other.mailing_validation))) {
      run.message = null;
      return 'waiting';
    }
    // The "sim" is the agreement's answer, not a message for the menu or the text triggers.
    run.message = null;
    return 'accepted';
  }
  if (answer === 'refuse' && agreement) {
    await sendTrigger(run, 'agreement_refused', { text: str(agreement.refused_message), farewell: true });
    const status = statusOf(agreement.status_id);
    if (status !== null) await finalizeByBot(run, status);
    return 'refused';
  }
  if (agreement) await askAgreement(run, agreement);
  return 'waiting';
}

/** A customer message while the menu holds the attendance: a text trigger (or option), else invalid command. */
export async function onMenuMessage(run: AutomationRun, _session: SessionRow): Promise<void> {
  const loaded = await loadTriggers(run);
  const text = run.message?.text ?? '';
  let match = matchTrigger(loaded.text, text);
  const buttons = loaded.other.menu_keyboard_buttons?.buttons as TMenuButton[] | undefined;
  if (!match && buttons) {
    const picked = pickMenuButton(buttons, text);
    if (picked) match = matchTrigger(loaded.text, picked.trigger_text);
  }
  if (match) {
    await runTextTrigger(run, match, 'menu', loaded);
    return;
  }
  const menu = menuText(loaded);
  if (!menu) {
    // The menu was removed while it held the attendance: to people.
    await release(run, { holder: 'menu' });
    return;
  }
  const invalid = loaded.other.invalid_command;
  if (invalid) await sendTrigger(run, 'invalid_command', { text: str(invalid.message) });
  await sendTrigger(run, menu.kind, { text: menu.text });
}

/** A customer message in human mode: text triggers still answer (CHAT no-op, QUIT_CHAT back to the menu). */
export async function onHumanMessage(run: AutomationRun): Promise<void> {
  const text = run.message?.text ?? '';
  if (!text.trim()) return;
  const loaded = await loadTriggers(run, ['text', 'menu', 'menu_keyboard_buttons']);
  const match = matchTrigger(loaded.text, text);
  if (match) await runTextTrigger(run, match, 'human', loaded);
}

/** The attendance reached people: offline_operators_notification when no operator of its sector is online. */
export async function onHandedOver(run: AutomationRun): Promise<void> {
  if (run.attendance.operatorAssignedId !== null || run.attendance.closedAt) return;
  const { other } = await loadTriggers(run, ['offline_operators_notification']);
  const t = other.offline_operators_notification;
  // The channel's own notification, else the company's reply (company edit).
  const text = t ? str(t.message) : await companyOfflineReply(run);
  if (text === null) return;
  if (await sectorHasOnlineOperator(run, run.attendance.sectorId)) return;
  await sendTrigger(run, 'offline_operators_notification', { text });
}

/**
 * The attendance was finalized: the session ends; on_chat_close is sent, except after a bot finalization that
 * already said goodbye (a refused agreement, a close attempt outside working hours).
 */
export async function onClosed(run: AutomationRun, reason: TCloseReason): Promise<void> {
  await endSession(run);
  // A blocked contact hears nothing from us (issue 18).
  if (reason === 'blacklist') return;
  const { other } = await loadTriggers(run, ['on_chat_close']);
  const t = other.on_chat_close;
  if (!t) return;
  if (reason === 'bot' && (await closedWithFarewell(run))) return;
  await sendTrigger(run, 'on_chat_close', { text: str(t.message) });
}
