import { Alert, Badge, Group, Modal, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { formatCpf } from '@prosa/shared/documents';
import { can } from '@prosa/shared/permissions';
import type { TPersonDetail } from '@prosa/shared/person';
import { PERSON_MSG, type TPersonInput } from '@prosa/shared/person';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ApiError, errorMessage } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';
import { useCurrentUser } from '../auth/session-context';
import {
  CpfUsedError,
  mergePersons,
  personKeys,
  savePerson,
  type TPersonSource,
  usePersonDetail,
} from './api';
import { formatWhen } from './person-changes';
import { withoutCpf } from './person-form';
import { PersonFormFields } from './person-form-fields';
import { PersonChanges, PersonChannels } from './person-tabs';
import { StartWhatsapp } from './start-whatsapp';

// The spec's success texts (spec 1 §8).
export const PERSON_TOAST = { saved: PERSON_MSG.saved, merged: PERSON_MSG.merged } as const;

export type TPersonModalTarget = TPersonSource | 'new' | null;

type Props = {
  target: TPersonModalTarget;
  onClose: () => void;
  /** After a merge the kept record is shown: the list opens it by id (an attendance's person follows alone). */
  onShowPerson?: (personId: number) => void;
};

type Conflict = { personId: number; cpf: string; input: TPersonInput };

/**
 * The contact (person) modal of the contacts list and of the chat (spec 1 §2 "contact (person) data", spec 3
 * §2 edit/view modal): tabs Dados, Canais and Alterações; a CPF held by another record offers the merge.
 */
export function PersonModal({ target, onClose, onShowPerson }: Props) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const source = target === 'new' ? null : target;
  const detail = usePersonDetail(source);
  const [tab, setTab] = useState<string | null>('data');
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [merging, setMerging] = useState(false);
  const canWrite = can(user.permissions, 'contatos', 'write');
  const record: TPersonDetail | null = target === 'new' ? null : (detail.data ?? null);

  const close = () => {
    if (saving || merging) return;
    setConflict(null);
    setTab('data');
    onClose();
  };

  const refreshAfterWrite = async () => {
    await queryClient.invalidateQueries({ queryKey: personKeys.all });
    // The attendance's card shows the contact's name: let the chat ask again.
    if (source && 'attendanceId' in source) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.attendance(source.attendanceId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.attendanceLists });
    }
  };

  const save = async (input: TPersonInput) => {
    setSaving(true);
    try {
      await savePerson(record?.id ?? null, input);
      toast.success(PERSON_TOAST.saved);
      await refreshAfterWrite();
      setTab('data');
      onClose();
    } catch (err) {
      if (err instanceof CpfUsedError) {
        // Spec 3 §8: "CPF já utilizado" is a warning, and the merge is offered.
        toast.warning(err.message || PERSON_MSG.cpfUsed);
        setConflict({ personId: err.personId, cpf: input.cpf ?? '', input });
      } else {
        toast.apiError(err, PERSON_MSG.saveError);
      }
    } finally {
      setSaving(false);
    }
  };

  // The record being edited (X) goes into the one that holds the CPF (Y): X's other edits are saved first (a
  // new record is created without the CPF), then Y keeps the CPF and receives X's channels, e-mails and phones.
  const merge = async () => {
    if (!conflict) return;
    setMerging(true);
    try {
      const from = await savePerson(record?.id ?? null, withoutCpf(conflict.input, record?.cpf ?? null));
      await mergePersons(conflict.personId, from.id);
      toast.success(PERSON_TOAST.merged);
      setConflict(null);
      await refreshAfterWrite();
      setTab('data');
      if (source && 'attendanceId' in source) void detail.refetch();
      else onShowPerson?.(conflict.personId);
    } catch (err) {
      toast.apiError(err, PERSON_MSG.mergeError);
    } finally {
      setMerging(false);
    }
  };

  let body: ReactNode;
  if (target === 'new') {
    body = (
      <PersonFormFields
        key="new"
        record={null}
        canWrite={canWrite}
        saving={saving}
        onSubmit={save}
        onCancel={close}
      />
    );
  } else if (detail.isPending) {
    body = (
      <Stack gap="md" aria-label="Carregando contato">
        <Skeleton h={34} w="40%" />
        <Skeleton h={36} />
        <Skeleton h={36} />
        <Skeleton h={120} />
      </Stack>
    );
  } else if (detail.isError) {
    const off = detail.error instanceof ApiError && detail.error.status === 403;
    body = (
      <Alert
        color={off ? 'yellow' : 'red'}
        variant="light"
        icon={off ? <IconInfoCircle /> : <IconAlertCircle />}
        title={off ? 'Recurso indisponível' : PERSON_MSG.loadError}
      >
        {errorMessage(detail.error, 'Tente novamente em instantes.')}
      </Alert>
    );
  } else if (record) {
    body = (
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="data">Dados</Tabs.Tab>
          <Tabs.Tab value="channels">
            <Group gap={6} wrap="nowrap">
              Canais
              <Badge size="sm" variant="light" circle>
                {record.channels.length}
              </Badge>
            </Group>
          </Tabs.Tab>
          <Tabs.Tab value="changes">Alterações</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="data">
          <Group justify="space-between" align="center" mb="sm" gap="xs">
            <Text size="xs" c="dimmed">
              {`Cadastrado em ${formatWhen(record.created_at, user.timezone)} · atualizado em ${formatWhen(record.updated_at, user.timezone)}`}
            </Text>
            <StartWhatsapp person={record} />
          </Group>
          <PersonFormFields
            key={`${record.id}-${record.updated_at}`}
            record={record}
            canWrite={canWrite}
            saving={saving}
            onSubmit={save}
            onCancel={close}
          />
        </Tabs.Panel>
        <Tabs.Panel value="channels">
          <PersonChannels channels={record.channels} />
        </Tabs.Panel>
        <Tabs.Panel value="changes">
          <PersonChanges
            personId={record.id}
            active={tab === 'changes'}
            tz={user.timezone}
            masks={record.masked}
          />
        </Tabs.Panel>
      </Tabs>
    );
  }

  return (
    <>
      <Modal
        opened={target !== null}
        onClose={close}
        title={target === 'new' ? 'Novo contato' : 'Dados do contato'}
        size="56rem"
        // Held at the top: switching tabs changes the height without moving the tabs under the pointer.
        yOffset="6dvh"
        closeOnClickOutside={false}
        closeOnEscape={conflict === null}
      >
        {body}
      </Modal>
      <ConfirmDialog
        opened={conflict !== null}
        title="Mesclar com o contato existente"
        confirmLabel="Mesclar"
        loading={merging}
        onClose={() => setConflict(null)}
        onConfirm={merge}
      >
        <Stack gap="xs">
          <Text size="sm">
            {`O CPF ${conflict ? formatCpf(conflict.cpf) : ''} já pertence a outro contato (${PERSON_MSG.cpfUsed}).`}
          </Text>
          <Text size="sm">
            Ao mesclar, o contato existente fica com o CPF e recebe os e-mails, telefones, canais e o
            histórico de atendimentos deste contato.
          </Text>
        </Stack>
      </ConfirmDialog>
    </>
  );
}
