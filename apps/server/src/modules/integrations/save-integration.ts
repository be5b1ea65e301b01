import { INTEGRATION_MSG, type ZIntegrationInput } from '@prosa/shared/integrations';
import type { z } from '@prosa/shared/zod';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { type RdCredentials, sealCredentials, unsealCredentials } from './credentials';
import { findIntegration, insertIntegration, updateIntegration } from './repository';

type Deps = Pick<AppDeps, 'db' | 'appSecret'>;
type Input = z.output<typeof ZIntegrationInput>;

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

const kindTaken = () => new AppError('CONFLICT', INTEGRATION_MSG.kindTaken, 409);

function plainValues(input: Input) {
  return {
    kind: input.kind,
    name: input.name,
    fieldMap: { ...input.fields, email_field: input.email_field },
    events: { ...input.events },
    active: input.active,
  };
}

/** Creates a company's integration (spec 2 §5: Client Id, Client Secret and Client Code required). */
export async function createIntegration(deps: Deps, caller: Caller, input: Input) {
  const c = input.configs;
  if (!c.clientId) throw badRequest(INTEGRATION_MSG.clientIdRequired);
  if (!c.clientSecret) throw badRequest(INTEGRATION_MSG.clientSecretRequired);
  if (!c.clientCode) throw badRequest(INTEGRATION_MSG.clientCodeRequired);
  // Without a refresh token the code is exchanged for one at the first delivery (it is good for one use).
  const creds: RdCredentials = {
    clientId: c.clientId,
    clientSecret: c.clientSecret,
    clientCode: c.clientCode,
    refreshToken: c.refreshToken || null,
    accessToken: null,
    expiresAt: null,
  };
  const row = await insertIntegration(deps.db, {
    companyId: caller.companyId,
    ...plainValues(input),
    credentialsSealed: sealCredentials(creds, deps.appSecret),
  });
  if (!row) throw kindTaken();
  return { _id: row.id, message: INTEGRATION_MSG.created };
}

/** Changes an integration; blank credentials keep the stored ones, a new code or refresh token starts over. */
export async function editIntegration(deps: Deps, caller: Caller, id: number, input: Input) {
  return deps.db.transaction(async (tx) => {
    const before = await findIntegration(tx, caller.companyId, id, true);
    if (!before) throw notFound(INTEGRATION_MSG.notFound);
    const stored = unsealCredentials(before.credentialsSealed, deps.appSecret);
    const c = input.configs;
    const next: RdCredentials = {
      ...stored,
      clientId: c.clientId || stored.clientId,
      clientSecret: c.clientSecret || stored.clientSecret,
    };
    const newCode = !!c.clientCode && c.clientCode !== stored.clientCode;
    if (newCode) next.clientCode = c.clientCode as string;
    if (c.refreshToken) next.refreshToken = c.refreshToken;
    else if (newCode) next.refreshToken = null;
    // Other credentials or a new grant: the access token of the old ones is not used again.
    if (c.clientId || c.clientSecret || newCode || c.refreshToken) {
      next.accessToken = null;
      next.expiresAt = null;
    }
    try {
      await updateIntegration(tx, caller.companyId, id, {
        ...plainValues(input),
        credentialsSealed: sealCredentials(next, deps.appSecret),
        // Saved anew: the error of the old settings is not this one's.
        lastError: null,
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw kindTaken();
      throw err;
    }
    return { _id: id, message: INTEGRATION_MSG.updated };
  });
}
