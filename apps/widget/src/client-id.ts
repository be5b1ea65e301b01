const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/**
 * A random id per visitor message (`[A-Za-z0-9_-]`, 22 chars ≈ 132 bits). It is sent again on a retry, so the
 * server stores the message once. `crypto.getRandomValues` works on plain-http sites too (randomUUID does not).
 */
export function newClientId(
  random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n)),
): string {
  let id = '';
  for (const byte of random(22)) id += ALPHABET[byte & 63];
  return id;
}
