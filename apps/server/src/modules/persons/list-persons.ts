import { onlyDigits } from '@prosa/shared/documents';
import { PERSON_MSG, PERSON_PAGE_SIZE, searchTermError, type TPersonFilters } from '@prosa/shared/person';
import { and, count, desc, eq, gte, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { contacts, persons } from '../../db/schema/attendance';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { personSettings, toPersonView } from './person-view';

const like = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A phone of the person in the country `ddi` (and holding `number` after it, when given). Stored phones are
 * digits; one of up to 11 digits is Brazilian, as the active WhatsApp reads it (55 + DDD + number).
 */
function phoneWithDdi(ddi: string, number: string): SQL {
  const full = sql`(case when length(d) <= 11 then '55' || d else d end)`;
  const rest = number ? sql` and substr(${full}, ${ddi.length + 1}) LIKE ${like(number)}` : sql``;
  return sql`exists (select 1 from jsonb_array_elements(${persons.phones}) p, lateral (select regexp_replace(p->>'phone', '\D', '', 'g') as d) x where ${full} LIKE ${`${ddi}%`}${rest})`;
}

/** The contacts list (spec 3 §2, §5): filters, 25 per page, text searches of at least 3 characters. */
export async function listPersons(deps: Pick<AppDeps, 'db'>, caller: Caller, f: TPersonFilters) {
  const settings = await personSettings(deps.db, caller);
  const tooShort = searchTermError(f);
  if (tooShort) throw badRequest(tooShort);
  const conds: (SQL | undefined)[] = [eq(persons.companyId, caller.companyId), isNull(persons.mergedIntoId)];
  if (f.name) {
    conds.push(
      sql`(unaccent_lower(${persons.name}) LIKE unaccent_lower(${like(f.name)}) OR unaccent_lower(coalesce(${persons.editedName}, '')) LIKE unaccent_lower(${like(f.name)}))`,
    );
  }
  if (f.editedName)
    conds.push(
      sql`unaccent_lower(coalesce(${persons.editedName}, '')) LIKE unaccent_lower(${like(f.editedName)})`,
    );
  if (f.email) conds.push(sql`lower(${persons.emails}::text) LIKE lower(${like(f.email)})`);
  if (f.cpf) conds.push(sql`${persons.cpf} LIKE ${`${onlyDigits(f.cpf)}%`}`);
  const ddi = onlyDigits(f.phoneDdi ?? '');
  if (ddi) conds.push(phoneWithDdi(ddi, onlyDigits(f.phone ?? '')));
  else if (f.phone) conds.push(sql`${persons.phones}::text LIKE ${like(onlyDigits(f.phone))}`);
  if (f.tags) conds.push(sql`unaccent_lower(${persons.tags}::text) LIKE unaccent_lower(${like(f.tags)})`);
  if (f.dateStart) {
    const start = new Date(`${f.dateStart}T00:00:00Z`);
    if (Number.isNaN(start.getTime())) throw badRequest('Data inicial inválida.');
    if (start.toISOString().slice(0, 10) < settings.companyCreatedAt.toISOString().slice(0, 10))
      throw badRequest(PERSON_MSG.startBeforeCompany);
    conds.push(gte(persons.createdAt, start));
  }
  if (f.dateEnd) {
    const end = new Date(`${f.dateEnd}T00:00:00Z`);
    if (Number.isNaN(end.getTime())) throw badRequest('Data final inválida.');
    conds.push(lt(persons.createdAt, new Date(end.getTime() + 86_400_000)));
  }
  const where = and(...conds);
  const [total] = await deps.db.select({ n: count() }).from(persons).where(where);
  const rows = await deps.db
    .select()
    .from(persons)
    .where(where)
    .orderBy(desc(persons.updatedAt), desc(persons.id))
    .limit(PERSON_PAGE_SIZE)
    .offset((f.page - 1) * PERSON_PAGE_SIZE);
  const ids = rows.map((r) => r.id);
  const channelCounts = ids.length
    ? await deps.db
        .select({ personId: contacts.personId, n: count() })
        .from(contacts)
        .where(and(eq(contacts.companyId, caller.companyId), inArray(contacts.personId, ids)))
        .groupBy(contacts.personId)
    : [];
  const countOf = new Map(channelCounts.map((c) => [c.personId, Number(c.n)]));
  return {
    items: rows.map((r) => toPersonView(r, settings, { channel_count: countOf.get(r.id) ?? 0 })),
    total: Number(total?.n ?? 0),
    page: f.page,
    per_page: PERSON_PAGE_SIZE,
  };
}
