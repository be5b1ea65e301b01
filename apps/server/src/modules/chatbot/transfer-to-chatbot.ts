import { CHATBOT_MSG } from '@prosa/shared/chatbot';
import { ERROR_CODE } from '@prosa/shared/messages';
import { and, eq, isNull } from 'drizzle-orm';
import { sectors } from '../../db/schema/organization';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import { loadForAction } from '../attendance/load-for-action';
import { findCompany } from '../companies/repository';
import { startFlow } from './engine';
import { withAttendanceRun } from './flow-run';
import { activeFlowOfChannel } from './repository';

// Spec 1 transfer to the chatbot: an operator hands an attendance they see to the channel's flow (needs a linked
// active flow, the company's allowTransferToAuto, and an attendance not already automatic).

async function allowsTransferToAuto(deps: Pick<AppDeps, 'db'>, companyId: number): Promise<boolean> {
  const company = await findCompany(deps.db, companyId);
  const allow = (company?.metadata as { allow?: Record<string, unknown> } | undefined)?.allow;
  return allow?.allowTransferToAuto === true;
}

/** can-transfer: whether the attendance's channel has a linked active flow (hasChatbot). */
export async function canTransferToChatbot(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  input: { company_id: number; contact_id: number },
) {
  if (input.company_id !== caller.companyId) throw notFound();
  const { attendance } = await loadForAction(deps, caller, input.contact_id);
  const flow = await activeFlowOfChannel(deps.db, caller.companyId, attendance.channelId);
  return { hasChatbot: flow !== null };
}

export async function transferToChatbot(
  deps: AppDeps,
  caller: Caller,
  input: { company_id: number; contact_id: number; sector_id?: number | null },
) {
  if (input.company_id !== caller.companyId) throw notFound();
  const { attendance } = await loadForAction(deps, caller, input.contact_id);
  if (!(await allowsTransferToAuto(deps, caller.companyId))) throw forbidden(CHATBOT_MSG.transferNotAllowed);
  if (attendance.auto) throw new AppError(ERROR_CODE.conflict, CHATBOT_MSG.alreadyAuto, 409);
  if (input.sector_id) {
    const [sector] = await deps.db
      .select({ id: sectors.id })
      .from(sectors)
      .where(
        and(
          eq(sectors.companyId, caller.companyId),
          eq(sectors.id, input.sector_id),
          isNull(sectors.deletedAt),
        ),
      );
    if (!sector) throw badRequest(CHATBOT_MSG.sectorNotFound);
  }
  let outcome: 'held' | 'none' | 'closed' | 'auto' | null;
  try {
    outcome = await withAttendanceRun(
      deps,
      { companyId: caller.companyId, attendanceId: attendance.id },
      async (run) => {
        // Re-read under the lock: finalized or taken by a bot meanwhile.
        if (run.attendance.closedAt) return 'closed' as const;
        if (run.attendance.auto) return 'auto' as const;
        const r = await startFlow(run, { by: caller.userId, sectorId: input.sector_id ?? null });
        return r;
      },
    );
  } catch {
    throw new AppError(ERROR_CODE.internal, CHATBOT_MSG.transferError, 500);
  }
  if (outcome === 'none') throw badRequest(CHATBOT_MSG.noBot);
  if (outcome === 'auto') throw new AppError(ERROR_CODE.conflict, CHATBOT_MSG.alreadyAuto, 409);
  if (outcome !== 'held') throw new AppError(ERROR_CODE.conflict, CHATBOT_MSG.transferError, 409);
  return { message: CHATBOT_MSG.transferred };
}
