import { Text } from '@mantine/core';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';

// Which parts of the editor hold unsaved changes (the text triggers, each other kind), so that leaving the
// channel — another channel, the menu, the browser's back or closing the tab — asks first.

type Registry = { set: (key: string, dirty: boolean) => void };
const UnsavedContext = createContext<Registry | null>(null);

/** A part of the editor says whether it has unsaved changes (cleared when it unmounts). */
export function useReportUnsaved(key: string, dirty: boolean) {
  const registry = useContext(UnsavedContext);
  useEffect(() => {
    registry?.set(key, dirty);
    return () => registry?.set(key, false);
  }, [registry, key, dirty]);
}

/** Wraps the editor: a confirmation before leaving while any part has unsaved changes. */
export function UnsavedGuard({ children }: { children: ReactNode }) {
  const [keys, setKeys] = useState<ReadonlySet<string>>(() => new Set());
  const set = useCallback(
    (key: string, dirty: boolean) =>
      setKeys((prev) => {
        if (prev.has(key) === dirty) return prev;
        const next = new Set(prev);
        if (dirty) next.add(key);
        else next.delete(key);
        return next;
      }),
    [],
  );
  const registry = useMemo(() => ({ set }), [set]);
  const dirty = keys.size > 0;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return (
    <UnsavedContext.Provider value={registry}>
      {children}
      <ConfirmDialog
        opened={blocker.state === 'blocked'}
        title="Alterações não salvas"
        confirmLabel="Descartar alterações"
        confirmColor="red"
        loading={false}
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      >
        <Text size="sm">Há gatilhos com alterações não salvas neste canal. Deseja sair e descartá-las?</Text>
      </ConfirmDialog>
    </UnsavedContext.Provider>
  );
}
