import type { TFactData } from '@prosa/shared/facts';
import type { Db, Tx } from '../platform/db';
import { writeFacts } from './write-facts';

// What the catalogue accepts as a changed setting's name (facts carry names, never values).
const SETTING_NAME = /^[a-z][a-z0-9_]*$/;

/**
 * Notices: facts that tell every API node to refresh something on its sockets (fact-fanout.ts). Written in the
 * change's transaction where there is one, else right after the change.
 */
export async function noticeCompanyUpdated(
  db: Tx | Db,
  companyId: number,
  changed: readonly string[],
  actorUserId: number | null = null,
): Promise<void> {
  // Keys a client may have invented (metadata keeps unknown keys) are not announced: no screen follows them.
  const names = [...new Set(changed)].filter((k) => k.length <= 64 && SETTING_NAME.test(k)).slice(0, 64);
  if (names.length === 0) return;
  await writeFacts(db, [{ companyId, actorUserId, name: 'company.updated', data: { changed: names } }]);
}

/** Sessions ended or a realtime token changed: their sockets are told and closed, on whichever node. */
export async function noticeSessionsRevoked(
  db: Tx | Db,
  input: {
    companyId: number;
    userId: number;
    sessionIds: readonly string[];
    reason: TFactData<'session.revoked'>['reason'];
  },
): Promise<void> {
  await writeFacts(
    db,
    input.sessionIds.map((sessionId) => ({
      companyId: input.companyId,
      actorUserId: input.userId,
      name: 'session.revoked' as const,
      data: { session_id: sessionId, user_id: input.userId, reason: input.reason },
    })),
  );
}

/** A background export finished: the user who asked for it is told, on whichever node their socket is. */
export async function noticeExportReady(
  db: Tx | Db,
  input: { companyId: number; userId: number; exportId: string },
): Promise<void> {
  await writeFacts(db, [
    {
      companyId: input.companyId,
      actorUserId: input.userId,
      name: 'export.ready',
      data: { export_id: input.exportId, user_id: input.userId },
    },
  ]);
}
