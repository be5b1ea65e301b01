// Opportunities (built-in CRM; spec 1 §7, §8; spec 2 §6) texts and rules without zod: the menu, the session
// and the app shell may import them.

export const CRM_MSG = {
  saveError: 'Erro ao salvar oportunidade',
  editError: 'Erro ao editar oportunidade',
  notFound: 'Nenhuma oportunidade encontrada',
  linkError: 'Erro ao vincular oportunidade',
  unlinkError: 'Erro ao desvincular oportunidade',
  filtersError: 'Favor verificar filtros da tela.',
  syncError: 'Erro ao sincronizar dados!',
  saved: 'Oportunidade salva com sucesso',
  edited: 'Oportunidade editada com sucesso',
  synced: 'Dados sincronizados com sucesso!',
  linked: 'Oportunidade vinculada com sucesso',
  unlinked: 'Oportunidade desvinculada com sucesso',
  ownerChanged: 'Responsável alterado com sucesso',
  ownerRemoved: 'Responsável removido com sucesso',
  notEnabled: 'As oportunidades (CRM) não estão habilitadas para esta empresa.',
  noView: 'Você não tem permissão para visualizar as oportunidades.',
  noEdit: 'Você não tem permissão para editar as oportunidades.',
  titleRequired: 'Informe o título da oportunidade.',
  loadError: 'Erro ao carregar oportunidades',
} as const;

/** The company allow flag that turns the CRM on (spec 1 §3). */
export const CRM_FLAG = 'allowCosmosCRM';
/** The users.settings key of a user's CRM permission ({ view, edit }; spec 2 §6). */
export const CRM_SETTING = 'crm';

/** Spec 1 §9: the search needs more than 3 characters; the period at most 30 days (default the last 30). */
export const CRM_SEARCH_MIN = 4;
export const CRM_WINDOW_DAYS = 30;
/** Spec 1 §9: the sync button stays disabled this long after a click. */
export const CRM_SYNC_COOLDOWN_MS = 4_000;
export const CRM_PAGE_SIZE = 100;

/** Link state of an opportunity for an attendance (spec 1 §7). */
export const LINK_STATE = { none: 0, thisAttendance: 1, otherAttendance: 2 } as const;
export const LINK_STATE_LABEL: Record<number, string> = {
  0: 'Não vinculada',
  1: 'Vinculada a este atendimento',
  2: 'Vinculada a outro atendimento',
};

export type TCrmOutcome = 'open' | 'won' | 'lost';
/** The columns of the board a company gets on first use. */
export const DEFAULT_CRM_COLUMNS: { name: string; color: string; outcome: TCrmOutcome }[] = [
  { name: 'Novo', color: 'blue', outcome: 'open' },
  { name: 'Em negociação', color: 'yellow', outcome: 'open' },
  { name: 'Ganho', color: 'green', outcome: 'won' },
  { name: 'Perdido', color: 'red', outcome: 'lost' },
];
export const DEFAULT_CRM_BOARD = 'Funil de vendas';

export type TCrmAccess = { view: boolean; edit: boolean };

/**
 * Spec 2 §6: a user's stored CRM permission; unset, managers and above get both and operators none (an admin
 * grants it). Write implies view.
 */
export function crmAccess(role: number, stored: unknown): TCrmAccess {
  if (stored && typeof stored === 'object') {
    const s = stored as { view?: unknown; edit?: unknown };
    const edit = s.edit === true;
    return { view: s.view === true || edit, edit };
  }
  // Roles: manager 1 (roles.ts); literal here so this file stays free of imports.
  const manager = role >= 1;
  return { view: manager, edit: manager };
}

/** What a save stores: write implies view; without view (read-only off) there is no edit either. */
export function normalizeCrmAccess(input: TCrmAccess): TCrmAccess {
  return { view: input.view || input.edit, edit: input.edit };
}

/** Cents → 'R$ 1.234,56'. */
export function formatCents(cents: number): string {
  return (cents / 100).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });
}
