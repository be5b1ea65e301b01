import { MESSENGER_FLAG } from './messenger-constants';
import { can, type TPermissionMap } from './permission-map';
import { ROLE } from './roles';

// The main menu: each entry opens only for users at or above minRole and, when it names a menu access key,
// only with read permission on it (spec 3 §6); an entry of a company feature (`flag`, an allow flag) only while the
// company has it on. Server routes check the same roles, keys and flags.
export type TMenuItem = {
  key: string;
  label: string;
  path: string;
  minRole: number;
  permission?: string;
  flag?: string;
  /** A per-user grant that also opens the entry to a manager below minRole (Faturas: allow_billing_access). */
  managerGrant?: TMenuGrant;
  /** A per-user grant the entry REQUIRES when grants are given (Oportunidades: the session's crm.view). */
  userGrant?: TMenuGrant;
};

export type TMenuGrant = 'billing' | 'crm';
/** The caller's per-user grants (the session's billingAccess for 'billing', crm.view for 'crm'). */
export type TMenuGrants = Readonly<Partial<Record<TMenuGrant, boolean>>>;

export const MENU: TMenuItem[] = [
  { key: 'chat', label: 'Atendimentos', path: '/chat', minRole: ROLE.operator },
  {
    key: 'distribution',
    label: 'Monitoramento',
    path: '/distribution',
    minRole: ROLE.manager,
    permission: 'monitoramento',
  },
  { key: 'history', label: 'Histórico', path: '/history', minRole: ROLE.manager, permission: 'historico' },
  { key: 'contacts', label: 'Contatos', path: '/contacts', minRole: ROLE.operator, permission: 'contatos' },
  {
    key: 'knowledgebase',
    label: 'Perguntas e respostas',
    path: '/knowledgebase',
    minRole: ROLE.operator,
    permission: 'perguntas_e_respostas',
  },
  // Issue 20: managers write to operators, operators read and answer.
  {
    key: 'messenger',
    label: 'Comunicação interna',
    path: '/messenger',
    minRole: ROLE.operator,
    flag: MESSENGER_FLAG,
  },
  // Issue 22: the built-in CRM, when the company allows it (allowCosmosCRM).
  {
    key: 'crm',
    label: 'Oportunidades',
    path: '/crm',
    minRole: ROLE.operator,
    flag: 'allowCosmosCRM',
    userGrant: 'crm',
  },
  { key: 'companies', label: 'Empresas', path: '/companies', minRole: ROLE.admin },
  // Issue 20: notifications and surveys the installation's admins publish to the users of chosen companies.
  { key: 'notifications', label: 'Notificações', path: '/notifications', minRole: ROLE.admin },
  { key: 'surveys', label: 'Pesquisas internas', path: '/surveys', minRole: ROLE.admin },
  // Issue 21: the back office.
  { key: 'organizations', label: 'Organizações', path: '/organizations', minRole: ROLE.admin },
  { key: 'report-bi', label: 'Relatórios BI', path: '/report-bi', minRole: ROLE.admin },
  // Spec 3 §6: admins, and managers an admin allowed to see the invoices.
  { key: 'billing', label: 'Faturas', path: '/billing', minRole: ROLE.admin, managerGrant: 'billing' },
  { key: 'backups', label: 'Backups', path: '/backups', minRole: ROLE.admin },
  { key: 'users', label: 'Usuários', path: '/users', minRole: ROLE.manager, permission: 'usuarios' },
  {
    key: 'sectors',
    label: 'Setores',
    path: '/sectors',
    minRole: ROLE.manager,
    permission: 'setores_de_atendimento',
  },
  {
    key: 'statuses',
    label: 'Status',
    path: '/statuses',
    minRole: ROLE.manager,
    permission: 'status_de_atendimento',
  },
  // Issue 24: which cards operators see (spec 2 §2 Triage); MANAGER while distribution is on.
  {
    key: 'triage',
    label: 'Triagem',
    path: '/triage',
    minRole: ROLE.manager,
    permission: 'configuracoes_gerais',
  },
  // Issue 24 settings tab 15: a channel kind's screen only while the company uses the kind (channel_* flags).
  {
    key: 'webchats',
    label: 'Web chat',
    path: '/channels/webchat',
    minRole: ROLE.manager,
    flag: 'channel_web',
    permission: 'web_chat',
  },
  {
    key: 'newchat',
    label: 'NewChat',
    path: '/channels/newchat',
    minRole: ROLE.manager,
    flag: 'channel_nc',
  },
  {
    key: 'waweb',
    label: 'WhatsApp',
    path: '/channels/waweb',
    minRole: ROLE.manager,
    flag: 'channel_waweb',
    permission: 'whatsapp',
  },
  {
    key: 'channel-monitor',
    label: 'Monitor de canais',
    path: '/channels/monitor',
    minRole: ROLE.manager,
    permission: 'whatsapp',
  },
  {
    key: 'waent',
    label: 'WhatsApp Enterprise',
    path: '/channels/waent',
    minRole: ROLE.manager,
    flag: 'channel_waent',
    permission: 'whatsapp',
  },
  // Issue 22: every WhatsApp number of the company with its due date (spec 2 Numbers, 300 per page).
  { key: 'numbers', label: 'Números', path: '/numbers', minRole: ROLE.manager, permission: 'whatsapp' },
  {
    key: 'telegram',
    label: 'Telegram',
    path: '/channels/telegram',
    minRole: ROLE.manager,
    flag: 'channel_tg',
  },
  {
    key: 'emails',
    label: 'E-mail',
    path: '/channels/email',
    minRole: ROLE.manager,
    flag: 'channel_em',
  },
  { key: 'sms', label: 'SMS', path: '/channels/sms', minRole: ROLE.manager, flag: 'channel_sms' },
  { key: 'smart', label: 'Smart', path: '/channels/smart', minRole: ROLE.manager, flag: 'channel_smart' },
  {
    key: 'facebook',
    label: 'Facebook e Instagram',
    path: '/channels/facebook',
    minRole: ROLE.manager,
    flag: 'channel_fa',
  },
  {
    key: 'instagram',
    label: 'Instagram',
    path: '/channels/instagram',
    minRole: ROLE.manager,
    flag: 'channel_insta',
  },
  {
    key: 'multichannel',
    label: 'Multicanal',
    path: '/channels/multichannel',
    minRole: ROLE.manager,
  },
  {
    key: 'hsm',
    label: 'Modelos HSM',
    path: '/channels/hsm',
    minRole: ROLE.manager,
    permission: 'modelos_hsm',
  },
  // Issue 22: RD Station Marketing and CRM.
  { key: 'integrations', label: 'Integrações', path: '/integrations', minRole: ROLE.manager },
  { key: 'triggers', label: 'Gatilhos', path: '/triggers', minRole: ROLE.manager },
  { key: 'chatbot-flows', label: 'Fluxos de chatbot', path: '/chatbot-flows', minRole: ROLE.manager },
  { key: 'polls', label: 'Pesquisas', path: '/polls', minRole: ROLE.manager },
  { key: 'mailings', label: 'Mailings', path: '/mailings', minRole: ROLE.manager },
  { key: 'campaigns', label: 'Campanhas', path: '/campaigns', minRole: ROLE.manager, flag: 'campaigns' },
  // Issue 23: the auto-negotiator, when the company allows it (allow.negotiator, settings tab 4).
  { key: 'negotiator', label: 'Negociador', path: '/negotiator', minRole: ROLE.manager, flag: 'negotiator' },
  { key: 'optin', label: 'Opt-in', path: '/optin', minRole: ROLE.manager },
  {
    key: 'black-list',
    label: 'Lista de bloqueio',
    path: '/black-list',
    minRole: ROLE.manager,
    permission: 'lista_de_bloqueio',
  },
  {
    key: 'solicitation-block',
    label: 'Sugestões de bloqueio',
    path: '/solicitation-block',
    minRole: ROLE.manager,
    permission: 'sugestoes_de_bloqueio',
  },
  // Issue 24: company modules on unless turned off in settings (tabs 6 and 2).
  {
    key: 'batch-close',
    label: 'Ações em massa',
    path: '/batch-close',
    minRole: ROLE.manager,
    flag: 'batch_close',
  },
  { key: 'dashboards', label: 'Painéis', path: '/dashboards', minRole: ROLE.manager, flag: 'dashboard' },
  { key: 'reports', label: 'Relatórios', path: '/reports', minRole: ROLE.manager },
  {
    key: 'settings',
    label: 'Configurações',
    path: '/settings',
    minRole: ROLE.manager,
    permission: 'configuracoes_gerais',
  },
  { key: 'security', label: 'Segurança', path: '/settings/security', minRole: ROLE.admin },
  // Issue 24: the training path by role (spec 2 §2 training screen).
  { key: 'training', label: 'Treinamento', path: '/training', minRole: ROLE.operator },
  { key: 'account', label: 'Minha conta', path: '/account', minRole: ROLE.operator },
];

