import { ROLE } from '@prosa/shared/roles';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { featureFlagOn } from './feature-flag-state';

/** Who asks for a file: the session's user, or nobody (a public signed link). */
export type FileViewer = { companyId: number; role: number } | null;

/** Storage keys of a company's files start with `<folder>/<company id>/` (att/, web/, waent/, em/, …). */
function companyOfKey(key: string): number | null {
  const id = Number(key.split('/')[1]);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/**
 * Feature flag closed_bucket: a file of a FINALIZED attendance of the company opens only for a logged-in user of
 * that company (or the platform owner); its signed link alone no longer works. Operator uploads name their
 * attendance in the key (att/<company>/<attendance>/); other files (inbound media, e-mail attachments) are found
 * through the message that carries them. Files of no attendance (logos, campaign media) are not affected.
 */
export async function closedBucketAllows(db: Db, key: string, viewer: FileViewer): Promise<boolean> {
  const companyId = companyOfKey(key);
  if (companyId === null) return true;
  if (viewer && (viewer.companyId === companyId || viewer.role >= ROLE.lord)) return true;
  if (!(await featureFlagOn(db, companyId, 'closed_bucket'))) return true;
  const parts = key.split('/');
  const attendanceId = parts[0] === 'att' ? Number(parts[2]) : null;
  const rows =
    attendanceId !== null && Number.isSafeInteger(attendanceId)
      ? await db.execute<{ closed: boolean }>(sql`
          select closed_at is not null as closed from attendances
          where company_id = ${companyId} and id = ${attendanceId}`)
      : await db.execute<{ closed: boolean }>(sql`
          select a.closed_at is not null as closed from messages m
          join attendances a on a.company_id = m.company_id and a.id = m.attendance_id
          where m.company_id = ${companyId}
            and m.attachments @> ${JSON.stringify([{ key }])}::jsonb
          limit 1`);
  return rows.rows[0]?.closed !== true;
}
