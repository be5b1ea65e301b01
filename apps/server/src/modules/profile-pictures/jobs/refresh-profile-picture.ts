import { JOB_CATALOGUE } from '../../../jobs/catalogue';
import { defineJob } from '../../../jobs/define-job';
import { refreshProfilePicture } from '../refresh-profile-picture';

// One contact's WhatsApp profile picture. No picture, a hidden one or a number not connected end the job (asked
// again another day); only a failed download or storage is tried again, twice.
export const profilePictureJob = defineJob({
  name: 'contacts.profile-picture',
  payload: JOB_CATALOGUE['contacts.profile-picture'],
  retryLimit: 2,
  retryDelaySeconds: 30,
  batchSize: 4,
  handler: async (payload, deps) => {
    await refreshProfilePicture(deps, payload);
  },
});
