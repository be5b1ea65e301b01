import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { CHANNEL_MSG, type TChannelPatch } from '@prosa/shared/channel-admin';
import { TRIGGER_MSG } from '@prosa/shared/triggers';
import { and, eq, isNull } from 'drizzle-orm';
import { type ChannelRow, channels } from '../../db/schema/channels';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { findSector } from '../sectors/repository';
import { logoFolder } from '../webchat/webchat-logo';
import { assertKindAllowed } from './channel-access';
import { toChannel } from './channel-view';
import { type ChannelChange, findChannel, saveChannelChange } from './repository';

type Deps = Pick<AppDeps, 'db' | 'config' | 'channelRepository'>;

/**
 * Where a channel's uploaded pictures live, relative to the uploads folder: a web chat's logo upload writes
 * `webchats/{company}/{id}/` (modules/webchat/webchat-logo.ts); the other kinds' uploads, `channels/{company}/{id}/`.
 */
const pictureFolder = (row: ChannelRow) =>
  `${row.kind === 'web' ? logoFolder(row.companyId, row.id) : `channels/${row.companyId}/${row.id}`}/`;

/**
 * A new picture path must name a file this channel's upload wrote (so it can never reach another channel's or
 * company's files, or outside the uploads folder); null removes the picture.
 */
async function assertPicture(deps: Deps, row: ChannelRow, path: string) {
  const file = path.startsWith(pictureFolder(row))
    ? await stat(resolve(deps.config.DATA_DIR, 'uploads', path)).catch(() => null)
    : null;
  if (!file?.isFile()) throw badRequest(CHANNEL_MSG.picturePathInvalid);
}

/** One step only: the source has its own triggers, and no channel uses this one's (as the triggers editor says). */
async function assertTriggerChannel(deps: Deps, row: ChannelRow, id: number) {
  if (id === row.id) throw badRequest(CHANNEL_MSG.triggerChannelSelf);
  const source = await findChannel(deps.db, row.companyId, id);
  if (!source) throw badRequest(CHANNEL_MSG.triggerChannelInvalid);
  if (source.useTriggerFromChannelId !== null) throw badRequest(TRIGGER_MSG.useChained);
  const [using] = await deps.db
    .select({ id: channels.id })
    .from(channels)
    .where(
      and(
        eq(channels.companyId, row.companyId),
        eq(channels.useTriggerFromChannelId, row.id),
        isNull(channels.deletedAt),
      ),
    )
    .limit(1);
  if (using) throw badRequest(TRIGGER_MSG.usedByOthers);
}

/**
 * PATCH /channels/{id} (spec 2 §7): whose triggers the channel uses, its default sector, status message and
 * profile picture. The row is the one each kind's own routes read (a web chat's sector_id, a number's
 * default_sector_id). A value equal to the stored one is kept without checks, so a form can send back what it read.
 */
export async function updateChannel(deps: Deps, caller: Caller, id: number, input: TChannelPatch) {
  const row = await findChannel(deps.db, caller.companyId, id);
  if (!row) throw notFound(CHANNEL_MSG.notFound);
  await assertKindAllowed(deps.db, caller, row.kind, 'write');

  const change: ChannelChange = {};
  const trigger = input.use_trigger_from_channel_id;
  if (trigger !== undefined && trigger !== row.useTriggerFromChannelId) {
    if (trigger !== null) await assertTriggerChannel(deps, row, trigger);
    change.useTriggerFromChannelId = trigger;
  }
  const sector = input.default_sector_id;
  if (sector !== undefined && sector !== row.defaultSectorId) {
    if (!(await findSector(deps.db, row.companyId, sector))) throw badRequest(CHANNEL_MSG.sectorInvalid);
    change.defaultSectorId = sector;
  }
  if (input.status_message !== undefined) change.statusMessage = input.status_message;
  const picture = input.profile_picture_path;
  if (picture !== undefined && picture !== row.profilePicturePath) {
    if (picture !== null) await assertPicture(deps, row, picture);
    change.profilePicturePath = picture;
  }

  const saved = await saveChannelChange(deps.db, row.companyId, row.id, change);
  // Inbound messages read the channel through the repository's cache: the new sector applies at once.
  await deps.channelRepository.forget(row.id);
  if (!saved) throw notFound(CHANNEL_MSG.notFound);
  return toChannel(saved);
}
