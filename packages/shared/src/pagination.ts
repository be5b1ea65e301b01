export const CARDS_PER_PAGE = 100;

export type TPageItem = number | 'gap';

/** Page buttons of the chat list (spec 1 §2): first 3, last 3 and 2 around the current page, gaps between. */
export function pageWindow(current: number, totalPages: number): TPageItem[] {
  if (totalPages <= 0) return [];
  const pages = new Set<number>();
  for (let p = 1; p <= Math.min(3, totalPages); p++) pages.add(p);
  for (let p = Math.max(1, totalPages - 2); p <= totalPages; p++) pages.add(p);
  for (let p = Math.max(1, current - 2); p <= Math.min(totalPages, current + 2); p++) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: TPageItem[] = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev > 1) out.push('gap');
    out.push(p);
  });
  return out;
}

export function totalPages(total: number, perPage: number = CARDS_PER_PAGE): number {
  return Math.max(1, Math.ceil(total / perPage));
}
