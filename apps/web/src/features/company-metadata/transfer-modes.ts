import { TRANSFER_MODES, type TTransferMode } from '@prosa/shared/company-metadata';

// Sector transfer modes (spec 3 §4): opTransfer, allowedSectors and restrictTransfer are mutually exclusive.

export type TModeValues = Record<TTransferMode, boolean>;

export const TRANSFER_MODE_LABEL: Record<TTransferMode, string> = {
  opTransfer: 'Bloquear transferências pelos operadores',
  allowedSectors: 'Transferir somente para os setores do operador',
  restrictTransfer: 'Transferir somente para os setores de transferência do usuário',
};

/** What a click on a mode's switch does: apply at once, or ask first because other modes are on. */
export function toggleMode(
  values: TModeValues,
  mode: TTransferMode,
  on: boolean,
): { kind: 'apply'; values: TModeValues } | { kind: 'confirm'; others: TTransferMode[] } {
  if (!on) return { kind: 'apply', values: { ...values, [mode]: false } };
  const others = TRANSFER_MODES.filter((m) => m !== mode && values[m]);
  if (others.length > 0) return { kind: 'confirm', others };
  return { kind: 'apply', values: { ...values, [mode]: true } };
}

/** The answer to the confirmation: yes turns the chosen mode on and the others off; no leaves it off. */
export function resolveConfirm(values: TModeValues, mode: TTransferMode, accepted: boolean): TModeValues {
  if (!accepted) return { ...values, [mode]: false };
  const next = { ...values };
  for (const m of TRANSFER_MODES) next[m] = m === mode;
  return next;
}
