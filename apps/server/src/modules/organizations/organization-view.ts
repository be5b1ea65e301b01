import type { TOrganization } from '@prosa/shared/organizations';
import { ROLE } from '@prosa/shared/roles';
import type { Caller } from '../../platform/deps';
import type { OrganizationRow, OrgViewer } from './repository';

export function viewerOf(caller: Caller): OrgViewer {
  return { userId: caller.userId, companyId: caller.companyId, all: caller.role >= ROLE.lord };
}

export function toOrganization(
  row: OrganizationRow,
  companies: { id: number; name: string }[],
): TOrganization {
  return {
    id: row.id,
    name: row.name,
    cnpj: row.cnpj,
    companies,
    created_at: row.createdAt.toISOString(),
  };
}
