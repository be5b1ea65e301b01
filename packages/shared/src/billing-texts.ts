// Billing texts and constants without zod (spec 3 §8, §9): the menu and the app shell may import them.

export const BILLING_MSG = {
  loadError: 'Erro ao carregar Faturas.',
  downloadError: 'Erro ao baixar Fatura',
  receiptError: 'Erro ao carregar nota fiscal/boleto',
  startRequired: 'É necessário preencher a Data Início.',
  monthFormat: 'Informe o mês no formato MM/AAAA.',
  endBeforeStart: 'O mês final não pode ser anterior ao mês inicial.',
  issueMonthFormat: 'Informe o mês no formato AAAA-MM.',
  monthNotClosed: 'Só é possível gerar faturas de um mês encerrado.',
  issued: 'Faturas geradas com sucesso!',
  fileInvalid: 'Envie um arquivo PDF, JPG ou PNG.',
  fileTooLarge: 'O arquivo deve ter no máximo 2 MB.',
  receiptSaved: 'Nota fiscal enviada com sucesso!',
  billetSaved: 'Boleto enviado com sucesso!',
  empty: 'Nenhuma fatura encontrada.',
} as const;

/** Spec 3 §9: billing page size. */
export const BILLING_PAGE_SIZE = 10;
/** The platform's upload limit for images and documents a person sends (2 MB). */
export const BILLING_FILE_MAX_BYTES = 2 * 1024 * 1024;

export type TInvoiceStatus = 'open' | 'paid' | 'canceled';
export const INVOICE_STATUS_LABEL: Record<TInvoiceStatus, string> = {
  open: 'Em aberto',
  paid: 'Paga',
  canceled: 'Cancelada',
};

export type TInvoiceFileKind = 'receipt' | 'billet';
export const INVOICE_FILE_LABEL: Record<TInvoiceFileKind, string> = {
  receipt: 'Nota fiscal',
  billet: 'Boleto',
};

/** The users.settings key of a manager's permission to see the company's invoices (spec 3 §6). */
export const BILLING_ACCESS_SETTING = 'allow_billing_access';

/** Spec 3 §6: invoices are for admins, and for managers an admin allowed (allow_billing_access). */
export function hasBillingAccess(role: number, allowed: boolean): boolean {
  // Roles: manager 1, admin 2 (roles.ts); literal here so this file stays free of imports.
  return role >= 2 || (role === 1 && allowed);
}

/** 'YYYY-MM' → 'MM/YYYY'. */
export function monthLabel(month: string): string {
  return `${month.slice(5, 7)}/${month.slice(0, 4)}`;
}
