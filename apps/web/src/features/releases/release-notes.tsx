// Issue 20: placeholder (the "Novidades" panel shown once per version), filled in by the release-notes work.
export function ReleaseNotes() {
  return null;
}
