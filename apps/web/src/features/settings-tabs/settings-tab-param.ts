// The tabs of /settings (spec 2 §2): the numbered settings tabs and the 13 attendance-settings tabs, kept in
// ?tab= so a link can open one; the default is pause control.

export type TSettingsGroup = 'Gerais' | 'Atendimento';

export const SETTINGS_TAB_LIST = [
  // Numbered settings tabs (1 to 20).
  { id: 'pause', label: 'Pausa', group: 'Gerais' },
  { id: 'dashboard', label: 'Dashboard', group: 'Gerais' },
  { id: 'campaign', label: 'Campanhas', group: 'Gerais' },
  { id: 'negotiator', label: 'Negociador', group: 'Gerais' },
  { id: 'whatsapp', label: 'WhatsApp', group: 'Gerais' },
  { id: 'batch-close', label: 'Finalização em massa', group: 'Gerais' },
  { id: 'reports', label: 'Relatórios', group: 'Gerais' },
  { id: 'report-bi', label: 'Relatório BI', group: 'Gerais' },
  { id: 'chatbots', label: 'Chatbots', group: 'Gerais' },
  { id: 'distribution', label: 'Nova distribuição', group: 'Gerais' },
  { id: 'contact', label: 'Contatos', group: 'Gerais' },
  { id: 'media', label: 'Controle de mídia', group: 'Gerais' },
  { id: 'channels', label: 'Canais', group: 'Gerais' },
  { id: 'messenger', label: 'Mensageiro interno', group: 'Gerais' },
  { id: 'crm', label: 'CRM', group: 'Gerais' },
  { id: 'mfa', label: 'MFA', group: 'Gerais' },
  { id: 'rules', label: 'Regras de atendimento', group: 'Gerais' },
  { id: 'history', label: 'Histórico', group: 'Gerais' },
  // Attendance settings (13 tabs).
  { id: 'contact-metadata', label: 'Metadados de contato', group: 'Atendimento' },
  { id: 'knowledge-base', label: 'Base de conhecimento', group: 'Atendimento' },
  { id: 'control-words', label: 'Palavras de controle', group: 'Atendimento' },
  { id: 'scheduling', label: 'Agendamento', group: 'Atendimento' },
  { id: 'read-unread', label: 'Lido / não lido', group: 'Atendimento' },
  { id: 'auto-change', label: 'Troca automática', group: 'Atendimento' },
  { id: 'message-copy', label: 'Cópia de mensagens', group: 'Atendimento' },
  { id: 'status', label: 'Status', group: 'Atendimento' },
  { id: 'sector-config', label: 'Configuração de setores', group: 'Atendimento' },
  { id: 'audio', label: 'Áudio', group: 'Atendimento' },
  { id: 'view-options', label: 'Opções de visualização', group: 'Atendimento' },
  { id: 'seconds-control', label: 'Controle de segundos', group: 'Atendimento' },
  { id: 'campaign-options', label: 'Opções de campanha', group: 'Atendimento' },
] as const satisfies readonly { id: string; label: string; group: TSettingsGroup }[];

export type TSettingsTab = (typeof SETTINGS_TAB_LIST)[number]['id'];
export const SETTINGS_TABS: readonly TSettingsTab[] = SETTINGS_TAB_LIST.map((t) => t.id);
export const DEFAULT_SETTINGS_TAB: TSettingsTab = 'pause';
export const SETTINGS_GROUPS: readonly TSettingsGroup[] = ['Gerais', 'Atendimento'];

export function settingsTabOf(value: string | null): TSettingsTab {
  return SETTINGS_TABS.find((t) => t === value) ?? DEFAULT_SETTINGS_TAB;
}

export function settingsTabsOf(group: TSettingsGroup) {
  return SETTINGS_TAB_LIST.filter((t) => t.group === group);
}

/** The address of a tab: the default tab keeps /settings clean. */
export function settingsTabParams(tab: TSettingsTab): Record<string, string> {
  return tab === DEFAULT_SETTINGS_TAB ? {} : { tab };
}
