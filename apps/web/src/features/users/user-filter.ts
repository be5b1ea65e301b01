import type { TUserListItem } from './api';

/** Lower-case text without accents, so "joao" finds "João". */
export function normalizeSearch(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

export function filterUsers(users: TUserListItem[], search: string): TUserListItem[] {
  const term = normalizeSearch(search);
  if (!term) return users;
  return users.filter((u) =>
    [u.name, u.display_name, u.email].some((field) => normalizeSearch(field).includes(term)),
  );
}

/** A user is inactive from their inactivation date on. */
export function isInactive(user: TUserListItem, now: Date = new Date()): boolean {
  return user.inactive_since !== null && new Date(user.inactive_since).getTime() <= now.getTime();
}
