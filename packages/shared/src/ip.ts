import { MSG } from './messages';

// Company IP allow-list (spec 2 §3 Company data.use_filter_ip / ips, §5): IPv4 with a mask from 1 to 32.
export type TIpEntry = { ip: string; mask: number };

const OCTET = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

export function isIpv4(value: string): boolean {
  const parts = value.split('.');
  return parts.length === 4 && parts.every((p) => OCTET.test(p));
}

export function ipv4ToInt(value: string): number {
  return value.split('.').reduce((acc, p) => acc * 256 + Number(p), 0);
}

/** Returns the Portuguese error for one entry, or null when it is valid and not yet in the list. */
export function validateIpEntry(
  entry: { ip: string; mask: number | string | null },
  list: TIpEntry[],
): string | null {
  const ip = entry.ip.trim();
  if (ip === '') return MSG.ipEmpty;
  if (!isIpv4(ip)) return MSG.ipInvalid;
  const mask = Number(entry.mask);
  if (!Number.isInteger(mask) || mask < 1 || mask > 32) return MSG.ipMask;
  if (list.some((e) => e.ip === ip && e.mask === mask)) return MSG.ipDuplicate;
  return null;
}

/** Strips the IPv4-mapped IPv6 prefix that Node reports for IPv4 clients on dual-stack sockets. */
export function normalizeIp(remote: string): string {
  return remote.startsWith('::ffff:') ? remote.slice(7) : remote;
}

export function ipAllowed(remote: string, list: TIpEntry[]): boolean {
  const ip = normalizeIp(remote);
  if (ip === '::1') return list.some((e) => ipMatches('127.0.0.1', e));
  if (!isIpv4(ip)) return false;
  return list.some((e) => ipMatches(ip, e));
}

function ipMatches(ip: string, entry: TIpEntry): boolean {
  const size = 2 ** (32 - entry.mask);
  return Math.floor(ipv4ToInt(ip) / size) === Math.floor(ipv4ToInt(entry.ip) / size);
}
