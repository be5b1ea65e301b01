import type { TChannelKind } from '@prosa/shared/channels';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  attendances,
  contacts,
  messages,
  type TWebchatCustomData,
  webchatVisitors,
} from '../../db/schema/attendance';
import { type ChannelRow, channels } from '../../db/schema/channels';
import type { Db, Tx } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

// Web chats are channels of kind 'web' (one `channels` table for every kind): the code of the customer's <script>
// tag is the route key, the look of the widget is the config, the logo the channel's profile picture.
const WEB: TChannelKind = 'web';

export type WebchatRow = {
  companyId: number;
  id: number;
  /** 'web', or 'nc' for a NewChat's visitors (they share this visitor API): what conversations are stored with. */
  kind: TChannelKind;
  code: string;
  name: string;
  sectorId: number;
  customData: TWebchatCustomData;
  /** The logo's file name (it carries a version, for caching) and where it is, relative to the uploads folder. */
  logoPath: string | null;
  logoFile: string | null;
  createdAt: Date;
  deletedAt: Date | null;
};

type WebConfig = { custom_data?: TWebchatCustomData };

function toRow(c: ChannelRow): WebchatRow {
  return {
    companyId: c.companyId,
    id: c.id,
    kind: c.kind === 'nc' ? 'nc' : WEB,
    code: c.routeKey,
    name: c.name,
    sectorId: c.defaultSectorId,
    customData: (c.config as WebConfig).custom_data ?? {},
    logoPath: c.profilePicturePath ? (c.profilePicturePath.split('/').pop() ?? null) : null,
    logoFile: c.profilePicturePath,
    createdAt: c.createdAt,
    deletedAt: c.deletedAt,
  };
}

const isWeb = eq(channels.kind, WEB);

export async function listWebchats(db: Db, companyId: number) {
  const rows = await db
    .select()
    .from(channels)
    .where(ofCompany(channels, companyId, isWeb, isNull(channels.deletedAt)))
    .orderBy(asc(channels.name));
  return rows.map(toRow);
}

export async function findWebchat(db: Db | Tx, companyId: number, id: number) {
  const rows = await db
    .select()
    .from(channels)
    .where(ofCompany(channels, companyId, isWeb, eq(channels.id, id), isNull(channels.deletedAt)))
    .limit(1);
  return rows[0] ? toRow(rows[0]) : null;
}

// Channels whose visitors use this API: the web chat and NewChat (its full page runs the same widget).
const isVisitorChannel = inArray(channels.kind, ['web', 'nc'] satisfies TChannelKind[]);

/** The channel of a visitor (web chat or NewChat). */
export async function findVisitorChannel(db: Db | Tx, companyId: number, id: number) {
  const rows = await db
    .select()
    .from(channels)
    .where(ofCompany(channels, companyId, isVisitorChannel, eq(channels.id, id), isNull(channels.deletedAt)))
    .limit(1);
  return rows[0] ? toRow(rows[0]) : null;
}

/** Public lookup by the code of the customer's <script> tag. */
export async function findWebchatByCode(db: Db, code: string) {
  const rows = await db
    .select()
    .from(channels)
    .where(and(isWeb, eq(channels.routeKey, code), isNull(channels.deletedAt)))
    .limit(1);
  return rows[0] ? toRow(rows[0]) : null;
}

export async function insertWebchat(
  db: Db | Tx,
  w: { companyId: number; code: string; name: string; sectorId: number; customData: TWebchatCustomData },
) {
  const [row] = await db
    .insert(channels)
    .values({
      companyId: w.companyId,
      kind: WEB,
      routeKey: w.code,
      name: w.name,
      defaultSectorId: w.sectorId,
      config: { custom_data: w.customData } satisfies WebConfig,
    })
    .returning();
  if (!row) throw new Error('webchat insert returned nothing');
  return toRow(row);
}

export async function updateWebchatRow(
  db: Db,
  companyId: number,
  id: number,
  w: { name: string; sectorId: number; customData: TWebchatCustomData },
) {
  const [row] = await db
    .update(channels)
    .set({
      name: w.name,
      defaultSectorId: w.sectorId,
      config: { custom_data: w.customData } satisfies WebConfig,
      updatedAt: new Date(),
    })
    .where(ofCompany(channels, companyId, isWeb, eq(channels.id, id), isNull(channels.deletedAt)))
    .returning();
  return row ? toRow(row) : null;
}

export async function setWebchatLogo(db: Db, companyId: number, id: number, logoFile: string | null) {
  await db
    .update(channels)
    .set({ profilePicturePath: logoFile, updatedAt: new Date() })
    .where(ofCompany(channels, companyId, isWeb, eq(channels.id, id)));
}

export async function softDeleteWebchat(db: Db, companyId: number, id: number) {
  await db
    .update(channels)
    .set({ deletedAt: new Date(), active: false })
    .where(ofCompany(channels, companyId, isWeb, eq(channels.id, id)));
}

export async function findVisitorByTokenHash(db: Db, tokenHash: string) {
  const rows = await db
    .select({ visitor: webchatVisitors, contact: contacts })
    .from(webchatVisitors)
    .innerJoin(
      contacts,
      and(eq(contacts.companyId, webchatVisitors.companyId), eq(contacts.id, webchatVisitors.contactId)),
    )
    .where(eq(webchatVisitors.tokenHash, tokenHash))
    .limit(1);
  return rows[0] ?? null;
}

export async function latestAttendanceOfContact(db: Db, companyId: number, contactId: number) {
  const rows = await db
    .select()
    .from(attendances)
    .where(ofCompany(attendances, companyId, eq(attendances.contactId, contactId)))
    .orderBy(desc(attendances.id))
    .limit(1);
  return rows[0] ?? null;
}

export async function latestMessagesOfContact(db: Db, companyId: number, contactId: number, limit: number) {
  const rows = await db
    .select({ message: messages })
    .from(messages)
    .innerJoin(
      attendances,
      and(eq(attendances.companyId, messages.companyId), eq(attendances.id, messages.attendanceId)),
    )
    .where(and(eq(messages.companyId, companyId), eq(attendances.contactId, contactId)))
    .orderBy(desc(messages.id))
    .limit(limit);
  return rows.map((r) => r.message).reverse();
}

export async function setVisitorOnline(db: Db | Tx, companyId: number, contactId: number, online: boolean) {
  const [row] = await db
    .update(attendances)
    .set({ contactOfflineSince: online ? null : new Date() })
    .where(
      ofCompany(attendances, companyId, eq(attendances.contactId, contactId), isNull(attendances.closedAt)),
    )
    .returning();
  return row ?? null;
}
