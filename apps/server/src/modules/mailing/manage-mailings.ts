import { brDateToIso } from '@prosa/shared/dates';
import {
  MAILING_MSG,
  MAILING_PER_PAGE,
  paramsFitHeader,
  paramsFromHeader,
  type TMailingParam,
  type TMailingValues,
} from '@prosa/shared/mailing';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { mailings } from '../../db/schema/campaigns';
import { writeFacts } from '../../facts/write-facts';
import { sendJob } from '../../jobs/catalogue';
import type { Tx } from '../../platform/db';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { storedMailingFile } from './mailing-file';
import {
  activeMailingsInPeriod,
  companyToday,
  distinctColumnValues,
  findMailing,
  listMailings,
  mailingUses,
  pageMailings,
  paramsOf,
  toMailing,
  toOption,
} from './repository';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'queue'>;

const fact = (companyId: number, id: number, actorUserId?: number) => ({
  name: 'mailing.updated' as const,
  companyId,
  actorUserId,
  data: { mailing_id: id },
});

async function existing(deps: Pick<AppDeps, 'db'>, caller: Caller, id: number) {
  const row = await findMailing(deps.db, caller.companyId, id);
  if (!row) throw notFound(MAILING_MSG.notFound);
  return row;
}

async function startImport(deps: Deps, companyId: number, mailingId: number) {
  if (deps.queue) await sendJob(deps.queue, 'mailing.process', { companyId, mailingId });
}

function checkParams(params: TMailingParam[], header: string[]) {
  if (!paramsFitHeader(params, header)) throw badRequest(MAILING_MSG.invalidParams);
}

export async function allMailings(deps: Pick<AppDeps, 'db'>, caller: Caller) {
  const today = await companyToday(deps.db, caller.companyId);
  return (await listMailings(deps.db, caller.companyId)).map((r) => toOption(r, today));
}

export async function mailingsPage(deps: Pick<AppDeps, 'db'>, caller: Caller, page: number, name?: string) {
  const today = await companyToday(deps.db, caller.companyId);
  const { rows, total } = await pageMailings(deps.db, caller.companyId, page, name || undefined);
  return {
    data: rows.map((r) => toMailing(r, today)),
    current_page: page,
    per_page: MAILING_PER_PAGE,
    total,
  };
}

export async function getMailing(deps: Pick<AppDeps, 'db'>, caller: Caller, id: number) {
  const row = await existing(deps, caller, id);
  return toMailing(row, await companyToday(deps.db, caller.companyId));
}

/** Mailings usable in a period (dates YYYY-MM-DD or DD/MM/YYYY; none: today). */
export async function mailingsInPeriod(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  q: { from?: string; to?: string },
) {
  const today = await companyToday(deps.db, caller.companyId);
  const iso = (v?: string) => (v ? (/^\d{4}-\d{2}-\d{2}$/.test(v) ? v : brDateToIso(v)) : null);
  const from = q.from ? iso(q.from) : today;
  const to = q.to ? iso(q.to) : (from ?? today);
  if (from === null || to === null) throw badRequest(MAILING_MSG.invalidDate);
  const rows = await activeMailingsInPeriod(deps.db, caller.companyId, from, to);
  return rows.map((r) => toOption(r, today));
}

export async function createMailing(deps: Deps, caller: Caller, v: TMailingValues) {
  if (!v.urlFile) throw badRequest(MAILING_MSG.fileRequired);
  const file = await storedMailingFile(deps.storage, caller.companyId, v.urlFile);
  const params = v.params ?? paramsFromHeader(file.header);
  checkParams(params, file.header);
  const row = await deps.db.transaction(async (tx) => {
    const [r] = await tx
      .insert(mailings)
      .values({
        companyId: caller.companyId,
        title: v.title,
        active: v.active,
        fileName: v.fileName || v.urlFile?.split('/').pop() || '',
        fileKey: v.urlFile,
        fields: file.header,
        delimiter: file.delimiter,
        encoding: file.encoding,
        dueDateMin: v.due_date_min,
        dueDateMax: v.due_date_max,
        priorities: v.priorities,
        params,
        processing: 'pending',
        rowCount: file.rowcount,
        createdBy: caller.userId,
      })
      .returning();
    if (!r) throw new Error('insert failed');
    await writeFacts(tx, [fact(caller.companyId, r.id, caller.userId)]);
    return r;
  });
  await startImport(deps, caller.companyId, row.id);
  return {
    message: MAILING_MSG.created,
    mailing: toMailing(row, await companyToday(deps.db, caller.companyId)),
  };
}

const keysOf = (params: TMailingParam[]) =>
  JSON.stringify(params.map((p) => [p.field, [...p.is_key_to_channel].sort()]));

