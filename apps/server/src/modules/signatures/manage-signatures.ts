import { SIGNATURE_MSG, type TSignatureInput } from '@prosa/shared/users-admin';
import { and, eq, isNull } from 'drizzle-orm';
import { signatures } from '../../db/schema/admin';
import { sectors } from '../../db/schema/organization';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { ofCompany } from '../../platform/tenancy';
import { findManagedUser, listSignatures } from '../users/repository';

type Deps = Pick<AppDeps, 'db'>;

async function managedUser(deps: Deps, caller: Caller, companyId: number, userId: number) {
  const user = await findManagedUser(deps.db, companyId, userId, caller.role);
  if (!user) throw notFound();
}

async function checkSector(deps: Deps, companyId: number, sectorId: number) {
  const [row] = await deps.db
    .select({ id: sectors.id })
    .from(sectors)
    .where(ofCompany(sectors, companyId, eq(sectors.id, sectorId), isNull(sectors.deletedAt)));
  if (!row) throw badRequest(SIGNATURE_MSG.sectorRequired);
}

async function signatureOf(deps: Deps, companyId: number, userId: number, id: number) {
  const [row] = (await listSignatures(deps.db, companyId, { userId })).filter((s) => s.id === id);
  if (!row) throw notFound();
  return row;
}

export async function userSignatures(deps: Deps, caller: Caller, companyId: number, userId: number) {
  await managedUser(deps, caller, companyId, userId);
  return listSignatures(deps.db, companyId, { userId });
}

/** Every signature of the company (company edit, signatures tab), of users the caller may see. */
export function companySignatures(deps: Deps, caller: Caller, companyId: number) {
  return listSignatures(deps.db, companyId, { maxRole: caller.role });
}

export async function createSignature(
  deps: Deps,
  caller: Caller,
  companyId: number,
  userId: number,
  input: TSignatureInput,
) {
  await managedUser(deps, caller, companyId, userId);
  await checkSector(deps, companyId, input.sector_id);
  const [row] = await deps.db
    .insert(signatures)
    .values({ companyId, userId, sectorId: input.sector_id, label: input.label })
    .returning({ id: signatures.id });
  if (!row) throw new Error('signature insert returned nothing');
  return { message: SIGNATURE_MSG.saved, signature: await signatureOf(deps, companyId, userId, row.id) };
}

export async function updateSignature(
  deps: Deps,
  caller: Caller,
  companyId: number,
  userId: number,
  id: number,
  input: TSignatureInput,
) {
  await managedUser(deps, caller, companyId, userId);
  await signatureOf(deps, companyId, userId, id);
  await checkSector(deps, companyId, input.sector_id);
  await deps.db
    .update(signatures)
    .set({ label: input.label, sectorId: input.sector_id })
    .where(and(eq(signatures.companyId, companyId), eq(signatures.userId, userId), eq(signatures.id, id)));
  return { message: SIGNATURE_MSG.saved, signature: await signatureOf(deps, companyId, userId, id) };
}

export async function deleteSignature(
  deps: Deps,
  caller: Caller,
  companyId: number,
  userId: number,
  id: number,
) {
  await managedUser(deps, caller, companyId, userId);
  await signatureOf(deps, companyId, userId, id);
  await deps.db
    .delete(signatures)
    .where(and(eq(signatures.companyId, companyId), eq(signatures.userId, userId), eq(signatures.id, id)));
  return { message: SIGNATURE_MSG.removed };
}
