import { ERROR_CODE } from '@prosa/shared/messages';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { attendances } from '../../db/schema/attendance';
import { autoDistConfigs } from '../../db/schema/distribution';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';

export const OPERATOR_FULL = 'O operador atingiu o limite de atendimentos simultâneos.';

/**
 * With automatic distribution on, an operator never holds more than chat_per_user open attendances, whoever
 * assigns them. Locks the operator's row (the distribution cycle takes the same lock) and counts under it.
 */
export async function assertOperatorHasRoom(tx: Tx, companyId: number, operatorId: number) {
  const [config] = await tx.select().from(autoDistConfigs).where(eq(autoDistConfigs.companyId, companyId));
  if (!config?.enabled || config.chatPerUser <= 0) return;
  await tx.execute(
    sql`select 1 from users where company_id = ${companyId} and id = ${operatorId} for update`,
  );
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(attendances)
    .where(
      and(
        eq(attendances.companyId, companyId),
        eq(attendances.operatorAssignedId, operatorId),
        isNull(attendances.closedAt),
        // Waiting for a scheduled return: not the operator's current work.
        ne(attendances.scheduled, 1),
      ),
    );
  if ((row?.n ?? 0) >= config.chatPerUser) throw new AppError(ERROR_CODE.conflict, OPERATOR_FULL, 409);
}
