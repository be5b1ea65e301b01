/** The list with the item at `index` moved one place up (-1) or down (+1); unchanged at the ends. */
export function moveItem<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const to = index + delta;
  const item = list[index];
  if (item === undefined || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  next.splice(index, 1);
  next.splice(to, 0, item);
  return next;
}
