import { ROLE } from './roles';

// The main menu: each entry opens only for users at or above minRole (server routes check the same roles).
export type TMenuItem = { key: string; label: string; path: string; minRole: number };

export const MENU: TMenuItem[] = [
  { key: 'chat', label: 'Atendimentos', path: '/chat', minRole: ROLE.operator },
  { key: 'distribution', label: 'Monitoramento', path: '/distribution', minRole: ROLE.manager },
  { key: 'history', label: 'Histórico', path: '/history', minRole: ROLE.manager },
  { key: 'users', label: 'Usuários', path: '/users', minRole: ROLE.manager },
  { key: 'webchats', label: 'Web chat', path: '/channels/webchat', minRole: ROLE.manager },
  { key: 'settings', label: 'Configurações', path: '/settings', minRole: ROLE.manager },
  { key: 'security', label: 'Segurança', path: '/settings/security', minRole: ROLE.admin },
  { key: 'account', label: 'Minha conta', path: '/account', minRole: ROLE.operator },
];

export function menuForRole(role: number): TMenuItem[] {
  return MENU.filter((item) => role >= item.minRole);
}

/** The menu entry a path belongs to: the longest matching path wins (/settings/security over /settings). */
export function menuItemOf(path: string): TMenuItem | undefined {
  let best: TMenuItem | undefined;
  for (const m of MENU) {
    const matches = path === m.path || path.startsWith(`${m.path}/`);
    if (matches && (!best || m.path.length > best.path.length)) best = m;
  }
  return best;
}

export function canOpenPath(role: number, path: string): boolean {
  const item = menuItemOf(path);
  return item ? role >= item.minRole : true;
}
