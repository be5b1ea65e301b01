import { META_MSG } from '@prosa/shared/meta';

export type TLoginResult = { kind: 'success' | 'error'; message: string };

/** The text of the Facebook Login callback's `?login=` (spec 2 §8); null for no or an unknown value. */
export function loginResultOf(value: string | null): TLoginResult | null {
  if (value === 'ok') return { kind: 'success', message: 'Login no Facebook efetuado com sucesso!' };
  if (value === 'cancelled') return { kind: 'error', message: META_MSG.loginCancelled };
  if (value === 'error') return { kind: 'error', message: META_MSG.loginError };
  return null;
}
