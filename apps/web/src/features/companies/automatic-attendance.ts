import { WEEKDAY_LABEL } from '@prosa/shared/company-automation';

type TDay = { open: boolean; start: string; end: string };

/** The business hours in one line: consecutive days with the same hours together, closed days named. */
export function hoursSummary(hours: readonly TDay[]): string {
  // Monday first, Sunday last, as people read a week.
  const order = [1, 2, 3, 4, 5, 6, 0];
  const label = (d: TDay) => (d.open ? `${d.start} às ${d.end}` : 'fechado');
  const groups: { from: number; to: number; size: number; text: string }[] = [];
  for (const i of order) {
    const day = hours[i];
    if (!day) continue;
    const text = label(day);
    const last = groups[groups.length - 1];
    if (last && last.text === text) {
      last.to = i;
      last.size++;
    } else groups.push({ from: i, to: i, size: 1, text });
  }
  const short = (i: number) => WEEKDAY_LABEL[i]?.replace('-feira', '') ?? '';
  return groups
    .map((g) => {
      const days =
        g.size === 1 ? short(g.from) : `${short(g.from)} ${g.size === 2 ? 'e' : 'a'} ${short(g.to)}`;
      return `${days}: ${g.text}`;
    })
    .join('; ');
}
