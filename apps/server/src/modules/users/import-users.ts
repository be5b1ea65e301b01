import {
  IMPORT_MAX_USERS,
  IMPORT_MSG,
  importModelCsv,
  missingColumns,
  parseCsv,
  type TImportRow,
  type TImportRowOutput,
  validateImport,
} from '@prosa/shared/users-import';
import { userImports } from '../../db/schema/admin';
import { sendJob } from '../../jobs/catalogue';
import { hashPassword } from '../../platform/crypto';
import type { Db } from '../../platform/db';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { companySectors, restrictTransferOf, takenEmails } from './repository';
import { loadImport, runUserImport, type StoredRow } from './run-user-import';

const toOutput = (r: TImportRow): TImportRowOutput => ({
  line: r.line,
  name: r.name,
  email: r.email,
  display_name: r.display_name,
  gender: r.gender,
  gender_label: r.gender_label,
  role: r.role,
  role_label: r.role_label,
  sectors: r.sectors,
  transfer_sectors: r.transfer_sectors,
  status_messages: r.status_messages,
});

async function checkFile(db: Db, companyId: number, text: string) {
  const { headers, records } = parseCsv(text);
  if (records.length === 0) throw badRequest(IMPORT_MSG.empty);
  if (records.length > IMPORT_MAX_USERS) throw badRequest(IMPORT_MSG.tooMany);
  const missing = missingColumns(headers);
  if (missing.length > 0) throw badRequest(IMPORT_MSG.missingColumns(missing.join(', ')));
  const [sectors, taken, restrictTransfer] = await Promise.all([
    companySectors(db, companyId),
    takenEmails(
      db,
      records.map((r) => r.values.email ?? ''),
    ),
    restrictTransferOf(db, companyId),
  ]);
  const rows = validateImport(records, { sectors, takenEmails: taken, restrictTransfer });
  return { valid: rows.every((r) => r.status_messages.length === 0), rows };
}

/** validateData: each user of the file with its status messages; valid only when no user has any. */
export async function validateImportFile(deps: Pick<AppDeps, 'db'>, companyId: number, text: string) {
  const { valid, rows } = await checkFile(deps.db, companyId, text);
  return { valid, users: rows.map(toOutput) };
}

/**
 * saveData: the file is checked again; when every row is valid the rows are stored (passwords hashed) and
 * a job creates the users one by one, PENDING → PROCESS → FINISHED.
 */
export async function saveImportFile(
  deps: Pick<AppDeps, 'db' | 'queue'>,
  caller: Caller,
  companyId: number,
  file: { fileName: string; text: string },
): Promise<{ ok: true; import_id: number } | { ok: false; users: TImportRowOutput[] }> {
  const { valid, rows } = await checkFile(deps.db, companyId, file.text);
  if (!valid) return { ok: false, users: rows.map(toOutput) };
  const stored: StoredRow[] = await Promise.all(
    rows.map(async (r) => ({
      line: r.line,
      name: r.name,
      email: r.email,
      display_name: r.display_name,
      gender: r.gender ?? 'male',
      role: r.role ?? 0,
      sectors: r.sector_ids,
      transfer_sectors: r.transfer_sector_ids,
      status: 'PENDING' as const,
      message: null,
      user_id: null,
      password_hash: await hashPassword(r.password),
    })),
  );
  const [row] = await deps.db
    .insert(userImports)
    .values({ companyId, createdBy: caller.userId, fileName: file.fileName.slice(0, 200), rows: stored })
    .returning({ id: userImports.id });
  if (!row) throw new Error('import insert returned nothing');
  if (deps.queue) await sendJob(deps.queue, 'users.import', { companyId, importId: row.id });
  else await runUserImport(deps, { companyId, importId: row.id });
  return { ok: true, import_id: row.id };
}

/** getImportData: the rows' progress, for the result table polled by the screen. */
export async function importProgress(deps: Pick<AppDeps, 'db'>, companyId: number, importId: number) {
  const row = await loadImport(deps.db, companyId, importId);
  if (!row) throw notFound();
  return {
    rows: row.rows.map((r) => ({
      line: r.line,
      name: r.name,
      email: r.email,
      status: r.status,
      message: r.message,
    })),
    finished: row.finishedAt !== null,
  };
}

/** The model file offered for download (roles O and G only, spec 2 §6). */
export async function importModel(deps: Pick<AppDeps, 'db'>, companyId: number) {
  const [restrict, sectors] = await Promise.all([
    restrictTransferOf(deps.db, companyId),
    companySectors(deps.db, companyId),
  ]);
  return importModelCsv(
    restrict,
    sectors.map((s) => s.name),
  );
}
