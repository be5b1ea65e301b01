import { zBigIdParam, zIdParam } from './ids';
import { z } from './zod';

export { DIST_MSG } from './distribution-texts';

import { DIST_MSG } from './distribution-texts';

export const ZAutoDistInput = z
  .object({
    enabled: z.boolean(),
    chat_per_user: z.coerce.number({ error: DIST_MSG.chatPerUserRequired }).int().min(0).max(500),
    allow_if_answered: z.boolean().default(true),
    // Off by default: it needs the busy-client time, which a new company has not set.
    allow_if_client_not_respond: z.boolean().default(false),
  })
  .refine((v) => !v.enabled || v.chat_per_user > 0, {
    error: DIST_MSG.chatPerUserRequired,
    path: ['chat_per_user'],
  });
export type TAutoDistInput = z.infer<typeof ZAutoDistInput>;

/**
 * Spec 1 §5: distributing "clients that do not answer" needs the busy-client time of the attendance rules
 * (seconds, null when unset). Checked by the server and by the form, which shows it on the option.
 */
export function busyTimeMissing(
  input: Pick<TAutoDistInput, 'enabled' | 'allow_if_client_not_respond'>,
  busySeconds: number | null | undefined,
): boolean {
  return input.enabled && input.allow_if_client_not_respond && !(Number(busySeconds) > 0);
}

export const ZAutoDistConfig = z.object({
  id: z.number(),
  company_id: z.number(),
  enabled: z.boolean(),
  chat_per_user: z.number(),
  allow_if_answered: z.boolean(),
  allow_if_client_not_respond: z.boolean(),
  last_cycle_at: z.string().nullable(),
  last_cycle_assigned: z.number(),
});
export type TAutoDistConfig = z.infer<typeof ZAutoDistConfig>;

export const ZQueueInput = z.object({
  ids: z.array(zBigIdParam()).min(1, { error: 'Selecione ao menos um atendimento.' }).max(500),
  sector_id: zIdParam().optional(),
  priority_queue: z.boolean().optional(),
});

/** POST /users/set-status: the operator's new state and how many attendances went back to the queue. */
export const ZOperatorStatusResult = z.object({
  message: z.string(),
  status: z.enum(['online', 'offline']),
  returned_to_queue: z.number(),
});
