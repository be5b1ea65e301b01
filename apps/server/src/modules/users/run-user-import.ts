import { USER_MSG } from '@prosa/shared/users-admin';
import { IMPORT_MSG } from '@prosa/shared/users-import';
import { and, eq } from 'drizzle-orm';
import { type TImportRow, userImports } from '../../db/schema/admin';
import { userSectors, users, userTransferSectors } from '../../db/schema/users';
import type { Db } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { ofCompany } from '../../platform/tenancy';
import { companySectors, emailTaken, replaceUserSectors, restrictTransferOf } from './repository';

export type StoredRow = TImportRow & { password_hash: string };

export async function loadImport(db: Db, companyId: number, importId: number) {
  const [row] = await db
    .select()
    .from(userImports)
    .where(ofCompany(userImports, companyId, eq(userImports.id, importId)));
  return row ?? null;
}

async function writeRows(db: Db, companyId: number, importId: number, rows: StoredRow[]) {
  await db
    .update(userImports)
    .set({ rows })
    .where(and(eq(userImports.companyId, companyId), eq(userImports.id, importId)));
}

/**
 * The job's work. A user and its row's FINISHED are committed together, so a retried job never creates a
 * user twice; a row whose e-mail was taken meanwhile ends FAILED with the reason.
 */
export async function runUserImport(deps: Pick<AppDeps, 'db'>, p: { companyId: number; importId: number }) {
  const found = await loadImport(deps.db, p.companyId, p.importId);
  if (!found || found.finishedAt) return;
  const rows = [...found.rows];
  const restrict = await restrictTransferOf(deps.db, p.companyId);
  const live = new Set((await companySectors(deps.db, p.companyId)).map((s) => s.id));
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    if (!r || r.status === 'FINISHED' || r.status === 'FAILED') continue;
    rows[i] = { ...r, status: 'PROCESS' };
    await writeRows(deps.db, p.companyId, p.importId, rows);
    if (await emailTaken(deps.db, r.email)) {
      rows[i] = { ...r, status: 'FAILED', message: USER_MSG.emailTaken };
      await writeRows(deps.db, p.companyId, p.importId, rows);
      continue;
    }
    try {
      await deps.db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            companyId: p.companyId,
            name: r.name,
            displayName: r.display_name || r.name,
            email: r.email,
            passwordHash: r.password_hash,
            mustChangePassword: true,
            gender: r.gender,
            role: r.role,
          })
          .returning({ id: users.id });
        if (!user) throw new Error('user insert returned nothing');
        await replaceUserSectors(
          tx,
          p.companyId,
          user.id,
          userSectors,
          r.sectors.filter((id) => live.has(id)),
        );
        if (restrict) {
          await replaceUserSectors(
            tx,
            p.companyId,
            user.id,
            userTransferSectors,
            r.transfer_sectors.filter((id) => live.has(id)),
          );
        }
        rows[i] = { ...r, status: 'FINISHED', message: null, user_id: user.id };
        await tx
          .update(userImports)
          .set({ rows })
          .where(and(eq(userImports.companyId, p.companyId), eq(userImports.id, p.importId)));
      });
    } catch (err) {
      const e = err as { code?: string; cause?: { code?: string } };
      const taken = e?.code === '23505' || e?.cause?.code === '23505';
      rows[i] = { ...r, status: 'FAILED', message: taken ? USER_MSG.emailTaken : IMPORT_MSG.saveFailed };
      await writeRows(deps.db, p.companyId, p.importId, rows);
    }
  }
  await deps.db
    .update(userImports)
    .set({ finishedAt: new Date() })
    .where(and(eq(userImports.companyId, p.companyId), eq(userImports.id, p.importId)));
}
