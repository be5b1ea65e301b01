import type { TPermissionMap } from '@prosa/shared/permissions';
import type { TPermissionTarget } from './paths';

export type TAccessState = {
  badge: string;
  color: 'teal' | 'orange';
  help: string;
  /** With restrictions and no box checked, everything is (or, once saved, will be) blocked. */
  warning: string | null;
};

export const ACCESS_BADGE = {
  free: 'Sem restrição de módulo',
  restricted: 'Com restrição de módulo',
} as const;

const EMPTY_BOXES = 'As caixas vazias não bloqueiam nada enquanto nada for salvo';

function freeHelp(target: TPermissionTarget, role: string | null, profile: string | null): string {
  if (target === 'profile') {
    return `Nenhuma permissão de módulo foi salva para este perfil: seus usuários têm o acesso padrão da própria função. ${EMPTY_BOXES}; marque o que o perfil pode usar e salve para restringir.`;
  }
  const byRole = role ? `o acesso padrão da função ${role}` : 'o acesso padrão da função';
  const source = profile
    ? `valem as permissões do perfil ${profile} ou, se o perfil não tiver nenhuma, ${byRole}`
    : `vale ${byRole}`;
  return `Nenhuma permissão de módulo foi salva para este usuário: ${source}. ${EMPTY_BOXES}; marque o que ele pode usar e salve para restringir.`;
}

const nothingChecked = (map: TPermissionMap) => !Object.values(map).some((g) => g.read || g.write);

/**
 * What the matrix means now (spec 3 §4): with nothing saved the role's defaults apply and the empty boxes
 * block nothing; once saved, only what is checked is allowed.
 */
export function accessState(input: {
  restricted: boolean;
  dirty: boolean;
  map: TPermissionMap;
  target: TPermissionTarget;
  role: string | null;
  profile: string | null;
}): TAccessState {
  if (!input.restricted) {
    return {
      badge: ACCESS_BADGE.free,
      color: 'teal',
      help: freeHelp(input.target, input.role, input.profile),
      warning: null,
    };
  }
  const warning = !nothingChecked(input.map)
    ? null
    : input.dirty
      ? 'Nenhum módulo marcado: ao salvar, todos os módulos ficam bloqueados. Para voltar ao acesso da função, use "Remover restrições".'
      : 'Nenhum módulo marcado: todos os módulos estão bloqueados.';
  return {
    badge: ACCESS_BADGE.restricted,
    color: 'orange',
    help: 'Só o que está marcado fica liberado; o que está desmarcado fica bloqueado. "Remover restrições" volta ao acesso padrão da função.',
    warning,
  };
}
