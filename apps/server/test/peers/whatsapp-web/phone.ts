import { randomBytes } from 'node:crypto';
import {
  type BinaryNode,
  Curve,
  DEFAULT_CONNECTION_CONFIG,
  initAuthCreds,
  proto,
  type SignalDataTypeMap,
  type SignalKeyStore,
  writeRandomPadMax16,
} from '@whiskeysockets/baileys';

// The other ends of the conversation: Signal devices that are not Baileys companions. Each one has a real
// Signal identity (its own creds) and runs the same libsignal session code through Baileys' Signal
// repository, so what they encrypt is exactly what a WhatsApp phone would send and what they decrypt is
// what Baileys really sent. The peer uses one for the account's own phone (which hands the companion its
// app-state keys) and one per contact that writes to or is written by the companion.

/** A Signal key store in memory (the fake devices' and the tests' own Baileys client's). */
export function memoryKeys(): SignalKeyStore {
  const store = new Map<string, unknown>();
  return {
    get: <T extends keyof SignalDataTypeMap>(type: T, ids: string[]) => {
      const out: { [id: string]: SignalDataTypeMap[T] } = {};
      for (const id of ids) {
        const value = store.get(`${type}:${id}`);
        if (value !== undefined) out[id] = value as SignalDataTypeMap[T];
      }
      return out;
    },
    set: (data) => {
      for (const [type, entries] of Object.entries(data)) {
        for (const [id, value] of Object.entries(entries ?? {})) {
          if (value === null || value === undefined) store.delete(`${type}:${id}`);
          else store.set(`${type}:${id}`, value);
        }
      }
    },
  };
}

/** A pre-key bundle, as the server hands it out (`iq xmlns=encrypt` key fetch) and as sessions start from. */
export type Bundle = {
  registrationId: number;
  identityKey: Buffer; // 32 bytes, without the type byte
  signedPreKey: { keyId: number; publicKey: Buffer; signature: Buffer };
  preKey?: { keyId: number; publicKey: Buffer };
};

/** Adds Signal's key type byte (5) where Baileys keeps 32-byte Curve25519 keys. */
const withType = (key: Buffer) => (key.length === 33 ? key : Buffer.concat([Buffer.from([5]), key]));

export class SignalDevice {
  readonly creds = initAuthCreds();
  private readonly keys = memoryKeys();
  private readonly repo = DEFAULT_CONNECTION_CONFIG.makeSignalRepository({
    creds: this.creds,
    keys: this.keys,
  });
  /** Sessions this device has with other devices (by jid). */
  private readonly sessions = new Set<string>();
  private nextPreKeyId = 1;

  constructor(readonly jid: string) {}

  hasSession(jid: string) {
    return this.sessions.has(jid);
  }

  /** Starts a session towards `jid` from its bundle (what a sender does before its first pkmsg). */
  async startSession(jid: string, bundle: Bundle) {
    await this.repo.injectE2ESession({
      jid,
      session: {
        registrationId: bundle.registrationId,
        identityKey: withType(bundle.identityKey),
        signedPreKey: { ...bundle.signedPreKey, publicKey: withType(bundle.signedPreKey.publicKey) },
        // Baileys types the one-time pre-key as required, but libsignal starts a session without one when
        // the server has run out of them, as WhatsApp's does.
        preKey: (bundle.preKey && { ...bundle.preKey, publicKey: withType(bundle.preKey.publicKey) }) as {
          keyId: number;
          publicKey: Buffer;
        },
      },
    });
    this.sessions.add(jid);
  }

  /** Encrypts a Message for `jid` the way WhatsApp clients do: random padding, then Signal. */
  async encrypt(jid: string, message: proto.IMessage): Promise<BinaryNode> {
    const data = writeRandomPadMax16(proto.Message.encode(message).finish());
    const { type, ciphertext } = await this.repo.encryptMessage({ jid, data });
    return { tag: 'enc', attrs: { v: '2', type }, content: ciphertext };
  }

  /** Decrypts an `enc` node that `jid` sent to this device, and strips the padding. */
  async decrypt(jid: string, enc: BinaryNode): Promise<proto.Message> {
    const type = enc.attrs.type as 'pkmsg' | 'msg';
    const plain = await this.repo.decryptMessage({ jid, type, ciphertext: enc.content as Uint8Array });
    this.sessions.add(jid);
    const buf = Buffer.from(plain);
    return proto.Message.decode(buf.subarray(0, buf.length - (buf[buf.length - 1] ?? 0)));
  }

  /**
   * A fresh bundle of this device for someone who wants to write to it. The one-time pre-key it names is
   * stored in this device's key store so that the pkmsg that uses it can be decrypted.
   */
  async bundle(): Promise<Bundle> {
    const keyId = this.nextPreKeyId++;
    const preKey = Curve.generateKeyPair();
    await this.keys.set({ 'pre-key': { [String(keyId)]: preKey } });
    return {
      registrationId: this.creds.registrationId,
      identityKey: Buffer.from(this.creds.signedIdentityKey.public),
      signedPreKey: {
        keyId: this.creds.signedPreKey.keyId,
        publicKey: Buffer.from(this.creds.signedPreKey.keyPair.public),
        signature: Buffer.from(this.creds.signedPreKey.signature),
      },
      preKey: { keyId, publicKey: Buffer.from(preKey.public) },
    };
  }
}

/** The protocol message a primary phone sends a new companion so it can read and write app state. */
export function appStateKeyShare(): proto.IMessage {
  return {
    protocolMessage: {
      type: proto.Message.ProtocolMessage.Type.APP_STATE_SYNC_KEY_SHARE,
      appStateSyncKeyShare: {
        keys: [
          {
            keyId: { keyId: randomBytes(6) },
            keyData: {
              keyData: randomBytes(32),
              fingerprint: { rawId: 1, currentIndex: 0, deviceIndexes: [0, 1] },
              timestamp: Date.now(),
            },
          },
        ],
      },
    },
  };
}
