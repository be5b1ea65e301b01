import { describe, expect, it } from 'vitest';
import { ACCESS_BADGE, accessState } from './access-state';

const base = { dirty: false, map: {}, target: 'user' as const, role: 'Operador', profile: null };

describe('accessState (what the permissions matrix means now)', () => {
  it('with nothing saved, says the role applies and the empty boxes block nothing', () => {
    const free = accessState({ ...base, restricted: false });
    expect(free.badge).toBe(ACCESS_BADGE.free);
    expect(free.help).toContain('vale o acesso padrão da função Operador');
    expect(free.help).toContain('As caixas vazias não bloqueiam nada');
    expect(free.warning).toBeNull();
    const withProfile = accessState({ ...base, restricted: false, profile: 'Atendimento' });
    expect(withProfile.help).toContain('valem as permissões do perfil Atendimento');
    const profile = accessState({ ...base, restricted: false, target: 'profile', role: null });
    expect(profile.help).toContain('seus usuários têm o acesso padrão da própria função');
  });

  it('with restrictions, only checked boxes are allowed; none checked blocks everything', () => {
    const some = accessState({ ...base, restricted: true, map: { historico: { read: true, write: false } } });
    expect(some.badge).toBe(ACCESS_BADGE.restricted);
    expect(some.help).toContain('Só o que está marcado fica liberado');
    expect(some.warning).toBeNull();
    const none = { historico: { read: false, write: false } };
    expect(accessState({ ...base, restricted: true, map: none }).warning).toBe(
      'Nenhum módulo marcado: todos os módulos estão bloqueados.',
    );
    expect(accessState({ ...base, restricted: true, dirty: true, map: none }).warning).toMatch(
      /^Nenhum módulo marcado: ao salvar, todos os módulos ficam bloqueados\./,
    );
  });
});
