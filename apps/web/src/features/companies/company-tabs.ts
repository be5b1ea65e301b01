// The tabs of company edit (spec 2 §2). The `redirect` query parameter names the open tab, so a link such as
// /companies/3?redirect=contract opens the contract, and switching tabs keeps the URL shareable.
export const COMPANY_TABS = [
  'data',
  'addresses',
  'responsibles',
  'users',
  'profiles',
  'sectors',
  'statuses',
  'signatures',
  'ips',
  'white-label',
  'timezone',
  'metadata',
  'contract',
  'login-redirect',
  'automatic-attendance',
  'feature-flags',
] as const;

export type TCompanyTab = (typeof COMPANY_TABS)[number];

export const COMPANY_TAB_LABEL: Record<TCompanyTab, string> = {
  data: 'Dados',
  addresses: 'Endereços',
  responsibles: 'Responsáveis',
  users: 'Usuários',
  profiles: 'Perfis',
  sectors: 'Setores',
  statuses: 'Status',
  signatures: 'Assinaturas',
  ips: 'IPs permitidos',
  'white-label': 'Identidade visual',
  timezone: 'Fuso horário',
  metadata: 'Metadados',
  contract: 'Contrato',
  'login-redirect': 'Redirecionamento',
  'automatic-attendance': 'Atendimento automático',
  'feature-flags': 'Recursos',
};

/** Tabs only the platform owner (role 1000) sees. */
export const LORD_ONLY_TABS: readonly TCompanyTab[] = ['feature-flags'];

// Names the older screens used for the same tabs.
const ALIASES: Record<string, TCompanyTab> = {
  dados: 'data',
  enderecos: 'addresses',
  responsaveis: 'responsibles',
  usuarios: 'users',
  perfis: 'profiles',
  setores: 'sectors',
  status: 'statuses',
  assinaturas: 'signatures',
  ip: 'ips',
  whitelabel: 'white-label',
  'fuso-horario': 'timezone',
  timezones: 'timezone',
  metadados: 'metadata',
  contrato: 'contract',
  contracts: 'contract',
  redirecionamento: 'login-redirect',
  recursos: 'feature-flags',
  'atendimento-automatico': 'automatic-attendance',
};

export function companyTabOf(param: string | null): TCompanyTab {
  const value = (param ?? '').trim().toLowerCase();
  if ((COMPANY_TABS as readonly string[]).includes(value)) return value as TCompanyTab;
  return ALIASES[value] ?? 'data';
}
