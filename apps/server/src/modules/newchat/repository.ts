import { type TNewchatSettings, ZNewchatSettings } from '@prosa/shared/newchat';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { type ChannelRow, channels } from '../../db/schema/channels';
import type { Db, Tx } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

// NewChats are channels of kind 'nc' (generic channel type 2): the public code is the route key, the spec's
// widget preview keys are `config.settings`.
const NC = 'nc';
const isNc = eq(channels.kind, NC);

export type NewchatRow = {
  companyId: number;
  id: number;
  kind: 'nc';
  code: string;
  name: string;
  sectorId: number;
  active: boolean;
  settings: TNewchatSettings;
  createdAt: Date;
};

function toRow(c: ChannelRow): NewchatRow {
  // Stored settings were checked on save; parsing again fills keys added since.
  const parsed = ZNewchatSettings.safeParse((c.config as { settings?: unknown }).settings ?? {});
  return {
    companyId: c.companyId,
    id: c.id,
    kind: NC,
    code: c.routeKey,
    name: c.name,
    sectorId: c.defaultSectorId,
    active: c.active,
    settings: parsed.success ? parsed.data : ZNewchatSettings.parse({}),
    createdAt: c.createdAt,
  };
}

export async function listNewchats(db: Db, companyId: number) {
  const rows = await db
    .select()
    .from(channels)
    .where(ofCompany(channels, companyId, isNc, isNull(channels.deletedAt)))
    .orderBy(asc(channels.name), asc(channels.id));
  return rows.map(toRow);
}

export async function findNewchat(db: Db | Tx, companyId: number, id: number) {
  const rows = await db
    .select()
    .from(channels)
    .where(ofCompany(channels, companyId, isNc, eq(channels.id, id), isNull(channels.deletedAt)))
    .limit(1);
  return rows[0] ? toRow(rows[0]) : null;
}

/** The kind of a company's channel of any kind (the wizard refuses another type's id). */
export async function findChannelKind(db: Db, companyId: number, id: number) {
  const rows = await db
    .select({ kind: channels.kind })
    .from(channels)
    .where(ofCompany(channels, companyId, eq(channels.id, id), isNull(channels.deletedAt)))
    .limit(1);
  return rows[0]?.kind ?? null;
}

/** Public lookup by code: only live channels (not removed, active). */
export async function findLiveNewchatByCode(db: Db, code: string) {
  const rows = await db
    .select()
    .from(channels)
    .where(and(isNc, eq(channels.routeKey, code), isNull(channels.deletedAt), eq(channels.active, true)))
    .limit(1);
  return rows[0] ? toRow(rows[0]) : null;
}

export async function insertNewchat(
  db: Db | Tx,
  n: { companyId: number; code: string; name: string; sectorId: number; settings: TNewchatSettings },
) {
  const [row] = await db
    .insert(channels)
    .values({
      companyId: n.companyId,
      kind: NC,
      routeKey: n.code,
      name: n.name,
      defaultSectorId: n.sectorId,
      config: { settings: n.settings },
    })
    .returning();
  if (!row) throw new Error('newchat insert returned nothing');
  return toRow(row);
}

export async function updateNewchatRow(
  db: Db,
  companyId: number,
  id: number,
  n: { name: string; sectorId: number; settings: TNewchatSettings },
) {
  const [row] = await db
    .update(channels)
    .set({
      name: n.name,
      defaultSectorId: n.sectorId,
      config: { settings: n.settings },
      updatedAt: new Date(),
    })
    .where(ofCompany(channels, companyId, isNc, eq(channels.id, id), isNull(channels.deletedAt)))
    .returning();
  return row ? toRow(row) : null;
}

export async function softDeleteNewchat(db: Db, companyId: number, id: number) {
  const rows = await db
    .update(channels)
    .set({ deletedAt: new Date(), active: false })
    .where(ofCompany(channels, companyId, isNc, eq(channels.id, id), isNull(channels.deletedAt)))
    .returning({ id: channels.id });
  return rows.length > 0;
}
