import { NEGOTIATOR_MSG } from '@prosa/shared/negotiator';
import type { NegotiatorRow } from '../../db/schema/negotiator';
import type { Db } from '../../platform/db';
import { forbidden, notFound } from '../../platform/errors';
import { findNegotiator } from './admin-repository';
import { negotiatorEnabled } from './feature';

/** Every administration call: the company must have the negotiator on (allow.negotiator), else 403. */
export async function requireNegotiatorFeature(db: Db, companyId: number): Promise<void> {
  if (!(await negotiatorEnabled(db, companyId))) throw forbidden(NEGOTIATOR_MSG.notEnabled);
}

/** A live negotiator of the caller's company; another company's (or a deleted one) is 404. */
export async function requireNegotiator(db: Db, companyId: number, id: number): Promise<NegotiatorRow> {
  const row = await findNegotiator(db, companyId, id);
  if (!row) throw notFound(NEGOTIATOR_MSG.notFound);
  return row;
}
