import { describe, expect, it } from 'vitest';
import { canOpenPath, menuForRole, menuItemOf } from './menu';
import { hasRole, ROLE, roleLabel } from './roles';

describe('menu by company feature', () => {
  it('shows the internal messenger only while the company has it on', () => {
    const labels = (flags: Record<string, boolean> | null) =>
      menuForRole(ROLE.operator, null, flags).map((m) => m.label);
    expect(labels({ internal_messenger: true })).toContain('Comunicação interna');
    expect(labels({ internal_messenger: false })).not.toContain('Comunicação interna');
    expect(labels({})).not.toContain('Comunicação interna');
    // Other entries do not depend on flags.
    expect(labels({})).toEqual([
      'Atendimentos',
      'Contatos',
      'Perguntas e respostas',
      'Treinamento',
      'Minha conta',
    ]);
  });

  it('hides dashboards, campaigns and batch close while the company has them off (issue 24)', () => {
    const labels = (flags: Record<string, boolean>) =>
      menuForRole(ROLE.manager, null, flags).map((m) => m.label);
    const on = labels({ dashboard: true, campaigns: true, batch_close: true });
    expect(on).toEqual(expect.arrayContaining(['Painéis', 'Campanhas', 'Ações em massa']));
    const off = labels({ dashboard: false, campaigns: false, batch_close: false });
    expect(off).not.toContain('Painéis');
    expect(off).not.toContain('Campanhas');
    expect(off).not.toContain('Ações em massa');
    expect(off.length).toBe(on.length - 3);
  });

  it("hides a channel kind's screen while the company does not use the kind (settings tab 15)", () => {
    const kinds = ['web', 'nc', 'waweb', 'waent', 'tg', 'em', 'sms', 'smart', 'fa', 'insta'];
    const all = Object.fromEntries(kinds.map((k) => [`channel_${k}`, true]));
    const labels = (flags: Record<string, boolean>) =>
      menuForRole(ROLE.admin, null, flags).map((m) => m.label);
    expect(labels(all)).toEqual(expect.arrayContaining(['Telegram', 'Instagram', 'Web chat', 'SMS']));
    const off = labels({ ...all, channel_tg: false, channel_insta: false });
    expect(off).not.toContain('Telegram');
    expect(off).not.toContain('Instagram');
    expect(off.length).toBe(labels(all).length - 2);
  });
});

