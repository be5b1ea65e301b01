import { NOTIFICATION_MSG, parseExtraData, type ZNotificationInput } from '@prosa/shared/notifications';
import { wallTimeToIso } from '@prosa/shared/scheduling';
import type { z } from '@prosa/shared/zod';
import { badRequest } from '../../platform/errors';
import type { NotificationValues } from './repository';

const instant = (wall: string | null, tz: string) => {
  if (!wall) return null;
  const at = wallTimeToIso(wall, tz);
  if (!at) throw badRequest(NOTIFICATION_MSG.dateInvalid);
  return new Date(at);
};

/** The validated input as table values: dates are the caller's company's wall-clock time (spec 2 §9). */
export function notificationValues(
  input: z.output<typeof ZNotificationInput>,
  companyIds: number[],
  tz: string,
): NotificationValues {
  const extra = parseExtraData(input.extra_data);
  if (!extra.ok) throw badRequest(NOTIFICATION_MSG.invalidJson);
  return {
    modelId: input.model_id,
    audience: input.audience,
    title: input.title,
    description: input.description,
    imageUrl: input.image_url,
    link: input.link,
    companyIds,
    scheduleStatus: input.schedule_status,
    scheduleStartAt: instant(input.schedule_start_at, tz),
    scheduleEndAt: instant(input.schedule_end_at, tz),
    extraData: extra.value as NotificationValues['extraData'],
  };
}
