import {
  CONTACT_FIELD_MSG,
  definitionError,
  optionKey,
  type TContactFieldPatch,
  type ZContactFieldInput,
} from '@prosa/shared/contact-fields';
import type { z } from '@prosa/shared/zod';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { isUniqueViolation } from '../scheduling/repository';
import { findSector } from '../sectors/repository';
import {
  type ContactFieldRow,
  type ContactFieldValues,
  deleteDefinition,
  findDefinition,
  findDefinitionByKey,
  insertDefinition,
  nextPosition,
  toContactField,
  updateDefinition,
} from './repository';

type Definition = Omit<ContactFieldValues, 'position' | 'updatedAt'> & { position?: number };

/** The cross-field rules, option keys from their values, no mask on lists, a sector of the company. */
async function checked(
  deps: Pick<AppDeps, 'db'>,
  companyId: number,
  def: Definition,
  existing: ContactFieldRow | null,
): Promise<Definition> {
  const options = def.type === 'list' ? (def.options ?? []) : [];
  const problem = definitionError({ type: def.type, options }, { wasList: existing?.type === 'list' });
  if (problem) throw badRequest(problem);
  if (def.sectorId != null && !(await findSector(deps.db, companyId, def.sectorId)))
    throw badRequest(CONTACT_FIELD_MSG.sectorNotFound);
  const other = await findDefinitionByKey(deps.db, companyId, def.key);
  if (other && other.id !== existing?.id) throw badRequest(CONTACT_FIELD_MSG.keyTaken);
  return {
    ...def,
    options: options.map((o) => ({ key: optionKey(o.value), value: o.value.trim() })),
    mask: def.type === 'list' || !def.mask ? null : def.mask,
  };
}

async function guardKey<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(CONTACT_FIELD_MSG.keyTaken);
    throw err;
  }
}

/** Creates a custom contact field (spec 3 §3, §5). */
export async function createContactField(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  input: z.infer<typeof ZContactFieldInput>,
) {
  const def = await checked(
    deps,
    caller.companyId,
    {
      key: input.key,
      label: input.label,
      type: input.type,
      options: input.options.map((o) => ({ key: '', value: o.value })),
      required: input.required,
      mask: input.mask,
      isActive: input.is_active,
      sectorId: input.sector_id,
      position: input.position,
    },
    null,
  );
  const position = def.position ?? (await nextPosition(deps.db, caller.companyId));
  const row = await guardKey(() => insertDefinition(deps.db, caller.companyId, { ...def, position }));
  if (!row) throw notFound(CONTACT_FIELD_MSG.notFound);
  return { message: CONTACT_FIELD_MSG.created, field: toContactField(row) };
}

/** Changes a field; the fields not sent stay as they are. */
export async function updateContactField(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  id: number,
  patch: TContactFieldPatch,
) {
  const existing = await findDefinition(deps.db, caller.companyId, id);
  if (!existing) throw notFound(CONTACT_FIELD_MSG.notFound);
  const def = await checked(
    deps,
    caller.companyId,
    {
      key: patch.key ?? existing.key,
      label: patch.label ?? existing.label,
      type: patch.type ?? existing.type,
      options: patch.options ? patch.options.map((o) => ({ key: '', value: o.value })) : existing.options,
      required: patch.required ?? existing.required,
      mask: patch.mask !== undefined ? patch.mask : existing.mask,
      isActive: patch.is_active ?? existing.isActive,
      sectorId: patch.sector_id !== undefined ? patch.sector_id : existing.sectorId,
      position: patch.position ?? existing.position,
    },
    existing,
  );
  const row = await guardKey(() => updateDefinition(deps.db, caller.companyId, id, def));
  if (!row) throw notFound(CONTACT_FIELD_MSG.notFound);
  return { message: CONTACT_FIELD_MSG.saved, field: toContactField(row) };
}

/** Removes a field definition; values already filled in past attendances stay in their history. */
export async function deleteContactField(deps: Pick<AppDeps, 'db'>, caller: Caller, id: number) {
  if (!(await deleteDefinition(deps.db, caller.companyId, id))) throw notFound(CONTACT_FIELD_MSG.notFound);
  return { message: CONTACT_FIELD_MSG.removed };
}