describe('menu by role', () => {
  it('shows operators only what they may open', () => {
    expect(menuForRole(ROLE.operator).map((m) => m.label)).toEqual([
      'Atendimentos',
      'Contatos',
      'Perguntas e respostas',
      'Comunicação interna',
      'Oportunidades',
      'Treinamento',
      'Minha conta',
    ]);
    expect(menuForRole(ROLE.manager).map((m) => m.label)).toEqual([
      'Atendimentos',
      'Monitoramento',
      'Histórico',
      'Contatos',
      'Perguntas e respostas',
      'Comunicação interna',
      'Oportunidades',
      'Usuários',
      'Setores',
      'Status',
      'Triagem',
      'Web chat',
      'NewChat',
      'WhatsApp',
      'Monitor de canais',
      'WhatsApp Enterprise',
      'Números',
      'Telegram',
      'E-mail',
      'SMS',
      'Smart',
      'Facebook e Instagram',
      'Instagram',
      'Multicanal',
      'Modelos HSM',
      'Integrações',
      'Gatilhos',
      'Fluxos de chatbot',
      'Pesquisas',
      'Mailings',
      'Campanhas',
      'Negociador',
      'Opt-in',
      'Lista de bloqueio',
      'Sugestões de bloqueio',
      'Ações em massa',
      'Painéis',
      'Relatórios',
      'Configurações',
      'Treinamento',
      'Minha conta',
    ]);
    expect(menuForRole(ROLE.admin).map((m) => m.label)).toEqual([
      'Atendimentos',
      'Monitoramento',
      'Histórico',
      'Contatos',
      'Perguntas e respostas',
      'Comunicação interna',
      'Oportunidades',
      'Empresas',
      'Notificações',
      'Pesquisas internas',
      'Organizações',
      'Relatórios BI',
      'Faturas',
      'Backups',
      'Usuários',
      'Setores',
      'Status',
      'Triagem',
      'Web chat',
      'NewChat',
      'WhatsApp',
      'Monitor de canais',
      'WhatsApp Enterprise',
      'Números',
      'Telegram',
      'E-mail',
      'SMS',
      'Smart',
      'Facebook e Instagram',
      'Instagram',
      'Multicanal',
      'Modelos HSM',
      'Integrações',
      'Gatilhos',
      'Fluxos de chatbot',
      'Pesquisas',
      'Mailings',
      'Campanhas',
      'Negociador',
      'Opt-in',
      'Lista de bloqueio',
      'Sugestões de bloqueio',
      'Ações em massa',
      'Painéis',
      'Relatórios',
      'Configurações',
      'Segurança',
      'Treinamento',
      'Minha conta',
    ]);
    expect(menuForRole(ROLE.lord)).toHaveLength(49);
    expect(canOpenPath(ROLE.operator, '/triage')).toBe(false);
    expect(canOpenPath(ROLE.manager, '/triage')).toBe(true);
    expect(canOpenPath(ROLE.operator, '/history')).toBe(false);
    expect(canOpenPath(ROLE.manager, '/channels/webchat')).toBe(true);
    // Facebook pages and Instagram accounts are channel settings: managers and up.
    expect(canOpenPath(ROLE.operator, '/channels/facebook')).toBe(false);
    expect(canOpenPath(ROLE.operator, '/channels/instagram')).toBe(false);
    expect(canOpenPath(ROLE.manager, '/channels/facebook')).toBe(true);
    expect(canOpenPath(ROLE.manager, '/channels/instagram')).toBe(true);
  });

  it('opens Faturas to admins and to the managers allowed to see the invoices', () => {
    const labels = (role: number, billing: boolean) =>
      menuForRole(role, null, null, { billing }).map((m) => m.label);
    expect(labels(ROLE.manager, false)).not.toContain('Faturas');
    expect(labels(ROLE.manager, true)).toContain('Faturas');
    expect(labels(ROLE.operator, true)).not.toContain('Faturas');
    expect(labels(ROLE.admin, false)).toContain('Faturas');
    expect(canOpenPath(ROLE.manager, '/billing')).toBe(false);
    expect(canOpenPath(ROLE.manager, '/billing', null, { billing: true })).toBe(true);
    expect(canOpenPath(ROLE.operator, '/billing', null, { billing: true })).toBe(false);
    // The grant opens only the entry that names it.
    expect(canOpenPath(ROLE.manager, '/backups', null, { billing: true })).toBe(false);
  });

  it('shows Oportunidades only with the CRM view grant (when grants are given)', () => {
    const labels = (role: number, crm: boolean) =>
      menuForRole(role, null, { allowCosmosCRM: true }, { crm }).map((m) => m.label);
    expect(labels(ROLE.operator, true)).toContain('Oportunidades');
    expect(labels(ROLE.operator, false)).not.toContain('Oportunidades');
    expect(labels(ROLE.manager, false)).not.toContain('Oportunidades');
    expect(
      menuForRole(ROLE.operator, null, { allowCosmosCRM: false }, { crm: true }).map((m) => m.label),
    ).not.toContain('Oportunidades');
    expect(canOpenPath(ROLE.operator, '/crm', null, { crm: false })).toBe(false);
    expect(canOpenPath(ROLE.operator, '/crm', null, { crm: true })).toBe(true);
  });

  it('hides and guards the entries whose menu access key the user lacks', () => {
    const perms = { usuarios: { read: true, write: false }, historico: { read: false, write: false } };
    const labels = menuForRole(ROLE.manager, perms).map((m) => m.label);
    expect(labels).toContain('Usuários');
    expect(labels).not.toContain('Histórico');
    expect(labels).not.toContain('Setores');
    expect(canOpenPath(ROLE.manager, '/history', perms)).toBe(false);
    expect(canOpenPath(ROLE.manager, '/users/permissions/user/3', perms)).toBe(true);
    // No restrictions (null) leaves only the role rule.
    expect(canOpenPath(ROLE.manager, '/history', null)).toBe(true);
    // The knowledge base opens for operators too, with its menu access key.
    expect(canOpenPath(ROLE.operator, '/knowledgebase')).toBe(true);
    expect(canOpenPath(ROLE.operator, '/knowledgebase', perms)).toBe(false);
    // The contacts list too (menu access key contatos).
    expect(canOpenPath(ROLE.operator, '/contacts')).toBe(true);
    expect(canOpenPath(ROLE.operator, '/contacts', perms)).toBe(false);
    expect(canOpenPath(ROLE.operator, '/contacts', { contatos: { read: true, write: false } })).toBe(true);
  });

  it('guards paths the same way', () => {
    expect(canOpenPath(ROLE.operator, '/settings/security')).toBe(false);
    expect(canOpenPath(ROLE.operator, '/users')).toBe(false);
    expect(canOpenPath(ROLE.manager, '/users')).toBe(true);
    expect(canOpenPath(ROLE.operator, '/chat')).toBe(true);
    expect(canOpenPath(ROLE.admin, '/settings/security')).toBe(true);
  });

  it('sends operators away from the settings and the monitoring, and keeps security above managers', () => {
    expect(canOpenPath(ROLE.operator, '/settings')).toBe(false);
    expect(canOpenPath(ROLE.operator, '/distribution')).toBe(false);
    expect(canOpenPath(ROLE.manager, '/settings')).toBe(true);
    expect(canOpenPath(ROLE.manager, '/distribution')).toBe(true);
    // The longer path wins: /settings/security is an admin screen even though /settings is a manager's.
    expect(canOpenPath(ROLE.manager, '/settings/security')).toBe(false);
    expect(menuItemOf('/settings/security')?.key).toBe('security');
    expect(menuItemOf('/settings')?.key).toBe('settings');
    expect(menuItemOf('/settingsx')).toBeUndefined();
    // The pause block page is open to every logged-in user.
    expect(canOpenPath(ROLE.operator, '/user-in-pause')).toBe(true);
  });

  it('compares roles numerically and names them in Portuguese', () => {
    expect(hasRole(ROLE.admin, ROLE.manager)).toBe(true);
    expect(hasRole(ROLE.operator, ROLE.manager)).toBe(false);
    expect(roleLabel(0)).toBe('Operador');
    expect(roleLabel(1)).toBe('Gestor');
    expect(roleLabel(2)).toBe('Administrador');
  });
});
