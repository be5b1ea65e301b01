import dayjs from 'dayjs';
import '@prosa/shared/dates';

const pad = (n: number) => String(n).padStart(2, '0');

/** A duration as a running clock, HH:MM:SS (hours go past 24 instead of turning into days). */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}`;
}

/** Time in pause since `startedAt` (ISO), at `now` (ms). */
export function pauseElapsed(startedAt: string | null, now: number): string {
  if (!startedAt) return formatClock(0);
  return formatClock(now - Date.parse(startedAt));
}

/** "A pausa termina às HH:mm", in the user's timezone. */
export function pauseEndsLabel(limitAt: string, tz: string): string {
  return `A pausa termina às ${dayjs(limitAt).tz(tz).format('HH:mm')}`;
}

/** What is left before the limit logs the user out, or null without a limit. */
export function pauseRemaining(limitAt: string | null, now: number): string | null {
  if (!limitAt) return null;
  return formatClock(Date.parse(limitAt) - now);
}
