import type {
  AuthenticationCreds,
  AuthenticationState,
  SignalDataSet,
  SignalDataTypeMap,
} from '@whiskeysockets/baileys';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { wawebAuth } from '../../db/schema/channels';
import { decryptSecret, encryptSecret } from '../../platform/crypto';
import type { Db } from '../../platform/db';
import { baileys } from './baileys';

// A WhatsApp Web session's credentials and Signal keys in PostgreSQL (issue 13), never in files: Baileys' own
// multi-file state is not meant for production, and a session must move to another channel server when its
// own dies. Every value is sealed with the app secret (AES-256-GCM), in Baileys' JSON form (BufferJSON).

const CREDS = 'creds';

export type WawebAuth = {
  state: AuthenticationState;
  /** Stores the credentials as they are now (Baileys' `creds.update`). */
  saveCreds(): Promise<void>;
  /** Forgets the session (logout): the next start pairs again by QR. */
  clear(): Promise<void>;
};

type Owner = { companyId: number; channelId: number };

const seal = (value: unknown, appSecret: string) =>
  encryptSecret(JSON.stringify(value, baileys.BufferJSON.replacer), appSecret);

const unseal = (sealed: string, appSecret: string): unknown =>
  JSON.parse(decryptSecret(sealed, appSecret), baileys.BufferJSON.reviver);

/**
 * The session of one channel. Credentials are read once here (new ones when the channel never paired); keys are
 * read and written on demand, each `set` in one transaction (a value of null deletes its key).
 */
export async function usePostgresAuthState(
  deps: { db: Db; appSecret: string },
  owner: Owner,
): Promise<WawebAuth> {
  const { db, appSecret } = deps;
  const mine = and(eq(wawebAuth.companyId, owner.companyId), eq(wawebAuth.channelId, owner.channelId));
  const [row] = await db
    .select({ sealed: wawebAuth.sealed })
    .from(wawebAuth)
    .where(and(mine, eq(wawebAuth.kind, CREDS), eq(wawebAuth.keyId, '')));
  const creds = row ? (unseal(row.sealed, appSecret) as AuthenticationCreds) : baileys.initAuthCreds();

  const write = async (rows: { kind: string; keyId: string; value: unknown }[]) => {
    const kept = rows.filter((r) => r.value !== null && r.value !== undefined);
    const gone = rows.filter((r) => r.value === null || r.value === undefined);
    await db.transaction(async (tx) => {
      if (kept.length > 0) {
        await tx
          .insert(wawebAuth)
          .values(
            kept.map((r) => ({
              companyId: owner.companyId,
              channelId: owner.channelId,
              kind: r.kind,
              keyId: r.keyId,
              sealed: seal(r.value, appSecret),
            })),
          )
          .onConflictDoUpdate({
            target: [wawebAuth.channelId, wawebAuth.kind, wawebAuth.keyId],
            set: { sealed: sql`excluded.sealed`, updatedAt: sql`now()` },
          });
      }
      for (const kind of new Set(gone.map((r) => r.kind))) {
        const ids = gone.filter((r) => r.kind === kind).map((r) => r.keyId);
        await tx.delete(wawebAuth).where(and(mine, eq(wawebAuth.kind, kind), inArray(wawebAuth.keyId, ids)));
      }
    });
  };

  const state: AuthenticationState = {
    creds,
    keys: {
      async get<T extends keyof SignalDataTypeMap>(type: T, ids: string[]) {
        const out: { [id: string]: SignalDataTypeMap[T] } = {};
        if (ids.length === 0) return out;
        const rows = await db
          .select({ keyId: wawebAuth.keyId, sealed: wawebAuth.sealed })
          .from(wawebAuth)
          .where(and(mine, eq(wawebAuth.kind, type), inArray(wawebAuth.keyId, ids)));
        for (const r of rows) {
          let value = unseal(r.sealed, appSecret);
          // Stored as plain JSON: Baileys expects the protobuf message object back.
          if (type === 'app-state-sync-key' && value)
            value = baileys.proto.Message.AppStateSyncKeyData.fromObject(value as object);
          out[r.keyId] = value as SignalDataTypeMap[T];
        }
        return out;
      },
      async set(data: SignalDataSet) {
        const rows: { kind: string; keyId: string; value: unknown }[] = [];
        for (const [kind, values] of Object.entries(data)) {
          for (const [keyId, value] of Object.entries(values ?? {})) rows.push({ kind, keyId, value });
        }
        if (rows.length > 0) await write(rows);
      },
      async clear() {
        await db.delete(wawebAuth).where(and(mine, sql`${wawebAuth.kind} <> ${CREDS}`));
      },
    },
  };

  return {
    state,
    saveCreds: () => write([{ kind: CREDS, keyId: '', value: state.creds }]),
    async clear() {
      await db.delete(wawebAuth).where(mine);
      state.creds = baileys.initAuthCreds();
    },
  };
}
