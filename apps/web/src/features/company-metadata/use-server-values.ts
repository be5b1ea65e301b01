import type { UseFormReturnType } from '@mantine/form';
import { useEffect } from 'react';

/**
 * New server values (this manager's save, or another manager's through the realtime refetch) replace the
 * form's, unless the form holds unsaved edits.
 */
export function useServerValues<T extends Record<string, unknown>>(form: UseFormReturnType<T>, server: T) {
  const key = JSON.stringify(server);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new server value resets the form
  useEffect(() => {
    if (form.isDirty()) return;
    form.setInitialValues(server);
    form.setValues(server);
  }, [key]);
}

/** After a save the saved values are the new baseline: "Salvar" goes grey until the next edit. */
export function markSaved<T extends Record<string, unknown>>(form: UseFormReturnType<T>, values: T) {
  form.setInitialValues(values);
  form.resetDirty(values);
}
