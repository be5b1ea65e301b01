import { createGzip } from 'node:zlib';
import { BACKUP_MSG, backupFileName } from '@prosa/shared/backups';
import { eq } from 'drizzle-orm';
import { companies } from '../../db/schema/companies';
import type { AppDeps } from '../../platform/deps';
import { countPeriod, readBatch } from './backup-source';
import { claimBackup, finishBackup, setProgress } from './repository';

const BATCH = 100;

/**
 * The job 'backups.run': waiting → running, the period's finalized attendances written batch by batch as gzip
 * JSON lines (a header line, then one line per attendance with its contact and messages), progress 0–100 as it
 * goes, then done with counts and size, or failed.
 */
export async function writeBackup(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  input: { companyId: number; backupId: number },
  opts: { batchSize?: number; onProgress?: (progress: number) => void } = {},
) {
  const batchSize = opts.batchSize ?? BATCH;
  const backup = await claimBackup(deps.db, input.companyId, input.backupId);
  if (!backup) return;
  try {
    const [company] = await deps.db
      .select({ name: companies.name, timezone: companies.timezone })
      .from(companies)
      .where(eq(companies.id, input.companyId));
    if (!company) throw new Error('empresa não encontrada');
    const period = { from: backup.dateFrom, to: backup.dateTo, timezone: company.timezone };
    const total = await countPeriod(deps.db, input.companyId, period.from, period.to, period.timezone);

    const gzip = createGzip();
    const chunks: Buffer[] = [];
    gzip.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise<void>((resolve, reject) => {
      gzip.on('end', resolve);
      gzip.on('error', reject);
    });
    const write = (value: unknown) =>
      new Promise<void>((resolve) => {
        if (gzip.write(`${JSON.stringify(value)}\n`)) resolve();
        else gzip.once('drain', resolve);
      });
    await write({
      type: 'backup',
      company: company.name,
      date_from: period.from,
      date_to: period.to,
      timezone: period.timezone,
      created_at: new Date().toISOString(),
    });

    let afterId = 0;
    let done = 0;
    let messageCount = 0;
    let lastProgress = 0;
    for (;;) {
      const lines = await readBatch(deps.db, {
        companyId: input.companyId,
        ...period,
        afterId,
        size: batchSize,
      });
      if (lines.length === 0) break;
      for (const line of lines) {
        await write(line);
        messageCount += line.messages.length;
      }
      done += lines.length;
      afterId = lines[lines.length - 1]?.attendance.id ?? afterId;
      // 100 only once the file is stored.
      const progress = Math.min(99, Math.floor((done / Math.max(total, 1)) * 100));
      if (progress !== lastProgress) {
        lastProgress = progress;
        await setProgress(deps.db, input.companyId, input.backupId, progress);
        opts.onProgress?.(progress);
      }
    }
    gzip.end();
    await ended;
    const bytes = Buffer.concat(chunks);
    const key = `backups/${input.companyId}/${input.backupId}/${backupFileName(period.from, period.to)}`;
    await deps.storage.put(key, bytes, 'application/gzip');
    await finishBackup(deps.db, input.companyId, input.backupId, {
      status: 'done',
      fileKey: key,
      sizeBytes: bytes.length,
      attendances: done,
      messages: messageCount,
    });
  } catch {
    await finishBackup(deps.db, input.companyId, input.backupId, {
      status: 'failed',
      error: BACKUP_MSG.failed,
    });
  }
}
