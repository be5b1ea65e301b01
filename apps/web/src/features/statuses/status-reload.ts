import { STATUS_RELOAD_DELAY_MS } from '@prosa/shared/org-admin-texts';

/**
 * Spec 2 §4: saving or deleting a classification status (should_close 0) reloads the page after 3 s, so
 * every open screen picks the new classification list up. Returns whether a reload was scheduled.
 */
export function reloadAfterClassification(
  shouldClose: number,
  reload: () => void = () => window.location.reload(),
  delay = STATUS_RELOAD_DELAY_MS,
): boolean {
  if (shouldClose !== 0) return false;
  setTimeout(reload, delay);
  return true;
}
