import { maskEmail, maskPhone } from '@prosa/shared/person';
import { ROLE } from '@prosa/shared/roles';
import { eq } from 'drizzle-orm';
import { companies } from '../../db/schema/companies';
import type { Db, Tx } from '../../platform/db';
import type { Caller } from '../../platform/deps';
import { forbidden } from '../../platform/errors';
import type { PersonRow } from './repository';

export const PERSON_FEATURE_OFF = 'O cadastro de contatos não está ativo para esta empresa.';

type Allow = { person?: boolean; viewphone?: boolean; viewemail?: boolean };

/** The company's contact flags; the person feature must be on (spec 1 §6 company flags gate features). */
export async function personSettings(db: Db | Tx, caller: Caller) {
  const [company] = await db
    .select({ metadata: companies.metadata, createdAt: companies.createdAt })
    .from(companies)
    .where(eq(companies.id, caller.companyId));
  const allow = ((company?.metadata as { allow?: Allow } | undefined)?.allow ?? {}) as Allow;
  if (!allow.person) throw forbidden(PERSON_FEATURE_OFF);
  const operator = caller.role < ROLE.manager;
  return {
    maskPhone: operator && Boolean(allow.viewphone),
    maskEmail: operator && Boolean(allow.viewemail),
    companyCreatedAt: company?.createdAt ?? new Date(0),
  };
}

export type Masks = { maskPhone: boolean; maskEmail: boolean };

export function toPersonView(row: PersonRow, masks: Masks, extra: { channel_count: number }) {
  return {
    id: row.id,
    name: row.name,
    edited_name: row.editedName,
    cpf: row.cpf,
    cnpj: row.cnpj,
    rg: row.rg,
    birth_date: row.birthDate,
    job_title: row.jobTitle,
    company_name: row.companyName,
    tags: row.tags,
    emails: masks.maskEmail ? row.emails.map(maskEmail) : row.emails,
    phones: masks.maskPhone ? row.phones.map((p) => ({ ...p, phone: maskPhone(p.phone) })) : row.phones,
    masked: { phone: masks.maskPhone, email: masks.maskEmail },
    channel_count: extra.channel_count,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
export type TPersonView = ReturnType<typeof toPersonView>;
