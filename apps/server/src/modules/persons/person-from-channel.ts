import { PERSON_MAX_ITEMS } from '@prosa/shared/person';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { persons } from '../../db/schema/attendance';
import type { Tx } from '../../platform/db';
import { diffPerson, logChange, personValues } from './repository';

export type ChannelIdentity = { name: string; email: string | null; phone: string | null };

/**
 * The person a new channel contact belongs to, from what the contact told about themself (a web chat form):
 * the live record that already has this e-mail or phone gets what it lacks, so no second record repeats
 * them; otherwise a new record with the name, e-mail and phone. Runs inside the contact's transaction.
 */
export async function personFromChannel(tx: Tx, companyId: number, who: ChannelIdentity): Promise<number> {
  const email = who.email?.trim().toLowerCase() || null;
  const phone = who.phone || null;
  // Two visitors with the same e-mail or phone at once must not both create a record.
  for (const key of [email && `email:${email}`, phone && `phone:${phone}`].filter(Boolean)) {
    await tx.execute(sql`select pg_advisory_xact_lock(${companyId}, hashtext(${key}))`);
  }
  const byEmail = email
    ? sql`lower(${persons.emails}::text)::jsonb @> ${JSON.stringify([email])}::jsonb`
    : undefined;
  const byPhone = phone
    ? sql`exists (select 1 from jsonb_array_elements(${persons.phones}) p where regexp_replace(p->>'phone', '\\D', '', 'g') = ${phone})`
    : undefined;
  const match = or(byEmail, byPhone);
  const [existing] = match
    ? await tx
        .select()
        .from(persons)
        .where(and(eq(persons.companyId, companyId), isNull(persons.mergedIntoId), match))
        .orderBy(persons.id)
        .limit(1)
        .for('update')
    : [];

  if (!existing) {
    const [row] = await tx
      .insert(persons)
      .values({
        companyId,
        name: who.name,
        emails: email ? [email] : [],
        phones: phone ? [{ phone, is_whatsapp: false }] : [],
      })
      .returning();
    if (!row) throw new Error('person insert returned nothing');
    return row.id;
  }

  const emails = [...existing.emails];
  if (email && !emails.some((e) => e.toLowerCase() === email) && emails.length < PERSON_MAX_ITEMS)
    emails.push(email);
  const phones = [...existing.phones];
  if (phone && !phones.some((p) => p.phone.replace(/\D/g, '') === phone) && phones.length < PERSON_MAX_ITEMS)
    phones.push({ phone, is_whatsapp: false });
  const [row] = await tx
    .update(persons)
    .set({ name: who.name, emails, phones, updatedAt: new Date() })
    .where(and(eq(persons.companyId, companyId), eq(persons.id, existing.id)))
    .returning();
  if (row) {
    const changes = diffPerson(personValues(existing), personValues(row));
    if (Object.keys(changes).length > 0)
      await logChange(tx, { companyId, personId: row.id, userId: null, kind: 'update', changes });
  }
  return existing.id;
}
