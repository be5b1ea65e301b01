import { eq } from 'drizzle-orm';
import { channels } from '../../src/db/schema/channels';
import { insertWaentChannel, type WaentChannelValues } from '../../src/modules/waent/repository';
import type { Db } from '../../src/platform/db';

type WaentFixture = Partial<WaentChannelValues> &
  Pick<WaentChannelValues, 'companyId' | 'name' | 'defaultSectorId' | 'phoneNumberId' | 'wabaId'> & {
    createdAt?: Date;
    deletedAt?: Date | null;
  };

/**
 * A WhatsApp Enterprise channel written straight into `channels`, as an older version (or another node) may have
 * stored it: tests that need a channel the create route would refuse, or a given creation date.
 */
export async function insertWaentRows(db: Db, f: WaentFixture) {
  const row = await insertWaentChannel(db, {
    broker: 'meta',
    phoneNumber: null,
    displayName: null,
    accessTokenSealed: '',
    appSecretSealed: '',
    verifyToken: '',
    apiBaseUrl: 'https://graph.facebook.com/v19.0',
    messagesPerSecond: 80,
    isActive: true,
    isCloud: true,
    ...f,
  });
  if (f.createdAt !== undefined || f.deletedAt !== undefined) {
    await db
      .update(channels)
      .set({ createdAt: f.createdAt ?? row.createdAt, deletedAt: f.deletedAt ?? null })
      .where(eq(channels.id, row.id));
  }
  return [{ ...row, createdAt: f.createdAt ?? row.createdAt, deletedAt: f.deletedAt ?? null }];
}
