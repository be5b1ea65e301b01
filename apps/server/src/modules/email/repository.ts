import type { TEmConfig } from '@prosa/shared/email';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { type ChannelRow, channels } from '../../db/schema/channels';
import type { Db } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

// E-mail configs are channels of kind 'em': the route key is the mailbox read (one live config per mailbox and
// folder on the platform), the IMAP and SMTP passwords sealed secrets.
const EM = 'em';
const isEm = eq(channels.kind, EM);

export type EmChannelValues = {
  companyId: number;
  name: string;
  defaultSectorId: number;
  routeKey: string;
  config: TEmConfig;
  secretsSealed: Record<string, string>;
};

export async function listEmChannels(db: Db, companyId: number): Promise<ChannelRow[]> {
  return db
    .select()
    .from(channels)
    .where(ofCompany(channels, companyId, isEm, isNull(channels.deletedAt)))
    .orderBy(channels.id);
}

export async function findEmChannel(db: Db, companyId: number, id: number): Promise<ChannelRow | null> {
  const [row] = await db
    .select()
    .from(channels)
    .where(ofCompany(channels, companyId, isEm, eq(channels.id, id), isNull(channels.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** Another live config, of any company, already reading this mailbox. */
export async function mailboxTaken(db: Db, routeKey: string, exceptId?: number): Promise<boolean> {
  const [taken] = await db
    .select({ id: channels.id })
    .from(channels)
    .where(
      and(
        isEm,
        eq(channels.routeKey, routeKey),
        isNull(channels.deletedAt),
        exceptId ? ne(channels.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return taken !== undefined;
}

export async function insertEmChannel(db: Db, v: EmChannelValues): Promise<number> {
  const [row] = await db
    .insert(channels)
    .values({
      companyId: v.companyId,
      kind: EM,
      name: v.name,
      defaultSectorId: v.defaultSectorId,
      active: true,
      routeKey: v.routeKey,
      config: v.config,
      secretsSealed: v.secretsSealed,
      connectionState: 'starting',
      connectionSince: new Date(),
    })
    .returning({ id: channels.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

/** Saves a change; a changed mailbox or password restarts its reading (the readers compare updated_at). */
export async function saveEmChannel(db: Db, id: number, v: EmChannelValues): Promise<void> {
  await db
    .update(channels)
    .set({
      name: v.name,
      defaultSectorId: v.defaultSectorId,
      routeKey: v.routeKey,
      config: v.config,
      secretsSealed: v.secretsSealed,
      connectionState: 'starting',
      connectionError: null,
      connectionSince: new Date(),
      updatedAt: new Date(),
    })
    .where(ofCompany(channels, v.companyId, isEm, eq(channels.id, id)));
}

export async function softDeleteEmChannel(db: Db, companyId: number, id: number): Promise<void> {
  await db
    .update(channels)
    .set({ deletedAt: new Date(), active: false, updatedAt: new Date() })
    .where(ofCompany(channels, companyId, isEm, eq(channels.id, id)));
}
