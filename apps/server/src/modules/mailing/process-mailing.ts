import { channelKey } from '@prosa/shared/contact-keys';
import { CSV_MSG, csvDataRows } from '@prosa/shared/mailing-csv';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { mailingRowKeys, mailingRows, mailings } from '../../db/schema/campaigns';
import { writeFacts } from '../../facts/write-facts';
import type { Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { storedMailingText } from './mailing-file';
import { paramsOf } from './repository';

type Deps = Pick<AppDeps, 'db' | 'storage'>;

/** Rows per INSERT (one transaction per batch, one progress fact per batch). */
export const MAILING_BATCH = 2000;
const MAX_ROW_ERRORS = 100;

const fact = (companyId: number, mailingId: number) => ({
  name: 'mailing.updated' as const,
  companyId,
  data: { mailing_id: mailingId },
});

/** Locks the mailing; false when another run (a newer file, a re-run) took it over since `marker`. */
async function stillOurs(tx: Tx, companyId: number, mailingId: number, marker: string) {
  const r = await tx.execute(
    sql`select (updated_at = ${marker}::timestamptz and deleted_at is null) as ours from mailings
        where company_id = ${companyId} and id = ${mailingId} for update`,
  );
  return (r.rows[0] as { ours?: boolean } | undefined)?.ours === true;
}

/**
 * The job `mailing.process`: imports the stored file into mailing_rows and mailing_row_keys in batches, with
 * progress. Starts over on every run (a crash mid-way leaves nothing half-counted): the mailing's rows are
 * deleted and its updated_at becomes this run's marker; a run whose marker changed stops at its next batch.
 */
export async function processMailing(deps: Deps, p: { companyId: number; mailingId: number }) {
  const { companyId, mailingId } = p;
  const [m] = await deps.db
    .select()
    .from(mailings)
    .where(and(eq(mailings.companyId, companyId), eq(mailings.id, mailingId), isNull(mailings.deletedAt)));
  if (!m) return;
  const fail = async (message: string) => {
    await deps.db.transaction(async (tx) => {
      await tx
        .update(mailings)
        .set({ processing: 'error', processingError: message })
        .where(and(eq(mailings.companyId, companyId), eq(mailings.id, mailingId)));
      await writeFacts(tx, [fact(companyId, mailingId)]);
    });
  };
  const text = m.fileKey ? await storedMailingText(deps.storage, m.fileKey, m.encoding) : null;
  if (text === null) return fail('O arquivo do mailing não foi encontrado.');

  const marker = await deps.db.transaction(async (tx) => {
    await tx
      .delete(mailingRowKeys)
      .where(and(eq(mailingRowKeys.companyId, companyId), eq(mailingRowKeys.mailingId, mailingId)));
    await tx
      .delete(mailingRows)
      .where(and(eq(mailingRows.companyId, companyId), eq(mailingRows.mailingId, mailingId)));
    const r = await tx.execute(
      sql`update mailings set processing = 'processing', processed_rows = 0, row_errors = '[]'::jsonb,
            processing_error = null, updated_at = clock_timestamp()
          where company_id = ${companyId} and id = ${mailingId} returning updated_at::text as marker`,
    );
    await writeFacts(tx, [fact(companyId, mailingId)]);
    return String((r.rows[0] as { marker: string }).marker);
  });

  const params = paramsOf(m);
  const keyed = params.filter((p) => p.is_key_to_channel.length > 0);
  const errors: { row: number; message: string }[] = [];
  let errorCount = 0;
  let processed = 0;
  let batch: { row: number; values: string[] }[] = [];

  const flush = async (): Promise<boolean> => {
    if (batch.length === 0) return true;
    const rows = batch.map((r) => [r.row, r.values]);
    const keys: [string, string, number][] = [];
    for (const r of batch) {
      for (const p of keyed) {
        const raw = r.values[p.field] ?? '';
        if (raw.trim() === '') continue;
        for (const prefix of p.is_key_to_channel) {
          const k = channelKey(prefix, raw);
          if (k) keys.push([prefix, k, r.row]);
          else {
            errorCount++;
            if (errors.length < MAX_ROW_ERRORS)
              errors.push({ row: r.row, message: CSV_MSG.invalidKey(p.label, prefix) });
          }
        }
      }
    }
    const done = processed + batch.length;
    const ok = await deps.db.transaction(async (tx) => {
      if (!(await stillOurs(tx, companyId, mailingId, marker))) return false;
      await tx.execute(sql`
        insert into mailing_rows (company_id, mailing_id, row_number, values)
        select ${companyId}, ${mailingId}, (e->>0)::int, e->1
        from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) e
        on conflict do nothing`);
      if (keys.length > 0)
        await tx.execute(sql`
          insert into mailing_row_keys (company_id, mailing_id, prefix, key, row_number)
          select ${companyId}, ${mailingId}, e->>0, e->>1, (e->>2)::int
          from jsonb_array_elements(${JSON.stringify(keys)}::jsonb) e
          on conflict do nothing`);
      await tx
        .update(mailings)
        .set({ processedRows: done, rowErrors: errors })
        .where(and(eq(mailings.companyId, companyId), eq(mailings.id, mailingId)));
      await writeFacts(tx, [fact(companyId, mailingId)]);
      return true;
    });
    processed = done;
    batch = [];
    return ok;
  };

  try {
    for (const r of csvDataRows(text, m.delimiter)) {
      batch.push(r);
      if (batch.length >= MAILING_BATCH && !(await flush())) return;
    }
    if (!(await flush())) return;
    await deps.db.transaction(async (tx) => {
      if (!(await stillOurs(tx, companyId, mailingId, marker))) return;
      await tx
        .update(mailings)
        .set({ processing: 'done', processedRows: processed, rowCount: processed, rowErrors: errors })
        .where(and(eq(mailings.companyId, companyId), eq(mailings.id, mailingId)));
      await writeFacts(tx, [fact(companyId, mailingId)]);
    });
    void errorCount;
  } catch (err) {
    await fail('Não foi possível importar o arquivo do mailing.');
    throw err;
  }
}
