import type { TSessionUser } from '@prosa/shared/auth';
import { createContext, type ReactNode, useContext } from 'react';

const SessionContext = createContext<TSessionUser | null>(null);

export function SessionProvider({ user, children }: { user: TSessionUser; children: ReactNode }) {
  return <SessionContext.Provider value={user}>{children}</SessionContext.Provider>;
}

/** The logged-in user; only screens inside the session guard call it. */
export function useCurrentUser(): TSessionUser {
  const user = useContext(SessionContext);
  if (!user) throw new Error('useCurrentUser fora da área logada');
  return user;
}
