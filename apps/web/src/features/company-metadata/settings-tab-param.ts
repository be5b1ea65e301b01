// The tabs of /settings (spec 2 §2): the numbered settings tabs and the attendance-settings tabs, kept in
// ?tab= so a link can open one; the default is pause control. Every tab of the spec is offered, each changing
// behaviour that exists. Reports: the background reports and the periodic e-mails (issue 19). BI report: the
// company's complete report, opened from the reports index (issue 21).

export type TSettingsGroup = 'Gerais' | 'Atendimento';

export const SETTINGS_TAB_LIST = [
  // Numbered settings tabs (of 1 to 20, those whose feature exists).
  { id: 'pause', label: 'Pausa', group: 'Gerais' },
  { id: 'chatbots', label: 'Chatbots', group: 'Gerais' },
  { id: 'distribution', label: 'Nova distribuição', group: 'Gerais' },
  { id: 'contact', label: 'Contatos', group: 'Gerais' },
  { id: 'mfa', label: 'MFA', group: 'Gerais' },
  { id: 'rules', label: 'Regras de atendimento', group: 'Gerais' },
  // The company flag "near-real-time e-mail" (spec 1 §7).
  { id: 'email', label: 'E-mail', group: 'Gerais' },
  // Blocked contacts and block suggestions (spec 1 §5 Blacklist setting).
  { id: 'blacklist', label: 'Lista de bloqueio', group: 'Gerais' },
  // Background reports: the period above which a report goes there, the periodic reports and their e-mails.
  { id: 'reports', label: 'Relatórios', group: 'Gerais' },
  // Tab 16: the internal messenger between managers and operators, a company feature (issue 20).
  { id: 'internal-messenger', label: 'Comunicação interna', group: 'Gerais' },
  // Tab 8: the company's complete BI report (allow['report-bi'] + its report id), issue 21.
  { id: 'report-bi', label: 'Relatório BI', group: 'Gerais' },
  // Each user's Google Calendar receives their scheduled returns (allow['google-calendar'], issue 22).
  { id: 'google-calendar', label: 'Google Agenda', group: 'Gerais' },
  // Tab 4: the auto-negotiator (allow.negotiator), issue 23.
  { id: 'negotiator', label: 'Negociador', group: 'Gerais' },
  // Tab 17: the built-in CRM, Oportunidades (allow.allowCosmosCRM), issue 22.
  { id: 'crm', label: 'CRM', group: 'Gerais' },
  // Tab 2: dashboards; tab 3: campaigns; tab 5: WhatsApp; tab 6: batch close; tab 14: media control; tab 15:
  // channels; tab 20: history (issue 24).
  { id: 'dashboard', label: 'Dashboards', group: 'Gerais' },
  { id: 'campaign', label: 'Campanhas', group: 'Gerais' },
  { id: 'whatsapp', label: 'WhatsApp', group: 'Gerais' },
  { id: 'batch-close', label: 'Finalização em lote', group: 'Gerais' },
  { id: 'media-control', label: 'Controle de mídia', group: 'Gerais' },
  { id: 'channels', label: 'Canais', group: 'Gerais' },
  { id: 'history', label: 'Histórico', group: 'Gerais' },
  // Attendance settings (of the spec's 13 tabs, those whose feature exists).
  { id: 'contact-metadata', label: 'Metadados de contato', group: 'Atendimento' },
  { id: 'knowledge-base', label: 'Base de conhecimento', group: 'Atendimento' },
  { id: 'control-words', label: 'Palavras de controle', group: 'Atendimento' },
  { id: 'scheduling', label: 'Agendamento', group: 'Atendimento' },
  { id: 'read-unread', label: 'Lido / não lido', group: 'Atendimento' },
  { id: 'message-copy', label: 'Cópia de mensagens', group: 'Atendimento' },
  { id: 'status', label: 'Status', group: 'Atendimento' },
  { id: 'sector-config', label: 'Configuração de setores', group: 'Atendimento' },
  { id: 'audio', label: 'Áudio', group: 'Atendimento' },
  { id: 'view-options', label: 'Opções de visualização', group: 'Atendimento' },
  { id: 'seconds-control', label: 'Controle de segundos', group: 'Atendimento' },
  { id: 'auto-change', label: 'Mudança automática', group: 'Atendimento' },
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
