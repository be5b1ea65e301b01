import { Stack } from '@mantine/core';
import { TabError, TabSkeleton } from '../company-metadata/tab-state';
import { useControlPause, usePauseReasons } from './api';
import { ControlPauseCard } from './control-pause-card';
import { PauseReasonsCard } from './pause-reasons-card';

const LOAD_ERROR = 'Erro ao carregar configurações';

/** Settings tab "Pausa" (spec 2 §2 tab 1, the default tab): pause control and the reasons table. */
export function PauseSettingsTab() {
  const control = useControlPause();
  // All reasons, unfiltered: "Exigir motivo" needs at least one registered.
  const anyReason = usePauseReasons({ page: 1, count: 4, search: '' });
  if (control.isError) return <TabError error={control.error} title={LOAD_ERROR} />;
  return (
    <Stack gap="lg">
      {control.data ? (
        <ControlPauseCard control={control.data} reasonCount={anyReason.data?.total} />
      ) : (
        <TabSkeleton heights={[340]} />
      )}
      <PauseReasonsCard />
    </Stack>
  );
}
