import { ROLE } from './roles';

// The main menu: each entry opens only for users at or above minRole (server routes check the same roles).
export type TMenuItem = { key: string; label: string; path: string; minRole: number };

export const MENU: TMenuItem[] = [
  { key: 'chat', label: 'Atendimentos', path: '/chat', minRole: ROLE.operator },
  { key: 'history', label: 'Histórico', path: '/history', minRole: ROLE.manager },
  { key: 'users', label: 'Usuários', path: '/users', minRole: ROLE.manager },
  { key: 'webchats', label: 'Web chat', path: '/channels/webchat', minRole: ROLE.manager },
  { key: 'security', label: 'Segurança', path: '/settings/security', minRole: ROLE.admin },
  { key: 'account', label: 'Minha conta', path: '/account', minRole: ROLE.operator },
];

export function menuForRole(role: number): TMenuItem[] {
  return MENU.filter((item) => role >= item.minRole);
}

export function canOpenPath(role: number, path: string): boolean {
  const item = MENU.find((m) => path === m.path || path.startsWith(`${m.path}/`));
  return item ? role >= item.minRole : true;
}
