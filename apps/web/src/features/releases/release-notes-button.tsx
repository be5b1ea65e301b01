// Issue 20: placeholder (the header's "Novidades" button that reopens the release notes), filled in by the release-notes work.
export function ReleaseNotesButton() {
  return null;
}
