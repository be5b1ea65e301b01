// Issue 20: placeholder (the answering modal of a published survey), filled in by the surveys work.
export function PendingSurveyModal() {
  return null;
}
