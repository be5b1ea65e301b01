import { zIdParam } from './ids';
import { z } from './zod';

export { PAUSE_MSG, PAUSE_PAGE_SIZES } from './pause-texts';

import { PAUSE_MSG } from './pause-texts';

export const ZControlPause = z
  .object({
    is_active: z.boolean(),
    use_reason: z.boolean(),
    use_password: z.boolean(),
    use_limit_pause: z.object({
      enabled: z.boolean(),
      limit_minutes: z.coerce
        .number({ error: PAUSE_MSG.limitMinutes })
        .int({ error: PAUSE_MSG.limitMinutes })
        .min(0)
        .max(1440)
        .nullable(),
    }),
  })
  .superRefine((v, ctx) => {
    if (v.use_limit_pause.enabled && !(Number(v.use_limit_pause.limit_minutes) > 0)) {
      ctx.addIssue({
        code: 'custom',
        message: PAUSE_MSG.limitMinutes,
        path: ['use_limit_pause', 'limit_minutes'],
      });
    }
    if (!v.is_active && (v.use_reason || v.use_password || v.use_limit_pause.enabled)) {
      ctx.addIssue({ code: 'custom', message: PAUSE_MSG.cannotTurnOff, path: ['is_active'] });
    }
  });
export type TControlPause = z.infer<typeof ZControlPause>;

export const ZPauseReasonInput = z.object({
  title: z.string({ error: PAUSE_MSG.reasonTitle }).trim().min(1, { error: PAUSE_MSG.reasonTitle }).max(80),
  description: z.string().trim().max(300).default(''),
});

export const ZPauseReason = z.object({ id: z.number(), title: z.string(), description: z.string() });

export const ZPauseState = z.object({
  paused: z.boolean(),
  started_at: z.string().nullable(),
  reason: ZPauseReason.nullable(),
  limit_at: z.string().nullable(),
  needs_password: z.boolean(),
  needs_reason: z.boolean(),
  /** The company's pause control is on: only then may the user pause (the header offers "Pausar"). */
  control_active: z.boolean(),
});
export type TPauseState = z.infer<typeof ZPauseState>;

export const ZLeavePauseInput = z.object({
  password: z.string().max(128).optional(),
  reason_id: zIdParam().optional(),
});

/** GET /pause-reasons: a page of reasons. */
export const ZPauseReasonPage = z.object({
  items: z.array(ZPauseReason),
  total: z.number(),
  page: z.number(),
  count: z.number(),
});

/** Entering or leaving a pause: the text to show and the user's new pause state. */
export const ZPauseStateResult = z.object({ message: z.string(), state: ZPauseState });
