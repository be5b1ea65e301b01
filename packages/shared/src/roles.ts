// Roles are compared numerically (spec 1 §6, 2 §6): operator 0 < manager 1 < admin < lord 1000.
export const ROLE = {
  operator: 0,
  manager: 1,
  admin: 2,
  lord: 1000,
} as const;

export type TRoleName = keyof typeof ROLE;
export type TRole = (typeof ROLE)[TRoleName];

export const ROLE_LABEL: Record<number, string> = {
  [ROLE.operator]: 'Operador',
  [ROLE.manager]: 'Gestor',
  [ROLE.admin]: 'Administrador',
  [ROLE.lord]: 'Lord',
};

export function roleLabel(role: number): string {
  return ROLE_LABEL[role] ?? `Função ${role}`;
}

export function hasRole(userRole: number, minRole: number): boolean {
  return userRole >= minRole;
}
