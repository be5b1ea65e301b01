import {
  Alert,
  Button,
  Card,
  EmptyState,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { PROFILE_MSG, type TProfile, ZProfileInput } from '@prosa/shared/users-admin';
import { IconAlertCircle, IconLock, IconPlus, IconSearch, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DeleteDialog } from '../../components/confirm-dialog';
import { FormActions } from '../../components/form-actions';
import { DeleteAction, EditAction, RowAction, RowActions } from '../../components/row-actions';
import { TargetModal } from '../../components/target-modal';
import { errorMessage } from '../../lib/api';
import { zodValidate } from '../../lib/zod-form';
import { useCurrentUser } from '../auth/session-context';
import { permissionsPath } from '../permissions/paths';
import { useDeleteProfile, useProfiles, useSaveProfile } from './api';

/** Profiles of one company (spec 2 §3): users of a profile share its module permissions. */
export function ProfilesPanel({ companyId }: { companyId: number }) {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const profiles = useProfiles(companyId, debounced);
  const remove = useDeleteProfile(companyId);
  const [editing, setEditing] = useState<TProfile | 'new' | null>(null);
  const [removing, setRemoving] = useState<TProfile | null>(null);
  const list = profiles.data ?? [];

  return (
    <Stack gap="md">
      <Card padding={0}>
        <Group p="md" justify="space-between" gap="sm">
          <TextInput
            aria-label="Buscar perfil"
            placeholder="Buscar por nome"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={{ base: '100%', sm: 300 }}
          />
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Novo perfil
          </Button>
        </Group>
        {profiles.isError ? (
          <Alert m="md" color="red" icon={<IconAlertCircle />} title={PROFILE_MSG.loadError}>
            {errorMessage(profiles.error, 'Tente novamente em instantes.')}
          </Alert>
        ) : (
          <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="Perfis">
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <Table.Th>Nome</Table.Th>
                <Table.Th w={140}>Usuários</Table.Th>
                <Table.Th w={140}>
                  <VisuallyHidden>Ações</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {profiles.isPending
                ? Array.from({ length: 3 }, (_, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                    <Table.Tr key={i} aria-hidden>
                      <Table.Td colSpan={3}>
                        <Skeleton h={14} w="50%" />
                      </Table.Td>
                    </Table.Tr>
                  ))
                : null}
              {list.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td fw={500}>{p.name}</Table.Td>
                  <Table.Td>{p.users}</Table.Td>
                  <Table.Td>
                    <RowActions>
                      <RowAction
                        label="Permissões"
                        ariaLabel={`Permissões do perfil ${p.name}`}
                        icon={IconLock}
                        onClick={() => navigate(permissionsPath('profile', p.id, companyId, me.companyId))}
                      />
                      <EditAction name={`perfil ${p.name}`} onClick={() => setEditing(p)} />
                      <DeleteAction name={`perfil ${p.name}`} onClick={() => setRemoving(p)} />
                    </RowActions>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {!profiles.isPending && !profiles.isError && list.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconUsersGroup size={28} />}
            title="Nenhum perfil encontrado."
            description={
              debounced
                ? 'Tente buscar por outro nome.'
                : 'Crie perfis para dar as mesmas permissões a vários usuários.'
            }
          />
        ) : null}
      </Card>
      <ProfileModal companyId={companyId} target={editing} onClose={() => setEditing(null)} />
      <DeleteDialog
        target={removing}
        title="Excluir perfil"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={(target) => remove.mutate(target.id, { onSettled: () => setRemoving(null) })}
      >
        <Text size="sm">
          Deseja excluir o perfil <strong>{removing?.name}</strong>? Os usuários dele ficam sem perfil e as
          permissões do perfil são removidas.
        </Text>
      </DeleteDialog>
    </Stack>
  );
}

function ProfileModal(props: { companyId: number; target: TProfile | 'new' | null; onClose: () => void }) {
  return (
    <TargetModal
      target={props.target}
      onClose={props.onClose}
      title={(editing) => (editing ? `Editar perfil — ${editing.name}` : 'Novo perfil')}
      centered
    >
      {(editing) => <ProfileForm companyId={props.companyId} profile={editing} onDone={props.onClose} />}
    </TargetModal>
  );
}

function ProfileForm(props: { companyId: number; profile: TProfile | null; onDone: () => void }) {
  const save = useSaveProfile(props.companyId);
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: props.profile?.name ?? '' },
    validate: zodValidate(ZProfileInput),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) =>
        save.mutate({ id: props.profile?.id ?? null, name: v.name.trim() }, { onSuccess: props.onDone }),
      )}
    >
      <Stack gap="md">
        <TextInput label="Nome" withAsterisk maxLength={80} data-autofocus {...form.getInputProps('name')} />
        <FormActions saving={save.isPending} onCancel={props.onDone} />
      </Stack>
    </form>
  );
}
