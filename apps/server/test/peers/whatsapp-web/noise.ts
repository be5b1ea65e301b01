import { createCipheriv, createDecipheriv, createHash, hkdfSync } from 'node:crypto';
import { Curve, NOISE_MODE, proto, WA_CERT_DETAILS } from '@whiskeysockets/baileys';

// The server half of WhatsApp Web's Noise XX handshake (Noise_XX_25519_AESGCM_SHA256), mirrored from what
// Baileys' client half does (Utils/noise-handler.js): one running hash used as AES-GCM additional data, one
// chaining key ("salt") mixed by HKDF after each Diffie-Hellman, and during the handshake a single counter
// shared by both directions. After the split each direction has its own key and counter, with empty AAD.

export type KeyPair = { public: Buffer; private: Buffer };

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest();

const iv = (counter: number) => {
  const out = Buffer.alloc(12);
  out.writeUInt32BE(counter, 8);
  return out;
};

function gcmEncrypt(key: Buffer, counter: number, aad: Buffer, plain: Buffer) {
  const cipher = createCipheriv('aes-256-gcm', key, iv(counter));
  cipher.setAAD(aad);
  return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

function gcmDecrypt(key: Buffer, counter: number, aad: Buffer, data: Buffer) {
  const decipher = createDecipheriv('aes-256-gcm', key, iv(counter));
  decipher.setAAD(aad);
  decipher.setAuthTag(data.subarray(data.length - 16));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]);
}

const hkdf64 = (ikm: Buffer, salt: Buffer) => {
  const out = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.alloc(0), 64));
  return [out.subarray(0, 32), out.subarray(32)] as const;
};

/**
 * A certificate chain of our own making. Baileys only checks that the intermediate's issuerSerial equals
 * WA_CERT_DETAILS.SERIAL, but we still sign it like a real chain (root → intermediate → leaf = our static
 * key) so that the bytes have the real shape.
 */
export function makeCertChain(serverStatic: KeyPair): Uint8Array {
  const root = Curve.generateKeyPair();
  const intermediate = Curve.generateKeyPair();
  const now = Math.floor(Date.now() / 1000);
  const intermediateDetails = proto.CertChain.NoiseCertificate.Details.encode({
    serial: 1,
    issuerSerial: WA_CERT_DETAILS.SERIAL,
    key: intermediate.public,
    notBefore: now - 3600,
    notAfter: now + 86_400,
  }).finish();
  const leafDetails = proto.CertChain.NoiseCertificate.Details.encode({
    serial: 2,
    issuerSerial: 1,
    key: serverStatic.public,
    notBefore: now - 3600,
    notAfter: now + 86_400,
  }).finish();
  return proto.CertChain.encode({
    leaf: { details: leafDetails, signature: Curve.sign(intermediate.private, leafDetails) },
    intermediate: { details: intermediateDetails, signature: Curve.sign(root.private, intermediateDetails) },
  }).finish();
}

/** Handshake and transport state of one connection, server side. */
export class NoiseServer {
  private hash: Buffer = Buffer.from(NOISE_MODE);
  private salt: Buffer = this.hash;
  private key: Buffer = this.hash;
  private counter = 0;
  private sendKey?: Buffer;
  private recvKey?: Buffer;
  private sendCounter = 0;
  private recvCounter = 0;
  private readonly ephemeral = Curve.generateKeyPair() as KeyPair;

  constructor(
    private readonly serverStatic: KeyPair,
    header: Buffer,
  ) {
    // The client hashes the intro header it sent; we hash what we actually received.
    this.authenticate(header);
  }

  get finished() {
    return this.sendKey !== undefined;
  }

  private authenticate(data: Uint8Array) {
    this.hash = sha256(Buffer.concat([this.hash, data]));
  }

  private mix(ikm: Buffer) {
    const [salt, key] = hkdf64(ikm, this.salt);
    this.salt = salt;
    this.key = key;
    this.counter = 0;
  }

  private encryptHs(plain: Uint8Array) {
    const out = gcmEncrypt(this.key, this.counter++, this.hash, Buffer.from(plain));
    this.authenticate(out);
    return out;
  }

