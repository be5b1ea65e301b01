// Why a session ended by itself (e.g. the pause passed its limit), shown above the login form: a toast would
// be gone before the user is back. Kept outside the address, which the guards rewrite on the way to /login.
let pending: string | null = null;

export function setLoginNotice(text: string) {
  pending = text;
}

export function readLoginNotice(): string | null {
  return pending;
}

/** Once shown, the next visit to the login screen starts clean. */
export function clearLoginNotice() {
  pending = null;
}
