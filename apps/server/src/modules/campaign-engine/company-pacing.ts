// The company's cap on campaign sends per minute of each channel (settings tab 3 "Campanhas", issue 24): the
// engine never goes faster than the channel's own rate nor than the company's cap.

/** Sends a second of a WhatsApp Cloud or SMS channel: its rate, lowered to the company's per-minute cap. */
export function cappedRate(perSecond: number, perMinute: number | null): number {
  if (perMinute === null || !(perMinute > 0)) return perSecond;
  return Math.min(perSecond, perMinute / 60);
}

/** Milliseconds between two messages of a WhatsApp-by-QR number: its pacing, widened to the company's cap. */
export function cappedSpacing(spacingMs: number, perMinute: number | null): number {
  if (perMinute === null || !(perMinute > 0)) return spacingMs;
  return Math.max(spacingMs, 60_000 / perMinute);
}
