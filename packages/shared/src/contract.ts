// Contract (spec 2 §3 Contract, §7 contracts and sellers): texts and zod schemas shared by the server and
// the web. Money is in reais here, cents in the database; the cost computation is in contract-cost.ts.
import type { TContractCost } from './contract-cost';
import { brDateToIso } from './dates';
import { zId, zInt4 } from './ids';
import { z } from './zod';

export const CONTRACT_MSG = {
  loadError: 'Erro ao carregar o contrato.',
  saved: 'Contrato salvo com sucesso!',
  startDateInvalid: 'Informe uma data de início válida (DD/MM/AAAA).',
  dueDateInvalid: 'Informe uma data de vencimento válida (DD/MM/AAAA).',
  dueBeforeStart: 'A data de vencimento não pode ser anterior à data de início.',
  ruleStartMin: 'O início da faixa deve ser maior ou igual a 1.',
  ruleEndBeforeStart: 'O fim da faixa deve ser maior ou igual ao início.',
  rulesOverlap: 'As faixas de usuários não podem se sobrepor.',
  valueRequired: 'Informe o valor.',
  valueNegative: 'O valor deve ser maior ou igual a zero.',
  sellerNotFound: 'Vendedor não encontrado.',
  monthInvalid: 'Informe o mês no formato AAAA-MM.',
} as const;

export const ZContractRule = z.object({
  start_limit: zInt4({ min: 1, max: 1_000_000, tooSmall: CONTRACT_MSG.ruleStartMin }),
  end_limit: z.number({ error: CONTRACT_MSG.ruleEndBeforeStart }).int().max(1_000_000),
  value: z
    .number({ error: CONTRACT_MSG.valueRequired })
    .min(0, { error: CONTRACT_MSG.valueNegative })
    .max(1_000_000),
});

export const ZContractInput = z
  .object({
    start_date: z.string({ error: CONTRACT_MSG.startDateInvalid }).max(20),
    due_date: z.string().max(20).nullish(),
    rules: z.array(ZContractRule).max(50),
    number_value: z
      .number({ error: CONTRACT_MSG.valueRequired })
      .min(0, { error: CONTRACT_MSG.valueNegative })
      .max(1_000_000),
    observation: z.string().max(2000).default(''),
    seller_id: zId(CONTRACT_MSG.sellerNotFound).nullish(),
  })
  .superRefine((value, ctx) => {
    const start = brDateToIso(value.start_date);
    if (!start)
      ctx.addIssue({ code: 'custom', message: CONTRACT_MSG.startDateInvalid, path: ['start_date'] });
    const dueText = value.due_date?.trim() ?? '';
    const due = dueText ? brDateToIso(dueText) : null;
    if (dueText && !due)
      ctx.addIssue({ code: 'custom', message: CONTRACT_MSG.dueDateInvalid, path: ['due_date'] });
    if (start && due && due < start)
      ctx.addIssue({ code: 'custom', message: CONTRACT_MSG.dueBeforeStart, path: ['due_date'] });
    value.rules.forEach((rule, i) => {
      if (rule.end_limit < rule.start_limit)
        ctx.addIssue({
          code: 'custom',
          message: CONTRACT_MSG.ruleEndBeforeStart,
          path: ['rules', i, 'end_limit'],
        });
    });
    const order = value.rules
      .map((rule, i) => ({ rule, i }))
      .sort((a, b) => a.rule.start_limit - b.rule.start_limit);
    for (let k = 1; k < order.length; k++) {
      const prev = order[k - 1];
      const cur = order[k];
      if (prev && cur && cur.rule.start_limit <= prev.rule.end_limit) {
        ctx.addIssue({
          code: 'custom',
          message: CONTRACT_MSG.rulesOverlap,
          path: ['rules', cur.i, 'start_limit'],
        });
      }
    }
  });
export type TContractInput = z.input<typeof ZContractInput>;

export const ZContractMonthQuery = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: CONTRACT_MSG.monthInvalid })
    .optional(),
});

const ZRuleOut = z.object({ start_limit: z.number(), end_limit: z.number(), value: z.number() });

export const ZContract = z.object({
  /** False until the first save. */
  saved: z.boolean(),
  start_date: z.string().nullable(),
  due_date: z.string().nullable(),
  rules: z.array(ZRuleOut),
  number_value: z.number(),
  observation: z.string(),
  seller_id: z.number().nullable(),
  seller_name: z.string().nullable(),
});
export type TContract = z.infer<typeof ZContract>;

export const ZContractCost = z.object({
  month: z.string(),
  days_in_month: z.number(),
  users: z.array(
    z.object({
      user_id: z.number(),
      name: z.string(),
      position: z.number().nullable(),
      rule: ZRuleOut.nullable(),
      no_rule: z.boolean(),
      value: z.number(),
      from: z.string().nullable(),
      to: z.string().nullable(),
      days_used: z.number(),
      days_in_month: z.number(),
      amount: z.number(),
    }),
  ),
  numbers: z.array(
    z.object({
      number_id: z.number(),
      label: z.string(),
      value: z.number(),
      from: z.string().nullable(),
      to: z.string().nullable(),
      days_used: z.number(),
      days_in_month: z.number(),
      amount: z.number(),
    }),
  ),
  billed_users: z.number(),
  users_total: z.number(),
  numbers_total: z.number(),
  total: z.number(),
}) satisfies z.ZodType<TContractCost>;

export const ZContractOutput = z.object({ contract: ZContract, cost: ZContractCost });
export type TContractOutput = z.infer<typeof ZContractOutput>;
