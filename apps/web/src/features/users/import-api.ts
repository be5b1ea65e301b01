import { MSG } from '@prosa/shared/messages';
import {
  IMPORT_MODEL_FILE,
  type TImportRowOutput,
  ZImportProgress,
  ZImportRefused,
  ZImportValidation,
} from '@prosa/shared/users-import';
import { z } from '@prosa/shared/zod';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { adminKeys, usersBase } from './api';

const formWith = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return form;
};

/** validateData: each user of the file with its status messages. */
export function validateImport(companyId: number, file: File) {
  return apiRequest(`${usersBase(companyId)}/import/validate`, {
    method: 'POST',
    body: formWith(file),
    schema: ZImportValidation,
  });
}

export type TSaveAnswer =
  | { ok: true; importId: number }
  | { ok: false; message: string; users: TImportRowOutput[] };

/** saveData: refused with the rows when any is invalid (the server checks the file again). */
export async function saveImport(companyId: number, file: File): Promise<TSaveAnswer> {
  let response: Response;
  try {
    response = await fetch(`${usersBase(companyId)}/import/save`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      body: formWith(file),
    });
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK', message: MSG.genericError, fromServer: false });
  }
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const ok = z.object({ import_id: z.number() }).safeParse(payload);
    if (ok.success) return { ok: true, importId: ok.data.import_id };
  }
  const refused = ZImportRefused.safeParse(payload);
  if (response.status === 400 && refused.success && refused.data.users) {
    return { ok: false, message: refused.data.message, users: refused.data.users };
  }
  throw new ApiError({
    status: response.status,
    code: `HTTP_${response.status}`,
    message: refused.success ? refused.data.message : MSG.genericError,
    fromServer: refused.success,
  });
}

/** getImportData: polled every second until every row is done. */
export function useImportProgress(companyId: number, importId: number | null) {
  return useQuery({
    queryKey: adminKeys.importProgress(companyId, importId ?? 0),
    queryFn: () => apiRequest(`${usersBase(companyId)}/imports/${importId}`, { schema: ZImportProgress }),
    enabled: importId !== null,
    refetchInterval: (query) => (query.state.data?.finished ? false : 1000),
    staleTime: 0,
    retry: false,
  });
}

export function downloadImportModel(companyId: number) {
  return downloadFile(`${usersBase(companyId)}/import/model`, IMPORT_MODEL_FILE);
}