function opens(
  item: TMenuItem,
  role: number,
  permissions: TPermissionMap | null,
  grants: TMenuGrants | null = null,
): boolean {
  const granted =
    item.managerGrant !== undefined && role >= ROLE.manager && grants?.[item.managerGrant] === true;
  // Grants omitted (null) are not considered, like flags; given, a userGrant entry needs its grant.
  const withGrant = item.userGrant === undefined || grants === null || grants[item.userGrant] === true;
  return (
    (role >= item.minRole || granted) &&
    withGrant &&
    (!item.permission || can(permissions, item.permission, 'read'))
  );
}

/**
 * The entries a user may open. `flags` are the company's allow flags: given, an entry of a feature shows only with
 * its flag on; omitted (null), flags are not considered.
 */
export function menuForRole(
  role: number,
  permissions: TPermissionMap | null = null,
  flags: Readonly<Record<string, boolean>> | null = null,
  grants: TMenuGrants | null = null,
): TMenuItem[] {
  return MENU.filter(
    (item) => opens(item, role, permissions, grants) && (!flags || !item.flag || flags[item.flag] === true),
  );
}

/** The menu entry a path belongs to: the longest matching path wins (/settings/security over /settings). */
export function menuItemOf(path: string): TMenuItem | undefined {
  let best: TMenuItem | undefined;
  for (const m of MENU) {
    // A generic channel's edit screen is its list's path plus "-edit" (spec 2 §2).
    const matches = path === m.path || path.startsWith(`${m.path}/`) || path === `${m.path}-edit`;
    if (matches && (!best || m.path.length > best.path.length)) best = m;
  }
  return best;
}

/** Screens under an entry that open to a lower role than the entry (the BI viewer: managers, spec 3 §7 — the server
 * then answers 401 to those whose company the report is not shown to). */
const OPEN_BELOW_ENTRY: { pattern: RegExp; minRole: number }[] = [
  { pattern: /^\/report-bi\/\d+$/, minRole: ROLE.manager },
];

export function canOpenPath(
  role: number,
  path: string,
  permissions: TPermissionMap | null = null,
  grants: TMenuGrants | null = null,
): boolean {
  const below = OPEN_BELOW_ENTRY.find((o) => o.pattern.test(path));
  if (below) return role >= below.minRole;
  const item = menuItemOf(path);
  return item ? opens(item, role, permissions, grants) : true;
}
