import { createHmac } from 'node:crypto';
import { Curve, proto } from '@whiskeysockets/baileys';
import type { KeyPair } from './noise';

// What the phone does when it scans the QR code: it learns the companion's identity key and adv secret
// from the QR, and vouches for the companion with its own account key. Baileys checks (validate-connection.js,
// configureSuccessfulPairing) the HMAC with the adv secret over the signed identity, and the account
// signature over [6, 0] + device details + its identity key, verified with the key carried in the message.

export type ParsedQr = { ref: string; noiseKey: Buffer; identityKey: Buffer; advSecret: Buffer };

export function parseQr(qr: string): ParsedQr {
  const [ref, noiseKey, identityKey, advSecret] = qr.split(',');
  if (!ref || !noiseKey || !identityKey || !advSecret) throw new Error(`not a WhatsApp Web QR: ${qr}`);
  return {
    ref,
    noiseKey: Buffer.from(noiseKey, 'base64'),
    identityKey: Buffer.from(identityKey, 'base64'),
    advSecret: Buffer.from(advSecret, 'base64'),
  };
}

/** The `device-identity` bytes of `pair-success`: an ADVSignedDeviceIdentityHMAC. */
export function signDeviceIdentity(qr: ParsedQr, accountKey: KeyPair, keyIndex: number): Buffer {
  const details = proto.ADVDeviceIdentity.encode({
    rawId: Math.floor(Math.random() * 2 ** 31),
    timestamp: Math.floor(Date.now() / 1000),
    keyIndex,
  }).finish();
  const accountSignature = Curve.sign(
    accountKey.private,
    Buffer.concat([Buffer.from([6, 0]), details, qr.identityKey]),
  );
  const signed = proto.ADVSignedDeviceIdentity.encode({
    details,
    accountSignatureKey: accountKey.public,
    accountSignature,
  }).finish();
  const hmac = createHmac('sha256', qr.advSecret).update(signed).digest();
  return Buffer.from(proto.ADVSignedDeviceIdentityHMAC.encode({ details: signed, hmac }).finish());
}