/** A new file replaces the rows (imported again); new channel keys rebuild them too. */
export async function updateMailing(deps: Deps, caller: Caller, id: number, v: TMailingValues) {
  const before = await existing(deps, caller, id);
  const newFile = !!v.urlFile && v.urlFile !== before.fileKey;
  const file =
    newFile && v.urlFile ? await storedMailingFile(deps.storage, caller.companyId, v.urlFile) : null;
  const header = file ? file.header : before.fields;
  const params = v.params ?? (file ? paramsFromHeader(file.header) : paramsOf(before));
  checkParams(params, header);
  const reimport = newFile || keysOf(params) !== keysOf(paramsOf(before)) || before.processing === 'error';
  const row = await deps.db.transaction(async (tx: Tx) => {
    const [r] = await tx
      .update(mailings)
      .set({
        title: v.title,
        active: v.active,
        dueDateMin: v.due_date_min,
        dueDateMax: v.due_date_max,
        priorities: v.priorities,
        params,
        ...(file && v.urlFile
          ? {
              fileKey: v.urlFile,
              fileName: v.fileName || v.urlFile.split('/').pop() || '',
              fields: file.header,
              delimiter: file.delimiter,
              encoding: file.encoding,
              rowCount: file.rowcount,
            }
          : {}),
        // updated_at marks an import run (process-mailing.ts): a new one stops the run going on.
        ...(reimport
          ? {
              processing: 'pending' as const,
              processedRows: 0,
              rowErrors: [],
              processingError: null,
              updatedAt: sql`clock_timestamp()`,
            }
          : {}),
      })
      .where(and(eq(mailings.companyId, caller.companyId), eq(mailings.id, id), isNull(mailings.deletedAt)))
      .returning();
    if (!r) throw notFound(MAILING_MSG.notFound);
    await writeFacts(tx, [fact(caller.companyId, id, caller.userId)]);
    return r;
  });
  if (reimport) await startImport(deps, caller.companyId, id);
  return {
    message: MAILING_MSG.updated,
    mailing: toMailing(row, await companyToday(deps.db, caller.companyId)),
  };
}

/** Soft delete; refused with a warning while a trigger or an unfinished campaign uses the mailing. */
export async function deleteMailing(deps: Pick<AppDeps, 'db'>, caller: Caller, id: number) {
  await existing(deps, caller, id);
  const uses = await mailingUses(deps.db, caller.companyId, id);
  if (uses.triggers > 0 || uses.campaigns > 0) {
    const parts: string[] = [];
    if (uses.triggers > 0) parts.push(`${uses.triggers} gatilho${uses.triggers > 1 ? 's' : ''}`);
    if (uses.campaigns > 0) parts.push(`${uses.campaigns} campanha${uses.campaigns > 1 ? 's' : ''}`);
    return { message: MAILING_MSG.inUse(parts.join(' e ')), warning: true };
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(mailings)
      .set({ deletedAt: sql`now()` })
      .where(and(eq(mailings.companyId, caller.companyId), eq(mailings.id, id)));
    await writeFacts(tx, [fact(caller.companyId, id, caller.userId)]);
  });
  return { message: MAILING_MSG.deleted, warning: false };
}

export async function searchFieldValues(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  q: { mailing_id: number; field: number; value: string; filters: { field: number; value: string }[] },
) {
  const m = await existing(deps, caller, q.mailing_id);
  if (q.field >= m.fields.length || q.filters.some((f) => f.field >= m.fields.length))
    throw badRequest(MAILING_MSG.invalidParams);
  const values = await distinctColumnValues(
    deps.db,
    caller.companyId,
    m.id,
    q.field,
    q.value.trim(),
    q.filters,
  );
  return { values };
}

/** "Process file" (spec 3 §7): imports the stored file again (after an import error, or to rebuild the keys). */
export async function reprocessMailing(deps: Deps, caller: Caller, id: number) {
  const before = await existing(deps, caller, id);
  if (!before.fileKey) throw badRequest(MAILING_MSG.fileRequired);
  const row = await deps.db.transaction(async (tx) => {
    const [r] = await tx
      .update(mailings)
      .set({
        processing: 'pending',
        processedRows: 0,
        rowErrors: [],
        processingError: null,
        updatedAt: sql`clock_timestamp()`,
      })
      .where(and(eq(mailings.companyId, caller.companyId), eq(mailings.id, id), isNull(mailings.deletedAt)))
      .returning();
    if (!r) throw notFound(MAILING_MSG.notFound);
    await writeFacts(tx, [fact(caller.companyId, id, caller.userId)]);
    return r;
  });
  await startImport(deps, caller.companyId, id);
  return {
    message: MAILING_MSG.reprocessing,
    mailing: toMailing(row, await companyToday(deps.db, caller.companyId)),
  };
}
