import { z } from './zod';

// The first-run guide of a new company's admins (spec 1 §2 side modals: onboarding, trial welcome), computed by
// GET /api/onboarding from the company's own data, and the trial welcome shown once per user.

export const ONBOARDING_STEP_KEYS = ['sector', 'user', 'channel', 'webchat'] as const;
export type TOnboardingStepKey = (typeof ONBOARDING_STEP_KEYS)[number];

/** Each step: its title, what to do, and the screen where it is done. */
export const ONBOARDING_STEPS: Record<
  TOnboardingStepKey,
  { title: string; text: string; action: string; path: string }
> = {
  sector: {
    title: 'Criar um setor',
    text: 'Setores são as equipes que recebem os atendimentos (Comercial, Suporte...). Todo canal entrega as conversas a um setor.',
    action: 'Ir para Setores',
    path: '/sectors',
  },
  user: {
    title: 'Criar um usuário',
    text: 'Cadastre os operadores e gestores da empresa e escolha os setores de cada um.',
    action: 'Ir para Usuários',
    path: '/users',
  },
  channel: {
    title: 'Conectar um canal',
    text: 'Conecte o web chat do seu site, um WhatsApp, e-mail, Telegram ou outro canal para receber mensagens.',
    action: 'Ir para os canais',
    path: '/channels/webchat',
  },
  webchat: {
    title: 'Testar o chat do site',
    text: 'Instale o web chat em uma página do seu site e envie uma mensagem como visitante: ela chega em Atendimentos.',
    action: 'Ir para Web chat',
    path: '/channels/webchat',
  },
};

/** Days a company without a contract nor its own trial_until date is in trial, counted from its creation. */
export const TRIAL_DAYS = 14;

/** What the trial includes (the trial welcome lists it). */
export const TRIAL_INCLUDES = [
  'Atendimento em todos os canais: web chat, WhatsApp, e-mail, Telegram, SMS, Facebook e Instagram',
  'Distribuição automática, transferências, status e respostas prontas',
  'Agendamento de retornos, campanhas e relatórios',
  'Usuários e setores sem limite durante o período de teste',
] as const;

export const ONBOARDING_MSG = {
  dismissed: 'Guia de primeiros passos dispensado.',
  trialSeen: 'Boas-vindas registradas.',
  trialUntilInvalid: 'Informe uma data de fim do teste válida.',
  trialSaved: 'Período de teste salvo com sucesso!',
} as const;

export const ZOnboardingStep = z.object({
  key: z.enum(ONBOARDING_STEP_KEYS),
  done: z.boolean(),
});

export const ZTrialInfo = z.object({
  /** Last day of the trial (YYYY-MM-DD). */
  until: z.string(),
  days_left: z.number().int(),
  /** Whether this user already saw the trial welcome. */
  seen: z.boolean(),
});
export type TTrialInfo = z.infer<typeof ZTrialInfo>;

export const ZOnboardingOutput = z.object({
  steps: z.array(ZOnboardingStep),
  all_done: z.boolean(),
  dismissed: z.boolean(),
  /** Open it by itself on login: an admin, steps missing, not dismissed. */
  show: z.boolean(),
  /** The company's trial, when it is in one; null otherwise. */
  trial: ZTrialInfo.nullable(),
});
export type TOnboardingOutput = z.infer<typeof ZOnboardingOutput>;

export const ZOnboardingMarkOutput = z.object({ message: z.string() });

/** A valid calendar date as YYYY-MM-DD (company metadata trial_until). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Whole days from `today` to `until` (both YYYY-MM-DD): 0 on the last day, negative once it passed. */
export function daysUntil(until: string, today: string): number {
  const ms = Date.parse(`${until}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`);
  return Math.round(ms / 86_400_000);
}

/** A company's trial end: its own trial_until, else creation + TRIAL_DAYS while it has no contract, else none. */
export function trialUntil(input: {
  metadataTrialUntil: unknown;
  hasContract: boolean;
  createdAt: Date;
}): string | null {
  if (isIsoDate(input.metadataTrialUntil)) return input.metadataTrialUntil;
  if (input.hasContract) return null;
  return new Date(input.createdAt.getTime() + TRIAL_DAYS * 86_400_000).toISOString().slice(0, 10);
}

/** The company edit's "Período de teste": the trial's last day (YYYY-MM-DD), or null to follow the contract. */
export const ZCompanyTrialInput = z.object({
  trial_until: z
    .string({ error: ONBOARDING_MSG.trialUntilInvalid })
    .max(10, { error: ONBOARDING_MSG.trialUntilInvalid })
    .refine(isIsoDate, { error: ONBOARDING_MSG.trialUntilInvalid })
    .nullable(),
});
export const ZCompanyTrial = z.object({ trial_until: z.string().nullable() });
export const ZCompanyTrialSaved = ZCompanyTrial.extend({ message: z.string() });
