export type TPermissionTarget = 'user' | 'profile';

/** The matrix screen of a user or profile; another company's id travels as ?company=ID. */
export function permissionsPath(
  target: TPermissionTarget,
  id: number,
  companyId: number,
  ownCompanyId: number,
): string {
  const path = `/users/permissions/${target}/${id}`;
  return companyId === ownCompanyId ? path : `${path}?company=${companyId}`;
}
