import {
  BACKUP_MSG,
  BACKUPS_PER_PAGE,
  type TBackupRequest,
  ZBackupCreated,
  ZBackupMessage,
  ZBackupPage,
} from '@prosa/shared/backups';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../lib/api';
import { downloadResponse, fetchOrThrow } from '../../lib/download';
import { toast } from '../../lib/toast';

// The backups screen's calls (spec 3 §7 Backup: get-schedules, schedule-backup; download and restore).
const ROOT = ['backups'] as const;
const POLL_MS = 3000;

/** The schedules, 10 per page; polled every 3 s while one is being written or restored. */
export function useBackupsPage(page: number, polling: (busy: boolean) => boolean) {
  return useQuery({
    queryKey: [...ROOT, 'list', page],
    queryFn: () =>
      apiRequest(`/api/backups?page=${page}&perPage=${BACKUPS_PER_PAGE}`, { schema: ZBackupPage }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => {
      const items = query.state.data?.items ?? [];
      const busy = items.some((b) => b.status === 'waiting' || b.status === 'running');
      return polling(busy) ? POLL_MS : false;
    },
  });
}

export function useRequestBackup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TBackupRequest) =>
      apiRequest('/api/backups', { method: 'POST', body, schema: ZBackupCreated }),
    onSuccess: (r) => {
      toast.success(r.message);
      return qc.invalidateQueries({ queryKey: ROOT });
    },
    onError: (e) => toast.error(errorMessage(e, BACKUP_MSG.requestError)),
  });
}

export function useRestoreBackup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/backups/${id}/restore`, { method: 'POST', schema: ZBackupMessage }),
    onSuccess: (r) => {
      toast.success(r.message);
      return qc.invalidateQueries({ queryKey: ROOT });
    },
    onError: (e) => toast.error(errorMessage(e, BACKUP_MSG.restoreError)),
  });
}

export function useDownloadBackup() {
  return useMutation({
    mutationFn: async (b: { id: number; file_name: string }) =>
      downloadResponse(await fetchOrThrow(`/api/backups/${b.id}/download`), b.file_name),
    onError: (e) => toast.error(errorMessage(e, BACKUP_MSG.downloadError)),
  });
}
