import type { TUploadResult } from '@prosa/shared/attachments';
import { EMAIL_MSG } from '@prosa/shared/email';
import { errorMessage } from '../../lib/api';

/**
 * Uploads the files of an active e-mail in order and returns their signed references. A failure is thrown as
 * the server's reason (an invalid file) or the spec's upload text (spec 1 §8), never as the send's error.
 */
export async function uploadMailFiles(
  configId: number,
  files: File[],
  upload: (configId: number, file: File) => Promise<Pick<TUploadResult, 'file'>>,
): Promise<TUploadResult['file'][]> {
  const refs: TUploadResult['file'][] = [];
  for (const f of files) {
    try {
      refs.push((await upload(configId, f)).file);
    } catch (error) {
      throw new Error(errorMessage(error, EMAIL_MSG.uploadError) ?? EMAIL_MSG.uploadError);
    }
  }
  return refs;
}
