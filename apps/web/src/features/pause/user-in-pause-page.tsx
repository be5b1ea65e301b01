import {
  Alert,
  Button,
  Divider,
  Group,
  PasswordInput,
  Select,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { PAUSE_MSG, type TPauseState } from '@prosa/shared/pause';
import { IconAlertCircle, IconLogout, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { AuthLayout } from '../../components/auth-layout';
import { FullPageLoader } from '../../components/full-page-loader';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useNow } from '../../lib/use-now';
import { authApi } from '../auth/api';
import { useCurrentUser } from '../auth/session-context';
import { useEndSession } from '../auth/use-end-session';
import { usePauseAction, usePauseReasons, usePauseState } from './api';
import { pauseElapsed, pauseEndsLabel, pauseRemaining } from './pause-timer';

type TLeaveBody = { password?: string; reason_id?: number };

/** The block page of a paused user (spec 1 main.user-in-pause): timer, limit, password and reason to leave. */
export function UserInPausePage() {
  const state = usePauseState();
  if (!state.data) return <FullPageLoader />;
  return (
    <AuthLayout>
      <PauseCard state={state.data} />
    </AuthLayout>
  );
}

function PauseCard({ state }: { state: TPauseState }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const endSession = useEndSession();
  const now = useNow();
  const leave = usePauseAction<TLeaveBody>('/api/pause/leave');
  const changeReason = usePauseAction<{ reason_id: number }>('/api/pause/reason');
  const logout = useMutation({ mutationFn: authApi.logout, onSettled: endSession });
  const reasons = usePauseReasons({ page: 1, count: 16, search: '' }, state.needs_reason);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ password?: string; reason?: string; form?: string }>({});
  const reasonId = state.reason?.id ?? null;
  const remaining = pauseRemaining(state.limit_at, now);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (state.needs_password && !password) found.password = PAUSE_MSG.passwordRequired;
    if (state.needs_reason && reasonId === null) found.reason = PAUSE_MSG.reasonRequired;
    setErrors(found);
    if (found.password || found.reason) return;
    const body: TLeaveBody = {};
    if (state.needs_password) body.password = password;
    if (reasonId !== null) body.reason_id = reasonId;
    leave.mutate(body, {
      onSuccess: (result) => {
        toast.success(result.message || PAUSE_MSG.resumed);
        navigate('/chat', { replace: true });
      },
      onError: (error) => {
        const message = errorMessage(error, PAUSE_MSG.notPaused);
        if (message === PAUSE_MSG.passwordWrong || message === PAUSE_MSG.passwordRequired)
          setErrors({ password: message });
        else if (message === PAUSE_MSG.reasonRequired) setErrors({ reason: message });
        else setErrors({ form: errorMessage(error) ?? 'Não foi possível sair da pausa. Tente novamente.' });
      },
    });
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="lg">
        <Stack gap="xs" align="center">
          <ThemeIcon size={56} radius="xl" color="yellow" variant="light" aria-hidden>
            <IconPlayerPause size={30} />
          </ThemeIcon>
          <Title order={1} fz={24} ta="center">
            Você está em pausa
          </Title>
          <Text size="sm" c="dimmed" ta="center">
            {state.reason ? `Motivo: ${state.reason.title}` : 'Pausa sem motivo informado'}
          </Text>
        </Stack>
        <Stack gap={4} align="center">
          <Text
            role="timer"
            aria-label="Tempo em pausa"
            fz={44}
            fw={700}
            lh={1}
            style={{ fontVariantNumeric: 'tabular-nums' }}
          >
            {pauseElapsed(state.started_at, now)}
          </Text>
          <Text size="xs" c="dimmed">
            Tempo em pausa
          </Text>
        </Stack>
        {state.limit_at ? (
          <Alert color="yellow" variant="light" icon={<IconAlertCircle size={20} />}>
            <Text size="sm" fw={600}>
              {pauseEndsLabel(state.limit_at, user.timezone)}
            </Text>
            <Text size="sm">
              {`Restam ${remaining ?? '00:00:00'}. Depois disso, sua sessão é encerrada.`}
            </Text>
          </Alert>
        ) : null}
        {errors.form ? (
          <Alert color="red" variant="light" role="alert">
            {errors.form}
          </Alert>
        ) : null}
        {state.needs_reason ? (
          <Select<number>
            label="Motivo da pausa"
            placeholder="Selecione o motivo"
            withAsterisk
            data={(reasons.data?.items ?? []).map((r) => ({ value: r.id, label: r.title }))}
            value={reasonId}
            onChange={(v) => {
              if (v === null) return;
              setErrors({});
              changeReason.mutate({ reason_id: v }, { onError: (e) => toast.apiError(e) });
            }}
            allowDeselect={false}
            disabled={changeReason.isPending}
            error={errors.reason}
          />
        ) : null}
        {state.needs_password ? (
          <PasswordInput
            label="Sua senha"
            description="Informe sua senha para voltar a atender."
            withAsterisk
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password}
            data-autofocus
          />
        ) : null}
        <Button type="submit" size="md" leftSection={<IconPlayerPlay size={18} />} loading={leave.isPending}>
          Sair da pausa
        </Button>
        <Divider />
        <Group justify="space-between" gap="sm">
          <Text size="xs" c="dimmed">
            {user.displayName} · {user.companyName}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            color="gray"
            leftSection={<IconLogout size={16} />}
            onClick={() => logout.mutate()}
            loading={logout.isPending}
          >
            Sair
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
