import { EMAIL_MSG, mailboxKey, type TEmailConfigInput } from '@prosa/shared/email';
import { assertMailHost } from '../../channels/email/options';
import { encryptSecret } from '../../platform/crypto';
import { badRequest } from '../../platform/errors';
import { findSector } from '../sectors/repository';
import type { EmailDeps } from './email-view';
import { type EmChannelValues, mailboxTaken } from './repository';

/** What a whole input stores, after its checks: a company sector, allowed servers, a mailbox nobody else reads. */
export async function emailValues(
  deps: EmailDeps,
  companyId: number,
  input: TEmailConfigInput,
  exceptId?: number,
): Promise<EmChannelValues> {
  if (!(await findSector(deps.db, companyId, input.default_sector_id)))
    throw badRequest(EMAIL_MSG.sectorInvalid);
  await assertMailHost(deps, input.imap_host, input.imap_port);
  await assertMailHost(deps, input.smtp_host, input.smtp_port);
  const routeKey = mailboxKey(input);
  if (await mailboxTaken(deps.db, routeKey, exceptId)) throw badRequest(EMAIL_MSG.mailboxTaken);
  return {
    companyId,
    name: input.name,
    defaultSectorId: input.default_sector_id,
    routeKey,
    config: {
      imap: {
        host: input.imap_host,
        port: input.imap_port,
        secure: input.imap_secure,
        user: input.imap_user,
        folder: input.imap_folder,
        mark_seen: input.mark_seen,
      },
      smtp: {
        host: input.smtp_host,
        port: input.smtp_port,
        secure: input.smtp_secure,
        user: input.smtp_user,
      },
      sender_name: input.sender_name,
      sender_address: input.sender_address,
    },
    secretsSealed: {
      imap_password: encryptSecret(input.imap_password, deps.appSecret),
      ...(input.smtp_password ? { smtp_password: encryptSecret(input.smtp_password, deps.appSecret) } : {}),
    },
  };
}

export const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
