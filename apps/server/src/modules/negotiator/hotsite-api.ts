import {
  fillPhrase,
  NEGOTIATOR_MSG,
  phraseText,
  type TNegotiationDebt,
  type TNegotiatorPhrases,
  ZNegotiatorSlip,
} from '@prosa/shared/negotiator';
import { z } from '@prosa/shared/zod';
import { and, eq } from 'drizzle-orm';
import { type NegotiationRow, type NegotiatorRow, negotiations } from '../../db/schema/negotiator';
import type { Db, Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { assertStartAllowed, HOTSITE_TOKEN_RE, newHotsiteToken } from './hotsite-token';
import {
  chooseOption,
  moneyBr,
  type NegotiationContext,
  negotiationContext,
  negotiatorByHash,
  startNegotiation,
  storedSlip,
  submitDocument,
} from './negotiation';
import { dateBr, offerText } from './negotiation-debts';
import { renderSlipPdf } from './slip/slip-pdf';

// The hotsite's public calls (/api/negociar/<hash>/…): the same negotiation as over a chat, through the core
// (negotiation.ts), so the negotiations rows and the negotiation.step facts are the same, with source 'hotsite'.
// A visit is identified by its token (hotsite-token.ts); the texts answered are the negotiator's hotsite phrases.

export const HOTSITE_MSG = {
  tokenInvalid: 'Consulta inválida. Recarregue a página e tente novamente.',
  visitNotFound: 'Consulta não encontrada. Recarregue a página e tente novamente.',
  documentRequired: 'Informe o CPF ou CNPJ.',
  documentTooLong: 'Documento inválido.',
  optionInvalid: 'Opção inválida. Escolha uma das opções.',
  slipNotFound: 'Boleto não encontrado.',
} as const;

const zToken = z
  .string({ error: HOTSITE_MSG.tokenInvalid })
  .regex(HOTSITE_TOKEN_RE, { error: HOTSITE_MSG.tokenInvalid });

export const ZHotsiteHash = z.object({ hash: z.string().max(100) });
export const ZHotsiteSlipParams = ZHotsiteHash.extend({ token: z.string().max(100) });
export const ZHotsiteStartOutput = z.object({ token: z.string() });
export const ZHotsiteDocumentInput = z.object({
  token: zToken,
  document: z
    .string({ error: HOTSITE_MSG.documentRequired })
    .trim()
    .min(1, { error: HOTSITE_MSG.documentRequired })
    .max(30, { error: HOTSITE_MSG.documentTooLong }),
});
export const ZHotsiteChooseInput = z.object({
  token: zToken,
  option: z
    .number({ error: HOTSITE_MSG.optionInvalid })
    .int({ error: HOTSITE_MSG.optionInvalid })
    .min(0, { error: HOTSITE_MSG.optionInvalid })
    .max(999, { error: HOTSITE_MSG.optionInvalid }),
});

const ZHotsiteDebt = z.object({
  description: z.string(),
  amount: z.string(),
  due_date: z.string(),
  offers: z.array(
    z.object({
      option: z.number(),
      label: z.string(),
      text: z.string(),
      amount: z.string(),
      /** "3 x R$ 300,00" when in installments, else the amount. */
      price: z.string(),
    }),
  ),
});
export const ZHotsiteDocumentOutput = z.object({
  kind: z.enum(['invalid', 'not_found', 'exhausted', 'found']),
  /** The phrase to show: the error, or the debts' title. */
  message: z.string(),
  /** Whether the visit ended (three wrong documents): the page starts a new one on the next query. */
  finished: z.boolean(),
  debts: z.array(ZHotsiteDebt),
});
export const ZHotsiteChooseOutput = z.object({
  kind: z.enum(['invalid', 'declined', 'issued']),
  message: z.string(),
  slip: z
    .object({ amount: z.string(), due_date: z.string(), digitable_line: z.string(), pdf_url: z.string() })
    .nullable(),
});
export type THotsiteDocumentOutput = z.infer<typeof ZHotsiteDocumentOutput>;
export type THotsiteChooseOutput = z.infer<typeof ZHotsiteChooseOutput>;

type HotsiteDeps = Pick<AppDeps, 'db' | 'appSecret'>;

async function liveNegotiator(db: Db | Tx, hash: string): Promise<NegotiatorRow> {
  const negotiator = await negotiatorByHash(db, hash);
  if (!negotiator) throw notFound(NEGOTIATOR_MSG.notFound);
  return negotiator;
}

/** The visit of this negotiator with that token; another negotiator's (or none) is 404. */
async function visitOf(db: Db | Tx, negotiator: NegotiatorRow, token: string): Promise<NegotiationRow> {
  const [row] = await db
    .select()
    .from(negotiations)
    .where(
      and(
        eq(negotiations.companyId, negotiator.companyId),
        eq(negotiations.negotiatorId, negotiator.id),
        eq(negotiations.source, 'hotsite'),
        eq(negotiations.token, token),
      ),
    )
    .limit(1);
  if (!row) throw notFound(HOTSITE_MSG.visitNotFound);
  return row;
}

function phrase(ctx: NegotiationContext, key: string, values: Record<string, string> = {}): string {
  const phrases = ctx.negotiator.phrases as Partial<TNegotiatorPhrases>;
  return fillPhrase(phraseText(phrases, 'hotsite', key), { empresa: ctx.companyName, ...values });
}

function debtsView(debts: TNegotiationDebt[]) {
  return debts.map((d) => ({
    description: d.description,
    amount: d.amount_cents > 0 ? moneyBr(d.amount_cents) : '',
    due_date: d.due_date ? dateBr(d.due_date) : '',
    offers: d.offers.map((o) => ({
      option: o.option,
      label: o.label,
      text: offerText(o),
      amount: moneyBr(o.amount_cents),
      price: o.installments > 1 ? `${o.installments} x ${moneyBr(o.amount_cents)}` : moneyBr(o.amount_cents),
    })),
  }));
}

/** Starts a visit (429 past the IP's starts of the window) and answers its token. */
export async function startHotsite(deps: HotsiteDeps, hash: string, ip: string) {
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    const negotiator = await liveNegotiator(tx, hash);
    await assertStartAllowed(tx, { companyId: negotiator.companyId, secret: deps.appSecret, ip, now });
    const ctx = await negotiationContext(tx, negotiator, now);
    const token = newHotsiteToken(deps.appSecret, ip);
    await startNegotiation(tx, ctx, { source: 'hotsite', token });
    return { token };
  });
}

