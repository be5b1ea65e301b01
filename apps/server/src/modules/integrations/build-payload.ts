import { RD_CONVERSION_IDENTIFIER, type TIntegrationEvent } from '@prosa/shared/integrations';
import { and, eq } from 'drizzle-orm';
import { contacts, persons } from '../../db/schema/attendance';
import type { Tx } from '../../platform/db';
import { fieldMapOf } from './present';
import type { IntegrationRow } from './repository';

export type ContactFacts = { name: string; email: string | null; phone: string | null };

/** The contact's name, e-mail (from the integration's e-mail field) and mobile phone, as the company keeps them. */
export async function loadContactFacts(
  tx: Tx,
  companyId: number,
  contactId: number,
): Promise<(ContactFacts & { contactEmail: string | null; createdAt: Date }) | null> {
  const [row] = await tx
    .select({ contact: contacts, person: persons })
    .from(contacts)
    .innerJoin(persons, and(eq(persons.companyId, contacts.companyId), eq(persons.id, contacts.personId)))
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, contactId)));
  if (!row) return null;
  const { contact, person } = row;
  const phoneLike = /^\+?\d{8,15}$/.test(contact.externalId) ? contact.externalId : null;
  return {
    name: person.editedName || contact.name || person.name,
    email: person.emails.find((e) => e.includes('@')) ?? null,
    contactEmail: contact.kind === 'email' && contact.externalId.includes('@') ? contact.externalId : null,
    phone: person.phones[0]?.phone ?? phoneLike,
    createdAt: contact.createdAt,
  };
}

/** The body RD Station receives for one event: a conversion (Marketing, mapped fields) or a CRM contact/deal. */
export function payloadFor(
  integration: IntegrationRow,
  event: TIntegrationEvent,
  c: ContactFacts & { contactEmail: string | null },
  protocol: string | null,
): { email: string | null; payload: Record<string, unknown> } {
  const { emailField, fields } = fieldMapOf(integration);
  const email = emailField === 'channel_id' ? c.contactEmail : c.email;
  if (integration.kind === 'rdstation_marketing') {
    const payload: Record<string, unknown> = { conversion_identifier: RD_CONVERSION_IDENTIFIER[event] };
    if (email) payload[fields.email] = email;
    if (c.name) payload[fields.name] = c.name;
    if (c.phone) payload[fields.mobile_phone] = c.phone;
    return { email, payload };
  }
  const contact: Record<string, unknown> = { name: c.name };
  if (email) contact.emails = [{ email }];
  if (c.phone) contact.phones = [{ phone: c.phone }];
  if (event === 'contact_created') return { email, payload: contact };
  return { email, payload: { name: `Atendimento ${protocol ?? ''}`.trim(), contacts: [contact] } };
}
