/** Elapsed-time label with the units of spec 1 §9: s, m, h, d (the largest whole unit). */
export function elapsedLabel(fromMs: number, nowMs: number = Date.now()): string {
  const seconds = Math.max(0, Math.floor((nowMs - fromMs) / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h`;
  return `${Math.floor(hours / 24)}d`;
}

/** Durations in history and reports: "1d 2h", "3h 5m", "4m 10s", "12s". */
export function durationLabel(totalSeconds: number | null | undefined): string {
  if (totalSeconds === null || totalSeconds === undefined || totalSeconds < 0) return '—';
  const s = Math.floor(totalSeconds);
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${m}m`;
  if (m > 0) return `${m}m ${sec}s`;
  return `${sec}s`;
}

/**
 * The same elapsed time with the seconds shown (settings "Controle de segundos"): every unit from the largest
 * down to the seconds, "45s", "5m 12s", "2h 3m 4s", "1d 2h 3m 4s".
 */
export function elapsedLabelWithSeconds(fromMs: number, nowMs: number = Date.now()): string {
  const total = Math.max(0, Math.floor((nowMs - fromMs) / 1000));
  const parts: [number, string][] = [
    [Math.floor(total / 86400), 'd'],
    [Math.floor((total % 86400) / 3600), 'h'],
    [Math.floor((total % 3600) / 60), 'm'],
    [total % 60, 's'],
  ];
  const first = parts.findIndex(([n]) => n > 0);
  if (first === -1) return '0s';
  return parts
    .slice(first)
    .map(([n, unit]) => `${n}${unit}`)
    .join(' ');
}
