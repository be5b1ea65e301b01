import { ERROR_CODE } from '@prosa/shared/messages';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { companyMetadataOf } from '../company-metadata/get-metadata';
import { totalActiveToday } from './total-today';

export const dailyLimitReached = (max: number) =>
  `Limite diário de ativos atingido: ${max} envios por dia. Tente novamente amanhã.`;

/** Settings tab 5 (spec 1 §3 max_active): the company's active WhatsApp sends a day; null or 0, no limit. */
export async function assertDailyActiveLimit(db: Db, companyId: number) {
  const max = (await companyMetadataOf(db, companyId)).max_active ?? 0;
  if (max <= 0) return;
  if ((await totalActiveToday(db, companyId)) >= max)
    throw new AppError(ERROR_CODE.forbidden, dailyLimitReached(max), 403);
}
