import { Alert, Button, Center, Stack } from '@mantine/core';
import { canOpenPath } from '@prosa/shared/menu';
import { MSG } from '@prosa/shared/messages';
import { PAUSE_MSG } from '@prosa/shared/pause-texts';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { setUnauthenticatedHandler } from '../../lib/api';
import { RealtimeProvider } from '../../lib/realtime-provider';
import { toast } from '../../lib/toast';
import { useSessionQuery } from './api';
import { setLoginNotice } from './login-notice';
import { SessionProvider, useCurrentUser } from './session-context';
import { useEndSession } from './use-end-session';

const PASSWORD_CHANGED_ELSEWHERE = 'Sua senha foi alterada. Entre novamente com a nova senha.';

/** The logged-in area: without a session the user goes to /login. */
export function RequireSession() {
  const session = useSessionQuery();
  const endSession = useEndSession();

  useEffect(() => {
    setUnauthenticatedHandler(() => {
      toast.warning(MSG.unauthenticated, { id: 'session-expired' });
      endSession();
    });
    return () => setUnauthenticatedHandler(null);
  }, [endSession]);

  if (session.isPending) return <FullPageLoader />;
  if (session.isError) return <ConnectionProblem onRetry={() => session.refetch()} />;
  const user = session.data;
  if (!user) return <Navigate to="/login" replace />;

  return (
    <SessionProvider user={user}>
      <RealtimeProvider
        key={user.id}
        companyId={user.companyId}
        onSessionEnded={(reason) => {
          if (reason === 'password_changed')
            toast.warning(PASSWORD_CHANGED_ELSEWHERE, { id: 'session-ended' });
          if (reason === 'pause_limit') {
            toast.warning(PAUSE_MSG.limitLogout, { id: 'session-ended' });
            setLoginNotice(PAUSE_MSG.limitLogout);
          }
          endSession();
        }}
      >
        <RoleGate>
          <Outlet />
        </RoleGate>
      </RealtimeProvider>
    </SessionProvider>
  );
}

/** A screen above the user's role sends them to the chat with a permission warning (6 s). */
function RoleGate({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const allowed = canOpenPath(user.role, pathname, user.permissions, {
    billing: user.billingAccess === true,
    crm: user.crm?.view === true,
  });
  useEffect(() => {
    if (!allowed) toast.warning(MSG.forbidden, { permission: true, id: 'forbidden-route' });
  }, [allowed]);
  if (!allowed) return <Navigate to="/chat" replace />;
  return children;
}

/** Screens for visitors only (login): a logged-in user goes straight to the chat. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const session = useSessionQuery();
  if (session.isPending) return <FullPageLoader />;
  if (session.data) return <Navigate to="/chat" replace />;
  return children;
}

function ConnectionProblem({ onRetry }: { onRetry: () => void }) {
  return (
    <Center h="100dvh" p="md">
      <Stack maw={420} gap="md">
        <Alert color="red" icon={<IconAlertCircle />} title="Não foi possível conectar ao Prosa">
          {MSG.genericError}
        </Alert>
        <Button onClick={onRetry}>Tentar novamente</Button>
      </Stack>
    </Center>
  );
}
