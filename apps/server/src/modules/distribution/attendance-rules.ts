import {
  EMPTY_RULES,
  RULES_MSG,
  type TAttendanceRules,
  type TClientWaitingResponse,
} from '@prosa/shared/attendance-rules';
import { and, eq, isNull } from 'drizzle-orm';
import { companies } from '../../db/schema/companies';
import { statuses } from '../../db/schema/organization';
import { noticeCompanyUpdated } from '../../facts/notices';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { findCompany } from '../companies/repository';

type Meta = { attendances?: Partial<TAttendanceRules>; auto_dist?: Record<string, unknown> };

export async function getAttendanceRules(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
): Promise<TAttendanceRules> {
  const company = await findCompany(deps.db, caller.companyId);
  if (!company) throw notFound();
  const saved = (company.metadata as Meta).attendances ?? {};
  return { ...EMPTY_RULES, ...saved };
}

async function assertStatus(
  deps: Pick<AppDeps, 'db'>,
  companyId: number,
  id: number | null,
  shouldClose: number,
  message: string,
) {
  if (id === null) return;
  const [row] = await deps.db
    .select({ shouldClose: statuses.shouldClose })
    .from(statuses)
    .where(and(eq(statuses.companyId, companyId), eq(statuses.id, id), isNull(statuses.deletedAt)));
  if (!row || row.shouldClose !== shouldClose) throw badRequest(message);
}

/** Settings tab 19 "Regras de atendimento": stored in the company metadata `attendances` (seconds). */
export async function saveAttendanceRules(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  input: TAttendanceRules,
) {
  const company = await findCompany(deps.db, caller.companyId);
  if (!company) throw notFound();
  await assertStatus(
    deps,
    caller.companyId,
    input.status_waiting_client_to_finalize,
    1,
    RULES_MSG.finalizeStatus,
  );
  await assertStatus(deps, caller.companyId, input.status_busy_client, 0, RULES_MSG.busyStatus);
  await deps.db
    .update(companies)
    // Other keys of `attendances` (remove_chats_logout_rule, changeReplicateOwner, …) are kept.
    .set({
      metadata: {
        ...company.metadata,
        attendances: { ...((company.metadata as Meta).attendances ?? {}), ...input },
      },
    })
    .where(eq(companies.id, caller.companyId));
  await noticeCompanyUpdated(deps.db, caller.companyId, ['attendances']);
  return { message: RULES_MSG.saved, rules: input };
}

/** The client-waiting-response (SLA) settings of the new distribution tab, in auto_dist.client_waiting_response. */
export async function saveClientWaitingResponse(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  input: TClientWaitingResponse,
) {
  const company = await findCompany(deps.db, caller.companyId);
  if (!company) throw notFound();
  const meta = company.metadata as Meta;
  await deps.db
    .update(companies)
    .set({
      metadata: {
        ...company.metadata,
        auto_dist: { ...(meta.auto_dist ?? {}), client_waiting_response: input },
      },
    })
    .where(eq(companies.id, caller.companyId));
  await noticeCompanyUpdated(deps.db, caller.companyId, ['auto_dist']);
  return { message: RULES_MSG.saved, client_waiting_response: input };
}

export async function getClientWaitingResponse(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
): Promise<TClientWaitingResponse> {
  const company = await findCompany(deps.db, caller.companyId);
  const cw = ((company?.metadata as Meta | undefined)?.auto_dist?.client_waiting_response ??
    {}) as Partial<TClientWaitingResponse>;
  return {
    minutes: typeof cw.minutes === 'number' ? cw.minutes : null,
    minutes_others: typeof cw.minutes_others === 'number' ? cw.minutes_others : null,
    message: typeof cw.message === 'string' ? cw.message : null,
    action: cw.action === 'none' ? 'none' : 'redistribute',
  };
}
