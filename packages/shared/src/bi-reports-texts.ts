// BI report texts and constants without zod (issue 21; spec 3 §5, §7, §8, §9): the reports index and the viewer read
// them; bi-reports.ts re-exports them with the schemas.

export const BI_MSG = {
  nameRequired: 'Campo Nome é obrigatório!',
  reportIdRequired: 'Campo Report-ID é obrigatório!',
  noPermission: 'Você não tem permissão de visualizar este relatório.',
  fetchError: 'Não foi possível recuperar o relatório!',
  refreshError: 'Não foi possível atualizar o relatório!',
  loadError: 'Ocorreu um erro ao carregar o relatório',
  notFound: 'Relatório não encontrado.',
  providerRequired: 'Escolha o serviço de BI.',
  metabaseIdInvalid: 'O Report-ID do Metabase é o número do painel (ex.: 12 ou 12,15).',
  powerbiIdInvalid:
    'O Report-ID do Power BI é o identificador do relatório (GUID), ou dois separados por vírgula.',
  tooManyIds: 'Informe no máximo dois relatórios, separados por vírgula.',
  companyNotFound: 'Empresa não encontrada.',
  created: 'Relatório BI criado com sucesso!',
  updated: 'Relatório BI atualizado com sucesso!',
  deleted: 'Relatório BI excluído com sucesso!',
  listError: 'Erro ao carregar os relatórios BI.',
  saveError: 'Erro ao salvar o relatório BI.',
  deleteError: 'Erro ao excluir o relatório BI.',
} as const;

/** The error code of the viewer's 401 (not UNAUTHENTICATED: the session stays; spec 3 §7 goes to the chat). */
export const BI_FORBIDDEN_CODE = 'BI_REPORT_FORBIDDEN';

export const BI_PROVIDERS = ['metabase', 'powerbi'] as const;
export type TBiProvider = (typeof BI_PROVIDERS)[number];
export const BI_PROVIDER_LABEL: Record<TBiProvider, string> = { metabase: 'Metabase', powerbi: 'Power BI' };

/** The admin form's warning when the installation lacks a provider's settings. */
export const biProviderNotConfigured = (p: TBiProvider) =>
  `O ${BI_PROVIDER_LABEL[p]} não está configurado neste servidor: o relatório não poderá ser exibido.`;

/** Admin list page size. */
export const BI_REPORTS_PER_PAGE = 20;
/** Spec 3 §9: the embed is refreshed every 30 minutes (and its token lasts as long on Metabase). */
export const BI_REFRESH_MS = 30 * 60_000;
/** Spec 3 §2 "report 1 also embeds a second report": a definition names at most two provider reports. */
export const BI_MAX_EMBEDS = 2;
