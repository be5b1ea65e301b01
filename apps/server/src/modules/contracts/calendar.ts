/** The calendar day 'YYYY-MM-DD' of an instant on the company's clock. */
export function calendarDate(instant: Date, timezone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

export const currentMonth = (timezone: string, now = new Date()) => calendarDate(now, timezone).slice(0, 7);
