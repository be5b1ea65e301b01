import type { TChannel } from '@prosa/shared/channel-admin';
import { channelLabel } from '@prosa/shared/channels';
import type { ChannelRow } from '../../db/schema/channels';
import { isAvailable } from './repository';

/** A channel as the generic calls answer it: what every kind has, never its config or sealed secrets. */
export function toChannel(row: ChannelRow): TChannel {
  return {
    id: row.id,
    kind: row.kind,
    kind_label: channelLabel(row.kind),
    name: row.name,
    default_sector_id: row.defaultSectorId,
    active: row.active,
    connection_state: row.connectionState,
    connection_since: row.connectionSince?.toISOString() ?? null,
    available: isAvailable(row),
    status_message: row.statusMessage,
    profile_picture_path: row.profilePicturePath,
    use_trigger_from_channel_id: row.useTriggerFromChannelId,
    created_at: row.createdAt.toISOString(),
  };
}
