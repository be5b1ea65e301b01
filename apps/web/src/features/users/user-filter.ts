/** A user is inactive from their inactivation date on. */
export function isInactive(user: { inactive_since: string | null }, now: Date = new Date()): boolean {
  return user.inactive_since !== null && new Date(user.inactive_since).getTime() <= now.getTime();
}
