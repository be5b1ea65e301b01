// The user's own account (spec 1 §2 Account) and the manager survey (spec 3 §2, §5, §8, §9).
import { z } from './zod';

export { ACCOUNT_MSG, AVATAR_MAX_BYTES, MANAGER_SURVEY, SURVEY_MAX_CHOICES } from './account-texts';

import { ACCOUNT_MSG, SURVEY_MAX_CHOICES } from './account-texts';

export const ZSurveyAnswer = z.object({
  choices: z
    .array(z.string().max(40))
    .min(1, { error: ACCOUNT_MSG.surveyMin })
    .max(SURVEY_MAX_CHOICES, { error: ACCOUNT_MSG.surveyMax })
    .refine((c) => new Set(c).size === c.length, { error: ACCOUNT_MSG.surveyMin }),
});

/** POST /users/me/avatar: the new photo's address (null when refused) and the text to show. */
export const ZAvatarOutput = z.object({
  success: z.boolean(),
  url: z.string().nullable(),
  message: z.string(),
});

/** GET /users/me/manager-survey: the question and its options, and whether to show it to this user. */
export const ZManagerSurvey = z.object({
  show: z.boolean(),
  id: z.string(),
  question: z.string(),
  options: z.array(z.object({ key: z.string(), label: z.string() })),
});

/** The user's own screen preferences (GET and PUT /users/me/settings), kept on the server per user. */
export const ZUserSettings = z.object({
  history_columns: z.array(z.string().max(40)).max(20).optional(),
  card_view: z.enum(['list', 'grid']).optional(),
  // Silences the sound and browser notifications of new attendances and messages (account screen).
  mute_notifications: z.boolean({ error: 'Valor inválido para silenciar avisos.' }).optional(),
});
export type TUserSettings = z.infer<typeof ZUserSettings>;
