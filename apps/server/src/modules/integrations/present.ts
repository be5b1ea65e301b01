import type { TIntegration, TIntegrationEmailField, TIntegrationKind } from '@prosa/shared/integrations';
import { INTEGRATION_EMAIL_FIELDS } from '@prosa/shared/integrations';
import type { RdCredentials } from './credentials';
import type { IntegrationRow } from './repository';

/** The e-mail field and the provider field names, kept together in field_map. */
export function fieldMapOf(row: Pick<IntegrationRow, 'fieldMap'>) {
  const m = row.fieldMap;
  const emailField = (INTEGRATION_EMAIL_FIELDS as readonly string[]).includes(m.email_field ?? '')
    ? (m.email_field as TIntegrationEmailField)
    : 'person_email';
  return {
    emailField,
    fields: {
      name: m.name ?? 'name',
      mobile_phone: m.mobile_phone ?? 'mobile_phone',
      email: m.email ?? 'email',
    },
  };
}

export function eventsOf(row: Pick<IntegrationRow, 'events'>) {
  return {
    contact_created: row.events.contact_created === true,
    attendance_finalized: row.events.attendance_finalized === true,
  };
}

/** An integration as the screen reads it: which credentials are set, never their values. */
export function presentIntegration(
  row: IntegrationRow,
  creds: RdCredentials | null,
  counts: { sent: number; failed: number } | undefined,
): TIntegration {
  const { emailField, fields } = fieldMapOf(row);
  return {
    _id: row.id,
    kind: row.kind as TIntegrationKind,
    name: row.name,
    email_field: emailField,
    fields,
    events: eventsOf(row),
    active: row.active,
    configs: {
      clientId: !!creds?.clientId,
      clientSecret: !!creds?.clientSecret,
      clientCode: !!creds?.clientCode,
      refreshToken: !!creds?.refreshToken,
    },
    last_error: row.lastError,
    sent: counts?.sent ?? 0,
    failed: counts?.failed ?? 0,
    created_at: row.createdAt.toISOString(),
  };
}
