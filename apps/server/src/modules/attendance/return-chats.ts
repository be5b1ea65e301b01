import { and, eq, isNull } from 'drizzle-orm';
import { attendances } from '../../db/schema/attendance';
import { writeFacts } from '../../facts/write-facts';
import type { AppDeps } from '../../platform/deps';
import { findCompany } from '../companies/repository';
import { handoversFacts } from './attendance-facts';

type Meta = {
  attendances?: { remove_chats_logout?: boolean };
  auto_dist?: { remove_chats_offline?: boolean };
};

/** remove_chats_logout: the operator's open chats go back to the queue (and to distribution). */
export async function returnChatsIfConfigured(
  deps: Pick<AppDeps, 'db'>,
  companyId: number,
  userId: number,
  /** Who made the operator leave (themselves at logout, a manager setting them offline). */
  by: number | null = userId,
) {
  const company = await findCompany(deps.db, companyId);
  const meta = (company?.metadata ?? {}) as Meta;
  if (!meta.attendances?.remove_chats_logout && !meta.auto_dist?.remove_chats_offline) return 0;
  const rows = await deps.db.transaction(async (tx) => {
    const returned = await tx
      .update(attendances)
      .set({ operatorAssignedId: null, operatorAssignedName: null, updatedAt: new Date() })
      .where(
        and(
          eq(attendances.companyId, companyId),
          eq(attendances.operatorAssignedId, userId),
          isNull(attendances.closedAt),
        ),
      )
      .returning();
    await writeFacts(
      tx,
      await handoversFacts(
        tx,
        returned.map((row) => ({
          before: { sectorId: row.sectorId, operatorAssignedId: userId },
          after: row,
          cause: { by, reason: 'operator_offline' as const },
        })),
      ),
    );
    return returned;
  });
  return rows.length;
}
