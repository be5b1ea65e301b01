import { Alert, Badge, Button, Center, Group, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { ADMIN_MSG, permissionDependencyMessage } from '@prosa/shared/messages';
import {
  actionNames,
  actionOf,
  payloadFromMap,
  type TModule,
  type TPermissionMap,
  type TToggleResult,
  toggleGrant,
  toggleModule,
} from '@prosa/shared/permissions';
import {
  IconAlertCircle,
  IconAlertTriangle,
  IconArrowLeft,
  IconDeviceFloppy,
  IconLockOpen,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Navigate, useBlocker, useNavigate, useParams, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { useCurrentUser } from '../auth/session-context';
import { useProfiles } from '../profiles/api';
import { useUserDetail } from '../users/api';
import { accessState } from './access-state';
import { useClearPermissions, useModules, useSavePermissions, useTargetPermissions } from './api';
import { ModuleCard } from './module-card';
import type { TPermissionTarget } from './paths';

/** main.modules-permissions (target, targetId): the read/write matrix of a user or a profile (spec 3 §4). */
export function PermissionsPage() {
  const me = useCurrentUser();
  const params = useParams();
  const [search] = useSearchParams();
  const target = params.target === 'user' || params.target === 'profile' ? params.target : null;
  const targetId = Number(params.targetId);
  const companyId = Number(search.get('company')) || me.companyId;
  // Spec 3 §2: without a target the screen sends the user to the chat.
  if (!target || !Number.isInteger(targetId) || targetId <= 0) return <Navigate to="/chat" replace />;
  return (
    <Matrix key={`${companyId}-${target}-${targetId}`} companyId={companyId} target={target} id={targetId} />
  );
}

/** The target's name, and for a user the role and profile whose access applies without restrictions. */
function useTarget(companyId: number, target: TPermissionTarget, id: number) {
  const user = useUserDetail(companyId, target === 'user' ? id : null);
  const profiles = useProfiles(companyId, '', target === 'profile');
  if (target === 'user') {
    return {
      name: user.data?.name ?? null,
      role: user.data?.role_label ?? null,
      profile: user.data?.profile_name ?? null,
    };
  }
  return { name: profiles.data?.find((p) => p.id === id)?.name ?? null, role: null, profile: null };
}

function Matrix({ companyId, target, id }: { companyId: number; target: TPermissionTarget; id: number }) {
  const navigate = useNavigate();
  const modules = useModules();
  const stored = useTargetPermissions(companyId, target, id);
  const save = useSavePermissions(companyId, target, id);
  const clear = useClearPermissions(companyId, target, id);
  const { name, role, profile } = useTarget(companyId, target, id);
  const [map, setMap] = useState<TPermissionMap | null>(null);
  const [refused, setRefused] = useState<TToggleResult['refused']>(null);
  const [clearing, setClearing] = useState(false);

  // The stored grants become the editable state once loaded (and again after a save or a removal).
  useEffect(() => {
    if (stored.data) setMap(stored.data.permissions);
  }, [stored.data]);

  const label = target === 'user' ? 'usuário' : 'perfil';
  const title = `Permissões do ${label}${name ? ` ${name}` : ''}`;
  const apply = (result: TToggleResult) => {
    if (result.refused) setRefused(result.refused);
    else setMap(result.map);
  };
  const failed = modules.isError || stored.isError;
  const ready = modules.data && stored.data && map;
  const same = (a: TPermissionMap, b: TPermissionMap) =>
    JSON.stringify(payloadFromMap(a)) === JSON.stringify(payloadFromMap(b));
  const dirty = Boolean(stored.data && map && !same(map, stored.data.permissions));
  // Leaving with unsaved changes (Voltar, the menu, the browser's back) asks first; closing the tab too.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const state =
    stored.data && map
      ? accessState({ restricted: stored.data.restricted, dirty, map, target, role, profile })
      : null;
  // Back to where the user came from (users list or company edit); a direct link goes to the users list.
  const back = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/users');
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title={title}
        description="Leitura abre o módulo; escrita permite alterar. Sem nenhuma permissão salva, vale só a função."
        actions={
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={back}>
            Voltar
          </Button>
        }
      />
      {failed ? (
        <Alert color="red" icon={<IconAlertCircle />} title={ADMIN_MSG.modulesLoadError} />
      ) : !ready ? (
        <Center py="xl">
          <Loader aria-label="Carregando" />
        </Center>
      ) : (
        <>
          <Group justify="space-between" gap="sm">
            {state ? (
              <Badge color={state.color} variant="light" size="lg" tt="none">
                {state.badge}
              </Badge>
            ) : null}
            <Group gap="sm">
              {dirty ? (
                <Text size="sm" c="orange.8" fw={500}>
                  Alterações não salvas
                </Text>
              ) : null}
              {stored.data?.restricted ? (
                <Button
                  variant="default"
                  leftSection={<IconLockOpen size={16} />}
                  onClick={() => setClearing(true)}
                  disabled={save.isPending}
                >
                  Remover restrições
                </Button>
              ) : null}
              <Button
                leftSection={<IconDeviceFloppy size={16} />}
                loading={save.isPending}
                disabled={!dirty}
                onClick={() => save.mutate(payloadFromMap(map))}
              >
                Salvar
              </Button>
            </Group>
          </Group>
          {state ? (
            <Text size="sm" c="dimmed" data-testid="access-help">
              {state.help}
            </Text>
          ) : null}
          {state?.warning ? (
            <Alert color="orange" icon={<IconAlertTriangle />} title={state.warning} />
          ) : null}
          <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
            {(modules.data.modules as TModule[]).map((m) => (
              <ModuleCard
                key={m.id}
                module={m}
                map={map}
                disabled={save.isPending || clear.isPending}
                onToggle={(actionId, level, enabled) => apply(toggleGrant(map, actionId, level, enabled))}
                onToggleAll={(level, enabled) => apply(toggleModule(map, m, level, enabled))}
              />
            ))}
          </SimpleGrid>
        </>
      )}
      <Modal opened={refused !== null} onClose={() => setRefused(null)} title="Dependências" centered>
        <Stack gap="md">
          <Text size="sm">
            {refused
              ? permissionDependencyMessage(
                  actionOf(refused.actionId)?.name ?? refused.actionId,
                  actionNames(refused.missing),
                )
              : null}
          </Text>
          <Group justify="flex-end">
            <Button onClick={() => setRefused(null)}>Entendi</Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={clearing}
        title="Remover restrições"
        confirmLabel="Remover"
        loading={clear.isPending}
        onClose={() => setClearing(false)}
        onConfirm={() => clear.mutate(undefined, { onSettled: () => setClearing(false) })}
      >
        <Text size="sm">
          As permissões salvas deste {label} são apagadas e o acesso volta a seguir apenas a função.
        </Text>
      </ConfirmDialog>
      <ConfirmDialog
        opened={blocker.state === 'blocked'}
        title="Descartar alterações?"
        confirmLabel="Descartar"
        confirmColor="red"
        loading={false}
        onClose={() => blocker.reset?.()}
        onConfirm={() => blocker.proceed?.()}
      >
        <Text size="sm">As alterações nas permissões ainda não foram salvas e serão perdidas.</Text>
      </ConfirmDialog>
    </Stack>
  );
}
