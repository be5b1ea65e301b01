import {
  fillPhrase,
  phraseText,
  type TCommandPhraseKey,
  type TNegotiatorPhrases,
} from '@prosa/shared/negotiator';
import { and, eq, isNull } from 'drizzle-orm';
import { type NegotiationRow, negotiations, negotiators } from '../../db/schema/negotiator';
import { writeFacts } from '../../facts/write-facts';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { updateOpenAttendance } from '../attendance/update-attendance';
import {
  type AutomationRun,
  botSend,
  finalizeByBot,
  hold,
  release,
  type SessionRow,
} from '../automation/run';
import { negotiatorEnabled } from './feature';
import {
  chooseOption,
  debtsText,
  moneyBr,
  type NegotiationContext,
  negotiationContext,
  negotiatorForChannel,
  offersText,
  startNegotiation,
  submitDocument,
} from './negotiation';
import { dateBr } from './negotiation-debts';
import { storeSlipFile } from './slip-file';

// The negotiator's command processor over chat channels (web chat, NewChat, WhatsApp by QR and Enterprise), run
// by the automation consumer (docs/decisions/0009-automation.md): it holds an attendance opened on one of its
// channels (holder 'negotiator') and reads the customer's messages as the negotiation's answers, until the
// attendance is finalized with the emitted_invoice or not_emitted_invoice status.

type SessionState = { negotiation_id?: number };

/** Sends one command processor phrase (the negotiator's edited text, else the default) with its variables. */
async function say(
  run: AutomationRun,
  ctx: NegotiationContext,
  key: TCommandPhraseKey,
  values: Record<string, string> = {},
): Promise<void> {
  const text = phraseText(ctx.negotiator.phrases as Partial<TNegotiatorPhrases>, 'commandprocessor', key);
  await botSend(run, {
    text: fillPhrase(text, { empresa: ctx.companyName, ...values }),
    origin: 'bot',
    metadata: { negotiator: ctx.negotiator.id, phrase: key },
  });
}

/** A classification status on the open attendance, as an operator's set-status writes it (with its fact). */
async function markStatus(run: AutomationRun, statusId: number): Promise<void> {
  if (run.attendance.statusId === statusId) return;
  const row = await updateOpenAttendance(
    { db: run.tx as unknown as AppDeps['db'] },
    run.attendance,
    { statusId },
    { by: null },
  );
  if (row) run.attendance = row;
}

/**
 * A customer opened an attendance on a channel of a live negotiator: the negotiation starts, the negotiator holds
 * the attendance, marks it validate_document and greets. 'none' when no negotiator runs on the channel.
 */
export async function startNegotiator(run: AutomationRun): Promise<'held' | 'none'> {
  const a = run.attendance;
  if (a.closedAt) return 'none';
  const negotiator = await negotiatorForChannel(run.tx, a.companyId, a.channelId);
  if (!negotiator) return 'none';
  const ctx = await negotiationContext(run.tx, negotiator, run.now);
  const negotiation = await startNegotiation(run.tx, ctx, {
    source: 'chat',
    attendanceId: a.id,
    channelKind: a.channelKind,
  });
  const state: SessionState = { negotiation_id: negotiation.id };
  await hold(run, { holder: 'negotiator', state });
  await markStatus(run, negotiator.statusValidateDocument);
  await say(run, ctx, 'greeting');
  return 'held';
}

/** The negotiation the session follows and its negotiator, while both are live (the company's flag on). */
async function sessionNegotiation(
  run: AutomationRun,
  session: SessionRow,
): Promise<{ ctx: NegotiationContext; negotiation: NegotiationRow } | null> {
  const companyId = run.attendance.companyId;
  const id = Number((session.state as SessionState | null)?.negotiation_id);
  if (!Number.isSafeInteger(id)) return null;
  const [negotiation] = await run.tx
    .select()
    .from(negotiations)
    .where(and(eq(negotiations.companyId, companyId), eq(negotiations.id, id)));
  if (!negotiation || negotiation.attendanceId !== run.attendance.id) return null;
  const [negotiator] = await run.tx
    .select()
    .from(negotiators)
    .where(
      and(
        eq(negotiators.companyId, companyId),
        eq(negotiators.id, negotiation.negotiatorId),
        isNull(negotiators.deletedAt),
      ),
    );
  if (!negotiator || !(await negotiatorEnabled(run.tx, companyId))) return null;
  return { ctx: await negotiationContext(run.tx, negotiator, run.now), negotiation };
}