  private decryptHs(data: Uint8Array) {
    const out = gcmDecrypt(this.key, this.counter++, this.hash, Buffer.from(data));
    this.authenticate(data);
    return out;
  }

  /** Takes the client's hello (its ephemeral key) and returns the serialized serverHello message. */
  serverHello(clientEphemeral: Uint8Array, certChain: Uint8Array): Uint8Array {
    const client = Buffer.from(clientEphemeral);
    this.authenticate(client);
    this.authenticate(this.ephemeral.public);
    this.mix(Curve.sharedKey(this.ephemeral.private, client));
    const staticEnc = this.encryptHs(this.serverStatic.public);
    this.mix(Curve.sharedKey(this.serverStatic.private, client));
    const payloadEnc = this.encryptHs(certChain);
    return proto.HandshakeMessage.encode({
      serverHello: { ephemeral: this.ephemeral.public, static: staticEnc, payload: payloadEnc },
    }).finish();
  }

  /**
   * Takes the client's finish (its encrypted static "noise key" and ClientPayload), returns both, and
   * splits the transport keys.
   */
  clientFinish(message: Uint8Array): { clientStatic: Buffer; payload: proto.ClientPayload } {
    const { clientFinish } = proto.HandshakeMessage.decode(message);
    if (!clientFinish?.static || !clientFinish.payload) throw new Error('expected clientFinish');
    const clientStatic = this.decryptHs(clientFinish.static);
    this.mix(Curve.sharedKey(this.ephemeral.private, clientStatic));
    const payload = proto.ClientPayload.decode(this.decryptHs(clientFinish.payload));
    // The client encrypts with the first half and decrypts with the second.
    const [clientWrite, clientRead] = hkdf64(Buffer.alloc(0), this.salt);
    this.recvKey = clientWrite;
    this.sendKey = clientRead;
    return { clientStatic, payload };
  }

  encrypt(plain: Uint8Array) {
    if (!this.sendKey) throw new Error('handshake not finished');
    return gcmEncrypt(this.sendKey, this.sendCounter++, Buffer.alloc(0), Buffer.from(plain));
  }

  decrypt(data: Uint8Array) {
    if (!this.recvKey) throw new Error('handshake not finished');
    return gcmDecrypt(this.recvKey, this.recvCounter++, Buffer.alloc(0), Buffer.from(data));
  }
}

/** Splits a byte stream into WhatsApp's frames: a 3-byte big-endian length, then that many bytes. */
export class FrameReader {
  private buffer = Buffer.alloc(0);
  private introSeen = false;

  /** Appends bytes and returns the whole frames now available (and, once, the intro header). */
  push(data: Buffer): { intro?: Buffer; frames: Buffer[] } {
    this.buffer = Buffer.concat([this.buffer, data]);
    let intro: Buffer | undefined;
    if (!this.introSeen) {
      // The first client frame starts with "WA" + version + dict version, optionally preceded by an
      // "ED" routing header (7 bytes + routing info) when the client has routing info from an earlier login.
      let start = 0;
      if (this.buffer.subarray(0, 2).toString('latin1') === 'ED') {
        if (this.buffer.length < 7) return { frames: [] };
        start = 7 + ((this.buffer.readUInt8(4) << 16) | this.buffer.readUInt16BE(5));
      }
      if (this.buffer.length < start + 4) return { frames: [] };
      intro = this.buffer.subarray(start, start + 4);
      this.buffer = this.buffer.subarray(start + 4);
      this.introSeen = true;
    }
    const frames: Buffer[] = [];
    while (this.buffer.length >= 3) {
      const size = (this.buffer.readUInt8(0) << 16) | this.buffer.readUInt16BE(1);
      if (this.buffer.length < size + 3) break;
      frames.push(this.buffer.subarray(3, size + 3));
      this.buffer = this.buffer.subarray(size + 3);
    }
    return { intro, frames };
  }
}

/** Prefixes a frame with its 3-byte length (server frames carry no intro header). */
export function frame(data: Uint8Array): Buffer {
  const out = Buffer.alloc(3 + data.length);
  out.writeUInt8(data.length >> 16, 0);
  out.writeUInt16BE(data.length & 0xffff, 1);
  out.set(data, 3);
  return out;
}
