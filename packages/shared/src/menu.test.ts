import { describe, expect, it } from 'vitest';
import { canOpenPath, menuForRole } from './menu';
import { hasRole, ROLE, roleLabel } from './roles';

describe('menu by role', () => {
  it('shows operators only what they may open', () => {
    expect(menuForRole(ROLE.operator).map((m) => m.label)).toEqual(['Atendimentos', 'Minha conta']);
    expect(menuForRole(ROLE.manager).map((m) => m.label)).toEqual([
      'Atendimentos',
      'Histórico',
      'Usuários',
      'Web chat',
      'Minha conta',
    ]);
    expect(menuForRole(ROLE.admin).map((m) => m.label)).toEqual([
      'Atendimentos',
      'Histórico',
      'Usuários',
      'Web chat',
      'Segurança',
      'Minha conta',
    ]);
    expect(menuForRole(ROLE.lord)).toHaveLength(6);
    expect(canOpenPath(ROLE.operator, '/history')).toBe(false);
    expect(canOpenPath(ROLE.manager, '/channels/webchat')).toBe(true);
  });

  it('guards paths the same way', () => {
    expect(canOpenPath(ROLE.operator, '/settings/security')).toBe(false);
    expect(canOpenPath(ROLE.operator, '/users')).toBe(false);
    expect(canOpenPath(ROLE.manager, '/users')).toBe(true);
    expect(canOpenPath(ROLE.operator, '/chat')).toBe(true);
    expect(canOpenPath(ROLE.admin, '/settings/security')).toBe(true);
  });

  it('compares roles numerically and names them in Portuguese', () => {
    expect(hasRole(ROLE.admin, ROLE.manager)).toBe(true);
    expect(hasRole(ROLE.operator, ROLE.manager)).toBe(false);
    expect(roleLabel(0)).toBe('Operador');
    expect(roleLabel(1)).toBe('Gestor');
    expect(roleLabel(2)).toBe('Administrador');
  });
});
