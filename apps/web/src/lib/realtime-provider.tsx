import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { type RealtimeHandle, type RealtimeStatus, startRealtime } from './realtime';

type RealtimeContextValue = {
  status: RealtimeStatus;
  resetToken: () => Promise<void>;
  retry: () => void;
};

const RealtimeContext = createContext<RealtimeContextValue | null>(null);

/** Keeps one realtime connection open while a user is logged in (keyed by user at the call site). */
export function RealtimeProvider(props: {
  companyId: number;
  onSessionEnded: (reason: 'logout' | 'password_changed' | 'pause_limit') => void;
  children: ReactNode;
}) {
  const { companyId, onSessionEnded, children } = props;
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<RealtimeStatus>('connecting');
  const handle = useRef<RealtimeHandle | null>(null);
  const endedRef = useRef(onSessionEnded);
  endedRef.current = onSessionEnded;

  useEffect(() => {
    const realtime = startRealtime({
      companyId,
      queryClient,
      onStatus: setStatus,
      onSessionEnded: (reason) => endedRef.current(reason),
    });
    handle.current = realtime;
    return () => {
      realtime.stop();
      handle.current = null;
    };
  }, [companyId, queryClient]);

  const value = useMemo<RealtimeContextValue>(
    () => ({
      status,
      resetToken: async () => {
        await handle.current?.resetToken();
      },
      retry: () => handle.current?.retry(),
    }),
    [status],
  );

  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}

export function useRealtime(): RealtimeContextValue {
  const value = useContext(RealtimeContext);
  if (!value) throw new Error('useRealtime fora do RealtimeProvider');
  return value;
}
