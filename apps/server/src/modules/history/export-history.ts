import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { CHANNEL_LABEL, type TChannelKind } from '@prosa/shared/channels';
import { formatDateTime } from '@prosa/shared/dates';
import { durationLabel } from '@prosa/shared/elapsed';
import { HISTORY_MSG, type THistoryFilters, ZHistoryFilters } from '@prosa/shared/history';
import { and, desc, eq } from 'drizzle-orm';
import { exportsTable } from '../../db/schema/exports';
import { noticeExportReady } from '../../facts/notices';
import { sendJob } from '../../jobs/catalogue';
import type { Db } from '../../platform/db';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { ofCompany } from '../../platform/tenancy';
import { loadViewer } from '../attendance/viewer';
import { findCompany } from '../companies/repository';
import { CSV_BOM, csvLine } from './csv';
import { countHistory, historyBatches, historyConditions } from './repository';
import { toHistoryRow } from './to-row';

const HEADER = [
  'Protocolo',
  'Nome',
  'Nome editado',
  'CPF/CNPJ',
  'Canal',
  'Setor',
  'Status finalização',
  'Operador',
  'Finalizado por',
  'Início',
  'Primeira resposta',
  'Finalizado em',
  'TME',
  'TO',
];

async function* csvChunks(
  db: Db,
  viewer: Parameters<typeof historyConditions>[0],
  filters: THistoryFilters,
  tz: string,
) {
  yield CSV_BOM + csvLine(HEADER);
  for await (const batch of historyBatches(db, historyConditions(viewer, filters, tz))) {
    let chunk = '';
    for (const raw of batch) {
      const r = toHistoryRow(raw);
      chunk += csvLine([
        r.protocol,
        r.name,
        r.edited_name,
        r.cpf,
        CHANNEL_LABEL[r.channel_kind as TChannelKind] ?? r.channel_kind,
        r.sector_name,
        r.status_name,
        r.operator_assigned_name,
        r.closed_by_user_name,
        formatDateTime(r.first_start_chat_at, tz),
        r.first_operator_answer_at ? formatDateTime(r.first_operator_answer_at, tz) : '',
        r.closed_at ? formatDateTime(r.closed_at, tz) : '',
        durationLabel(r.waiting_seconds),
        durationLabel(r.handling_seconds),
      ]);
    }
    yield chunk;
  }
}

export type ExportAnswer =
  | { kind: 'csv'; filename: string; csv: string }
  | { kind: 'background'; alert: true; message: string; export_id: string };

/** GET /history/export: small result sets come back as CSV, large ones become a job and a download later. */
export async function exportHistory(
  deps: Pick<AppDeps, 'db' | 'queue' | 'config'>,
  caller: Caller,
  filters: THistoryFilters,
): Promise<ExportAnswer> {
  const viewer = await loadViewer(deps.db, caller);
  const company = await findCompany(deps.db, caller.companyId);
  const tz = company?.timezone ?? 'America/Sao_Paulo';
  const total = await countHistory(deps.db, historyConditions(viewer, filters, tz));
  // Up to HISTORY_EXPORT_DIRECT_LIMIT rows the CSV is answered at once; more go to a background job.
  if (total <= deps.config.HISTORY_EXPORT_DIRECT_LIMIT || !deps.queue) {
    let csv = '';
    for await (const chunk of csvChunks(deps.db, viewer, filters, tz)) csv += chunk;
    return { kind: 'csv', filename: `historico-${new Date().toISOString().slice(0, 10)}.csv`, csv };
  }
  const [row] = await deps.db
    .insert(exportsTable)
    .values({ companyId: caller.companyId, userId: caller.userId, kind: 'history', filters })
    .returning({ id: exportsTable.id });
  if (!row?.id) throw new Error('export insert returned nothing');
  await sendJob(deps.queue, 'history.export', {
    companyId: caller.companyId,
    exportId: row.id,
    userId: caller.userId,
    role: caller.role,
  });
  return { kind: 'background', alert: true, message: HISTORY_MSG.exportBackground, export_id: row.id };
}

/** The job's work: writes the CSV under <DATA_DIR>/exports and marks the export done (or failed). */
export async function runHistoryExport(
  deps: Pick<AppDeps, 'db' | 'config'>,
  input: { companyId: number; exportId: string; userId: number; role: number },
) {
  const [record] = await deps.db
    .select()
    .from(exportsTable)
    .where(ofCompany(exportsTable, input.companyId, eq(exportsTable.id, input.exportId)));
  if (!record || record.status === 'done') return;
  await deps.db
    .update(exportsTable)
    .set({ status: 'processing' })
    .where(ofCompany(exportsTable, input.companyId, eq(exportsTable.id, input.exportId)));
  const filters = ZHistoryFilters.parse(record.filters);
  const viewer = await loadViewer(deps.db, {
    companyId: input.companyId,
    userId: input.userId,
    role: input.role,
    sessionId: '',
    displayName: '',
  });
  const company = await findCompany(deps.db, input.companyId);
  const dir = resolve(deps.config.DATA_DIR, 'exports', String(input.companyId));
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${input.exportId}.csv`);
  const out = createWriteStream(file);
  let rows = -1;
  for await (const chunk of csvChunks(deps.db, viewer, filters, company?.timezone ?? 'America/Sao_Paulo')) {
    rows += chunk.split('\r\n').length - 1;
    if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((done, fail) => out.end((err?: Error | null) => (err ? fail(err) : done())));
  await deps.db
    .update(exportsTable)
    .set({ status: 'done', filePath: file, rows, finishedAt: new Date() })
    .where(ofCompany(exportsTable, input.companyId, eq(exportsTable.id, input.exportId)));
  await noticeExportReady(deps.db, {
    companyId: input.companyId,
    userId: input.userId,
    exportId: input.exportId,
  });
}

export async function listExports(deps: Pick<AppDeps, 'db'>, caller: Caller) {
  const rows = await deps.db
    .select()
    .from(exportsTable)
    .where(and(eq(exportsTable.companyId, caller.companyId), eq(exportsTable.userId, caller.userId)))
    .orderBy(desc(exportsTable.createdAt))
    .limit(20);
  return rows.map((r) => ({
    id: r.id ?? '',
    kind: r.kind,
    status: r.status,
    rows: r.rows,
    created_at: r.createdAt.toISOString(),
    finished_at: r.finishedAt?.toISOString() ?? null,
  }));
}

export async function exportFile(deps: Pick<AppDeps, 'db'>, caller: Caller, exportId: string) {
  const [r] = await deps.db
    .select()
    .from(exportsTable)
    .where(
      and(
        eq(exportsTable.companyId, caller.companyId),
        eq(exportsTable.userId, caller.userId),
        eq(exportsTable.id, exportId),
      ),
    );
  if (!r) throw notFound();
  if (r.status !== 'done' || !r.filePath) throw notFound(HISTORY_MSG.exportNotReady);
  return { path: r.filePath, filename: `historico-${r.createdAt.toISOString().slice(0, 10)}.csv` };
}
