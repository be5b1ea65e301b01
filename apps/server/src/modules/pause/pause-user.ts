import { ERROR_CODE } from '@prosa/shared/messages';
import { PAUSE_MSG, type TPauseState } from '@prosa/shared/pause';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { pauseReasons, userPauses } from '../../db/schema/distribution';
import { users } from '../../db/schema/users';
import { noticeSessionsRevoked } from '../../facts/notices';
import { writeFacts } from '../../facts/write-facts';
import { verifyPassword } from '../../platform/crypto';
import type { Db } from '../../platform/db';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { revokeUserSessions } from '../auth/repository';
import { findCompany } from '../companies/repository';
import { controlPauseOf } from './settings';

type Deps = Pick<AppDeps, 'db'>;

async function openPause(db: Db, companyId: number, userId: number) {
  const [row] = await db
    .select({ pause: userPauses, reason: pauseReasons })
    .from(userPauses)
    .leftJoin(
      pauseReasons,
      and(eq(pauseReasons.companyId, userPauses.companyId), eq(pauseReasons.id, userPauses.reasonId)),
    )
    .where(
      and(eq(userPauses.companyId, companyId), eq(userPauses.userId, userId), isNull(userPauses.endedAt)),
    )
    .limit(1);
  return row ?? null;
}

async function findReason(db: Db, companyId: number, id: number) {
  const [r] = await db
    .select()
    .from(pauseReasons)
    .where(
      and(eq(pauseReasons.companyId, companyId), eq(pauseReasons.id, id), isNull(pauseReasons.deletedAt)),
    );
  if (!r) throw notFound(PAUSE_MSG.reasonNotFound);
  return r;
}

export async function pauseState(deps: Pick<AppDeps, 'db'>, caller: Caller): Promise<TPauseState> {
  const company = await findCompany(deps.db, caller.companyId);
  const cp = controlPauseOf(company?.metadata ?? {});
  const open = await openPause(deps.db, caller.companyId, caller.userId);
  const limitMs =
    cp.use_limit_pause.enabled && cp.use_limit_pause.limit_minutes
      ? cp.use_limit_pause.limit_minutes * 60_000
      : null;
  return {
    paused: open !== null,
    started_at: open?.pause.startedAt.toISOString() ?? null,
    reason: open?.reason
      ? { id: open.reason.id, title: open.reason.title, description: open.reason.description }
      : null,
    limit_at: open && limitMs ? new Date(open.pause.startedAt.getTime() + limitMs).toISOString() : null,
    needs_password: cp.use_password,
    needs_reason: cp.use_reason,
    control_active: cp.is_active,
  };
}

/** Entering pause stops distribution to the operator (the cycle skips users with an open pause). */
export async function enterPause(deps: Deps, caller: Caller, input: { reasonId?: number }) {
  const company = await findCompany(deps.db, caller.companyId);
  const cp = controlPauseOf(company?.metadata ?? {});
  if (!cp.is_active) throw badRequest(PAUSE_MSG.notActive);
  if (input.reasonId !== undefined) await findReason(deps.db, caller.companyId, input.reasonId);
  const row = await deps.db.transaction(async (tx) => {
    const [pause] = await tx
      .insert(userPauses)
      .values({ companyId: caller.companyId, userId: caller.userId, reasonId: input.reasonId ?? null })
      .onConflictDoNothing()
      .returning();
    if (pause) {
      await writeFacts(tx, [
        {
          companyId: caller.companyId,
          actorUserId: caller.userId,
          name: 'pause.started',
          data: { user_id: caller.userId, pause_id: pause.id },
        },
      ]);
    }
    return pause;
  });
  if (!row) throw new AppError(ERROR_CODE.conflict, PAUSE_MSG.alreadyPaused, 409);
  return { message: PAUSE_MSG.paused, state: await pauseState(deps, caller) };
}

/** changeReason: the reason of the open pause. */
export async function changePauseReason(deps: Deps, caller: Caller, input: { reasonId: number }) {
  await findReason(deps.db, caller.companyId, input.reasonId);
  const rows = await deps.db
    .update(userPauses)
    .set({ reasonId: input.reasonId })
    .where(
      and(
        eq(userPauses.companyId, caller.companyId),
        eq(userPauses.userId, caller.userId),
        isNull(userPauses.endedAt),
      ),
    )
    .returning();
  if (rows.length === 0) throw badRequest(PAUSE_MSG.notPaused);
  return { message: PAUSE_MSG.saved, state: await pauseState(deps, caller) };
}

