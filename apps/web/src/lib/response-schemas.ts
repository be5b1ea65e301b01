// The schemas that check the answers of the calls the chat makes on its first load. This module is loaded
// on demand by apiRequest (lib/api.ts) when a call passes `schema: (s) => s.ZX`, so zod and these schemas
// download with the first request instead of holding back the page's first JavaScript.
import { z as zod } from '@prosa/shared/zod';

export { ZAvatarOutput, ZManagerSurvey, ZUserSettings } from '@prosa/shared/account';
export { ZOwnProfile, ZOwnProfileSaved } from '@prosa/shared/account-profile';
export {
  ZCard,
  ZCardPage,
  ZCardResult,
  ZMessagePage,
  ZSectorOperator,
  ZSendResult,
  ZViewedBy,
} from '@prosa/shared/attendance';
export { ZAttendanceRules, ZClientWaitingResponse, ZMonitor } from '@prosa/shared/attendance-rules';
export {
  ZLoginOutput,
  ZMessageOutput,
  ZSessionUser,
  ZSocketTokenOutput,
  ZTotpSetupOutput,
} from '@prosa/shared/auth';
export { ZBrand } from '@prosa/shared/brand';
export { ZSector, ZStatus } from '@prosa/shared/company';
export { ZCompanyFeatures } from '@prosa/shared/company-metadata';
export { ZAutoDistConfig, ZOperatorStatusResult } from '@prosa/shared/distribution';
export { ZTimelineEntry } from '@prosa/shared/history';
export { ZMessengerUnread } from '@prosa/shared/messenger';
export { ZNotificationMessage, ZUserNotification, ZUserNotifications } from '@prosa/shared/notifications';
export { ZSectorAdmin, ZSectorSaved, ZStatusAdmin } from '@prosa/shared/org-admin';
export {
  ZControlPause,
  ZPauseReason,
  ZPauseReasonPage,
  ZPauseState,
  ZPauseStateResult,
} from '@prosa/shared/pause';
export { ZReleaseSeenOutput, ZReleasesOutput } from '@prosa/shared/releases-schemas';
export { ZPendingSurveys } from '@prosa/shared/surveys';

// Only the builders the calls use: handing out zod's whole namespace would keep all of zod (every locale) in
// the bundle, 91 kB gzip instead of 28.
export const z = {
  array: zod.array,
  boolean: zod.boolean,
  number: zod.number,
  object: zod.object,
  string: zod.string,
};
