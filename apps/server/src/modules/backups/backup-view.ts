import {
  BACKUP_STATUS_LABEL,
  BACKUP_STATUSES,
  backupFileName,
  backupPeriodLabel,
  type TBackupRow,
  type TBackupStatus,
} from '@prosa/shared/backups';
import { isoToBrDate } from '@prosa/shared/dates';
import type { BackupRecord } from './repository';

const statusOf = (s: string): TBackupStatus =>
  (BACKUP_STATUSES as readonly string[]).includes(s) ? (s as TBackupStatus) : 'failed';

export function toBackupRow(r: {
  backup: BackupRecord;
  requester: string | null;
  restoredName: string | null;
}): TBackupRow {
  const x = r.backup;
  const status = statusOf(x.status);
  return {
    id: x.id ?? 0,
    date_from: isoToBrDate(x.dateFrom) ?? x.dateFrom,
    date_to: isoToBrDate(x.dateTo) ?? x.dateTo,
    period: backupPeriodLabel(x.dateFrom, x.dateTo),
    status,
    status_label: BACKUP_STATUS_LABEL[status],
    progress: x.progress,
    size_bytes: x.sizeBytes,
    attendances: x.attendances,
    messages: x.messages,
    error: x.error,
    file_name: backupFileName(x.dateFrom, x.dateTo),
    requested_by: r.requester,
    created_at: x.createdAt.toISOString(),
    finished_at: x.finishedAt?.toISOString() ?? null,
    restored_company:
      x.restoredCompanyId !== null && r.restoredName !== null
        ? { id: x.restoredCompanyId, name: r.restoredName }
        : null,
  };
}
