import { WAENT_MSG, windowOpen } from '@prosa/shared/waent';
import { badRequest } from '../../platform/errors';

/**
 * WhatsApp's customer-service window (24 h after the contact's last message): outside it only templates
 * (metadata.template) may be sent; a free-form message is refused.
 */
export function assertWaentWindow(
  attendance: { channelKind: string; latestContactChatMessageAt: Date | null },
  metadata: Record<string, unknown> | undefined,
) {
  if (attendance.channelKind !== 'waent') return;
  if (metadata?.template) return;
  if (!windowOpen(attendance.latestContactChatMessageAt)) throw badRequest(WAENT_MSG.windowClosed);
}