export async function hotsiteDocument(
  deps: HotsiteDeps,
  hash: string,
  input: z.infer<typeof ZHotsiteDocumentInput>,
): Promise<THotsiteDocumentOutput> {
  return deps.db.transaction(async (tx) => {
    const negotiator = await liveNegotiator(tx, hash);
    const visit = await visitOf(tx, negotiator, input.token);
    const ctx = await negotiationContext(tx, negotiator, new Date());
    const r = await submitDocument(tx, ctx, visit, input.document);
    if (r.kind === 'found')
      return {
        kind: 'found',
        message: phrase(ctx, 'debts_title', { nome: r.debtorName || 'cliente' }),
        finished: false,
        debts: debtsView(r.debts),
      };
    const key = r.kind === 'invalid' ? 'invalid_document' : 'not_found';
    return { kind: r.kind, message: phrase(ctx, key), finished: r.kind === 'exhausted', debts: [] };
  });
}

export async function hotsiteChoose(
  deps: HotsiteDeps,
  hash: string,
  input: z.infer<typeof ZHotsiteChooseInput>,
): Promise<THotsiteChooseOutput> {
  return deps.db.transaction(async (tx) => {
    const negotiator = await liveNegotiator(tx, hash);
    const visit = await visitOf(tx, negotiator, input.token);
    const ctx = await negotiationContext(tx, negotiator, new Date());
    const r = await chooseOption(tx, ctx, visit, input.option);
    if (r.kind === 'invalid') return { kind: 'invalid', message: HOTSITE_MSG.optionInvalid, slip: null };
    if (r.kind === 'declined') return { kind: 'declined', message: phrase(ctx, 'declined'), slip: null };
    const amount = moneyBr(r.slip.amount_cents);
    const due = dateBr(r.slip.due_date);
    return {
      kind: 'issued',
      message: phrase(ctx, 'slip_issued', {
        valor: amount,
        vencimento: due,
        linha_digitavel: r.slip.digitable_line,
      }),
      slip: {
        amount,
        due_date: due,
        digitable_line: r.slip.digitable_line,
        pdf_url: `/api/negociar/${encodeURIComponent(hash)}/boleto/${input.token}`,
      },
    };
  });
}

/** The issued slip of a visit as a PDF, rendered on demand from the stored slip. */
export async function hotsiteSlipPdf(
  deps: HotsiteDeps,
  hash: string,
  token: string,
): Promise<{ pdf: Buffer; filename: string }> {
  if (!HOTSITE_TOKEN_RE.test(token)) throw notFound(HOTSITE_MSG.slipNotFound);
  const negotiator = await liveNegotiator(deps.db, hash);
  const visit = await visitOf(deps.db, negotiator, token);
  const slip = visit.outcome === 'emitted' ? storedSlip(visit) : null;
  if (!slip) throw notFound(HOTSITE_MSG.slipNotFound);
  const settings = ZNegotiatorSlip.safeParse(negotiator.slip);
  if (!settings.success) throw badRequest(NEGOTIATOR_MSG.slipInvalid);
  const ctx = await negotiationContext(deps.db, negotiator, new Date());
  const pdf = await renderSlipPdf({
    settings: settings.data,
    slip,
    payer: { name: visit.debtorName ?? '', document: visit.document ?? '' },
    companyName: ctx.companyName,
    description: slip.offer_label,
  });
  return { pdf, filename: `boleto-${slip.our_number.replace(/\D/g, '') || visit.id}.pdf` };
}
