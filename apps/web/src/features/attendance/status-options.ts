import type { TStatus } from '../statuses/api';

export type TStatusGroups = { classification: TStatus[]; finalization: TStatus[] };

/** The two labelled groups of the status list: a classification keeps the chat open, a finalization ends it. */
export const STATUS_GROUP_LABEL = {
  classification: 'Classificar (o atendimento continua aberto)',
  finalization: 'Finalizar (encerra o atendimento)',
} as const;

/** Statuses offered in the chat (spec 1 §4): classifications, and finalizations not reserved for the bot. */
export function statusGroups(statuses: readonly TStatus[]): TStatusGroups {
  const byName = (a: TStatus, b: TStatus) => a.name.localeCompare(b.name, 'pt-BR');
  return {
    classification: statuses.filter((s) => s.should_close === 0).sort(byName),
    finalization: statuses.filter((s) => s.should_close === 1 && !s.use_in_bot).sort(byName),
  };
}

/** Whether the company asks for a confirmation before this status (confirmCompletion/ClassificationStatus). */
export function needsConfirmation(status: TStatus, allow: Record<string, boolean>): boolean {
  return status.should_close === 1
    ? allow.confirmCompletionStatus === true
    : allow.confirmClassificationStatus === true;
}

/** A status colour as CSS: the server keeps the hex without "#". */
export function statusColor(color: string | undefined): string | undefined {
  return color && /^[0-9a-f]{3}([0-9a-f]{3})?$/i.test(color) ? `#${color}` : undefined;
}