/** Leaving pause needs the user's password (use_password) and a reason (use_reason) when configured. */
export async function leavePause(
  deps: Deps,
  caller: Caller,
  input: { password?: string; reasonId?: number },
) {
  const company = await findCompany(deps.db, caller.companyId);
  const cp = controlPauseOf(company?.metadata ?? {});
  const open = await openPause(deps.db, caller.companyId, caller.userId);
  if (!open) throw badRequest(PAUSE_MSG.notPaused);
  if (cp.use_password) {
    if (!input.password) throw badRequest(PAUSE_MSG.passwordRequired);
    const [user] = await deps.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(and(eq(users.companyId, caller.companyId), eq(users.id, caller.userId)));
    if (!user || !(await verifyPassword(user.hash, input.password)))
      throw badRequest(PAUSE_MSG.passwordWrong);
  }
  const reasonId = input.reasonId ?? open.pause.reasonId ?? undefined;
  if (cp.use_reason && reasonId === undefined) throw badRequest(PAUSE_MSG.reasonRequired);
  if (input.reasonId !== undefined) await findReason(deps.db, caller.companyId, input.reasonId);
  await deps.db.transaction(async (tx) => {
    const ended = await tx
      .update(userPauses)
      .set({ endedAt: new Date(), endedBy: 'user', reasonId: reasonId ?? null })
      .where(
        and(
          eq(userPauses.companyId, caller.companyId),
          eq(userPauses.id, open.pause.id),
          isNull(userPauses.endedAt),
        ),
      )
      .returning({ id: userPauses.id });
    await writeFacts(
      tx,
      ended.map((p) => ({
        companyId: caller.companyId,
        actorUserId: caller.userId,
        name: 'pause.ended' as const,
        data: { user_id: caller.userId, pause_id: p.id, reason: 'user' as const },
      })),
    );
  });
  return { message: PAUSE_MSG.resumed, state: await pauseState(deps, caller) };
}

/**
 * Past use_limit_pause.limit_minutes the user is logged out: the pause ends ('limit'), the sessions are
 * revoked (their sockets go to the login screen) and the operator goes offline. Durable: driven by started_at.
 */
export async function enforcePauseLimits(deps: Deps, input: { companyId: number; now: Date }) {
  const company = await findCompany(deps.db, input.companyId);
  const cp = controlPauseOf(company?.metadata ?? {});
  if (!cp.use_limit_pause.enabled || !cp.use_limit_pause.limit_minutes) return 0;
  const minutes = cp.use_limit_pause.limit_minutes;
  // Ending the pause, going offline and the logout commit together: nobody sees one without the others.
  const ended = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(userPauses)
      .set({ endedAt: input.now, endedBy: 'limit' })
      .where(
        and(
          eq(userPauses.companyId, input.companyId),
          isNull(userPauses.endedAt),
          lt(userPauses.startedAt, sql`${input.now}::timestamptz - make_interval(mins => ${minutes})`),
        ),
      )
      .returning();
    if (rows.length > 0) {
      await tx
        .update(users)
        .set({ operatorStatus: 'offline' })
        .where(
          and(
            eq(users.companyId, input.companyId),
            inArray(
              users.id,
              rows.map((r) => r.userId),
            ),
          ),
        );
    }
    await writeFacts(
      tx,
      rows.flatMap((p) => [
        {
          companyId: input.companyId,
          name: 'pause.ended' as const,
          data: { user_id: p.userId, pause_id: p.id, reason: 'limit' as const },
        },
        {
          companyId: input.companyId,
          name: 'operator.status_changed' as const,
          data: { user_id: p.userId, status: 'offline' as const, paused: false },
        },
      ]),
    );
    // The sessions end in the same commit: the screen is told why (session.revoked) with the change itself,
    // before any request of it can find the session gone.
    for (const p of rows) {
      const revoked = await revokeUserSessions(tx, input.companyId, p.userId);
      await noticeSessionsRevoked(tx, {
        companyId: input.companyId,
        userId: p.userId,
        sessionIds: revoked,
        reason: 'pause_limit',
      });
    }
    return rows;
  });
  return ended.length;
}
