const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * A copy of a base64url signature with its first character swapped for another one of the alphabet, so the
 * copy always differs from the original (a fixed replacement character equals the real one now and then).
 * The first character carries six significant bits, so the decoded bytes differ too.
 */
export function tamperSignature(sig: string): string {
  const first = sig[0];
  if (first === undefined) throw new Error('assinatura vazia');
  const at = BASE64URL.indexOf(first);
  const other = BASE64URL[(at + 1) % BASE64URL.length] ?? 'A';
  return `${other}${sig.slice(1)}`;
}

/** The same swap applied to the `sig` query parameter of a signed URL. */
export function tamperSignedUrl(url: string): string {
  const parsed = new URL(url, 'http://prosa.test');
  const sig = parsed.searchParams.get('sig');
  if (!sig) throw new Error(`URL sem assinatura: ${url}`);
  parsed.searchParams.set('sig', tamperSignature(sig));
  return `${parsed.pathname}${parsed.search}`;
}
