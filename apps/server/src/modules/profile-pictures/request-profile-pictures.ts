import { sendJob } from '../../jobs/catalogue';
import type { AppDeps } from '../../platform/deps';
import { claimDuePictures } from './repository';

// After the messages of a number by QR, a Facebook page or an Instagram account are stored: the contacts whose
// picture is due get a job that asks WhatsApp or the Graph API for it (at most once a day each; the job checks
// the company's flag).

const PICTURE_KINDS = new Set(['waweb', 'fa', 'insta']);

export async function requestProfilePictures(
  deps: Pick<AppDeps, 'db' | 'queue'>,
  input: { companyId: number; kind: string; channelId: number; externalIds: string[] },
): Promise<void> {
  if (!PICTURE_KINDS.has(input.kind) || !deps.queue) return;
  const queue = deps.queue;
  const ids = await claimDuePictures(deps.db, { ...input, externalIds: [...new Set(input.externalIds)] });
  for (const contactId of ids)
    await sendJob(
      queue,
      'contacts.profile-picture',
      { companyId: input.companyId, contactId },
      { singletonKey: `profile-picture:${input.companyId}:${contactId}` },
    );
}
