import { EMAIL_MSG, type TEmailConfig, type TEmailConfigInput, ZEmConfig } from '@prosa/shared/email';
import type { ChannelRow } from '../../db/schema/channels';
import { sectors } from '../../db/schema/organization';
import { decryptSecret } from '../../platform/crypto';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { ofCompany } from '../../platform/tenancy';
import { findEmChannel } from './repository';

export type EmailDeps = Pick<
  AppDeps,
  'db' | 'appSecret' | 'config' | 'outbound' | 'storage' | 'channels' | 'channelRepository' | 'queue'
>;

export function unseal(deps: Pick<EmailDeps, 'appSecret'>, sealed: string | undefined): string {
  try {
    return sealed ? decryptSecret(sealed, deps.appSecret) : '';
  } catch {
    return '';
  }
}

/** The form's fields of a stored config (passwords left out). */
export function fieldsOf(row: ChannelRow): Omit<TEmailConfigInput, 'imap_password' | 'smtp_password'> {
  const c = ZEmConfig.parse(row.config);
  return {
    name: row.name,
    default_sector_id: row.defaultSectorId,
    imap_host: c.imap.host,
    imap_port: c.imap.port,
    imap_secure: c.imap.secure,
    imap_user: c.imap.user,
    imap_folder: c.imap.folder,
    mark_seen: c.imap.mark_seen,
    smtp_host: c.smtp.host,
    smtp_port: c.smtp.port,
    smtp_secure: c.smtp.secure,
    smtp_user: c.smtp.user,
    sender_name: c.sender_name,
    sender_address: c.sender_address,
  };
}

/** A config as the screens see it: never a password. */
export function toEmailConfig(row: ChannelRow, sectorName: string | null): TEmailConfig {
  return {
    id: row.id,
    ...fieldsOf(row),
    sector_name: sectorName,
    has_imap_password: Boolean(row.secretsSealed.imap_password),
    has_smtp_password: Boolean(row.secretsSealed.smtp_password),
    connection_state: row.connectionState,
    connection_error: row.connectionError,
    connection_since: row.connectionSince?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function sectorNames(deps: Pick<EmailDeps, 'db'>, companyId: number) {
  const rows = await deps.db
    .select({ id: sectors.id, name: sectors.name })
    .from(sectors)
    .where(ofCompany(sectors, companyId));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The company's live config; another company's or an unknown id is not found. */
export async function emailRow(
  deps: Pick<EmailDeps, 'db'>,
  companyId: number,
  id: number,
): Promise<ChannelRow> {
  const row = await findEmChannel(deps.db, companyId, id);
  if (!row) throw notFound(EMAIL_MSG.notFound);
  return row;
}