/** An option as typed: a whole number ("2", " 2 ", "2."), else NaN (invalid). */
export function optionOf(text: string): number {
  const m = /^\s*(\d{1,4})\s*[.)]?\s*$/.exec(text);
  return m ? Number(m[1]) : Number.NaN;
}

/**
 * The customer's message to the negotiator: at the document step the CPF/CNPJ (asked again when invalid or
 * unknown, finalized not_emitted_invoice on the third miss), then the debts and the offers; at the offers step
 * the option (0 declines and finalizes not_emitted_invoice; an option sends the slip's PDF and its text and
 * finalizes emitted_invoice). A negotiator gone meanwhile (deleted, the flag off) or a negotiator that cannot
 * issue its slip (bad settings) lets go to people.
 */
export async function onNegotiatorMessage(run: AutomationRun, session: SessionRow): Promise<void> {
  const live = await sessionNegotiation(run, session);
  if (!live || live.negotiation.finishedAt) {
    await release(run, { holder: 'negotiator' });
    return;
  }
  const { ctx, negotiation } = live;
  const text = run.message?.text ?? '';
  try {
    if (negotiation.step === 'document') await onDocument(run, ctx, negotiation, text);
    else await onOption(run, ctx, negotiation, text);
  } catch (err) {
    // Raised before the negotiation changed (its columns or slip settings do not parse): people take it from here.
    if (!(err instanceof AppError)) throw err;
    await release(run, { holder: 'negotiator' });
  }
}

async function onDocument(
  run: AutomationRun,
  ctx: NegotiationContext,
  negotiation: NegotiationRow,
  text: string,
): Promise<void> {
  const r = await submitDocument(run.tx, ctx, negotiation, text);
  const documento = text.trim().slice(0, 30);
  switch (r.kind) {
    case 'invalid':
      return say(run, ctx, 'invalid_document', { documento });
    case 'not_found':
      return say(run, ctx, 'not_found', { documento });
    case 'exhausted':
      await say(run, ctx, 'too_many_attempts');
      await finalizeByBot(run, ctx.negotiator.statusNotEmittedInvoice);
      return;
    case 'found':
      await say(run, ctx, 'debts', { nome: r.debtorName, debitos: debtsText(r.debts) });
      await say(run, ctx, 'offers', { ofertas: offersText(r.debts) });
      return;
  }
}

async function onOption(
  run: AutomationRun,
  ctx: NegotiationContext,
  negotiation: NegotiationRow,
  text: string,
): Promise<void> {
  const r = await chooseOption(run.tx, ctx, negotiation, optionOf(text));
  switch (r.kind) {
    case 'invalid':
      return say(run, ctx, 'invalid_option');
    case 'declined':
      await say(run, ctx, 'declined');
      await finalizeByBot(run, ctx.negotiator.statusNotEmittedInvoice);
      return;
    case 'issued': {
      // The slip is issued: a PDF our storage refuses still leaves its text (the linha digitável) to pay it.
      const file = await storeSlipFile(run.deps, ctx, r.negotiation, run.attendance.id).catch((err) => {
        if (err instanceof AppError) return null;
        throw err;
      });
      if (file)
        await botSend(run, {
          text: '',
          origin: 'bot',
          attachments: [file],
          metadata: { negotiator: ctx.negotiator.id, negotiation: r.negotiation.id },
        });
      await say(run, ctx, 'slip_issued', {
        valor: moneyBr(r.slip.amount_cents),
        vencimento: dateBr(r.slip.due_date),
        linha_digitavel: r.slip.digitable_line,
      });
      await finalizeByBot(run, ctx.negotiator.statusEmittedInvoice);
      return;
    }
  }
}

/**
 * The attendance closed with its negotiation still open (an operator finalized it, or it was taken from the bot
 * and closed later): the negotiation ends as abandoned, with its step fact.
 */
export async function onAttendanceClosed(run: AutomationRun): Promise<void> {
  const a = run.attendance;
  const open = await run.tx
    .update(negotiations)
    .set({ step: 'finished', outcome: 'abandoned', finishedAt: run.now, updatedAt: run.now })
    .where(
      and(
        eq(negotiations.companyId, a.companyId),
        eq(negotiations.attendanceId, a.id),
        isNull(negotiations.finishedAt),
      ),
    )
    .returning();
  if (open.length === 0) return;
  await writeFacts(
    run.tx,
    open.map((n) => ({
      companyId: n.companyId,
      name: 'negotiation.step' as const,
      data: {
        negotiation_id: n.id,
        negotiator_id: n.negotiatorId,
        attendance_id: n.attendanceId,
        source: 'chat' as const,
        step: 'failed' as const,
      },
    })),
  );
}
