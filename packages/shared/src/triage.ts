import { z } from './zod';

// The Triage screen (spec 2 §2, spec 1 §6): which cards each role sees, and who takes an unassigned one.

export const TRIAGE_MODES = ['BASIC', 'OPERATOR', 'MANAGER'] as const;
export type TTriageMode = (typeof TRIAGE_MODES)[number];

export const TRIAGE_MSG = {
  saved: 'Triagem salva com sucesso.',
  invalidMode: 'Escolha um modo de triagem: Básica, Operador ou Gestor.',
  lockedByAutoDist:
    'A distribuição automática está ativa: a triagem fica no modo Gestor (cada operador vê só os próprios atendimentos) até ela ser desligada.',
  loadError: 'Erro ao carregar a triagem.',
  saveError: 'Erro ao salvar a triagem.',
} as const;

/** What each mode means for who sees which cards, in the words the screen shows. */
export const TRIAGE_TEXT: Record<TTriageMode, { label: string; description: string }> = {
  BASIC: {
    label: 'Básica',
    description:
      'Todos veem todos os atendimentos dos seus setores. Qualquer operador pode abrir e responder um atendimento, mesmo que esteja com outro operador.',
  },
  OPERATOR: {
    label: 'Operador',
    description:
      'Cada operador vê os próprios atendimentos e os que ainda não têm operador nos seus setores; ao abrir um atendimento sem operador, ele passa a ser dele. Gestores veem todos.',
  },
  MANAGER: {
    label: 'Gestor',
    description:
      'Cada operador vê só os atendimentos atribuídos a ele; quem atribui é o gestor (ou a distribuição automática). Gestores veem todos.',
  },
};

export const ZTriageInput = z.object({
  triage: z.enum(TRIAGE_MODES, { error: TRIAGE_MSG.invalidMode }),
});
export type TTriageInput = z.infer<typeof ZTriageInput>;

export const ZTriageOutput = z.object({
  /** The mode the company chose (kept while distribution forces MANAGER, back in force when it is off). */
  triage: z.enum(TRIAGE_MODES),
  /** The mode in force: what the chat list follows. */
  effective: z.enum(TRIAGE_MODES),
  auto_dist: z.boolean(),
  /** Why the choice is locked, or null when it may be changed. */
  locked_reason: z.string().nullable(),
});
export type TTriageOutput = z.infer<typeof ZTriageOutput>;

export const ZTriageSaved = z.object({ message: z.string(), triage: ZTriageOutput });
