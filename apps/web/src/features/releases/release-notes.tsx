import { useState } from 'react';
import { lazyComponent } from '../../lib/lazy-page';
import { useReleases } from './use-releases';

// Most sessions never show the panel: its dialog (modal, badges, accordion) loads only when it opens.
export const ReleaseNotesDialog = lazyComponent(
  () => import('./release-notes-dialog').then((m) => m.ReleaseNotesDialog),
  () => null,
);

/** "Novidades da versão X" (spec 3 §2): shown once per version to whoever last saw an older one. */
export function ReleaseNotes() {
  const releases = useReleases();
  const [dismissed, setDismissed] = useState(false);
  if (!releases.data?.unseen || dismissed) return null;
  return <ReleaseNotesDialog onClose={() => setDismissed(true)} />;
}
