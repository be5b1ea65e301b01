import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Menu,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { HSM_HEADER_LABEL, HSM_MSG, type THsm } from '@prosa/shared/hsm';
import {
  IconAlertCircle,
  IconPencil,
  IconPlus,
  IconRefresh,
  IconTemplate,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api';
import { ActivePermissionsCard } from './active-permissions-card';
import { useDeleteHsm, useHsmFormOptions, useHsmTemplates, useSaveHsm, useSyncHsm } from './api';
import { HsmFormModal } from './hsm-form-modal';

const STATUS_COLOR: Record<string, string> = { APPROVED: 'teal', PENDING: 'yellow', REJECTED: 'red' };
const STATUS_LABEL: Record<string, string> = {
  APPROVED: 'Aprovado',
  PENDING: 'Pendente',
  REJECTED: 'Rejeitado',
};

export function HsmPage() {
  const templates = useHsmTemplates();
  const options = useHsmFormOptions();
  const save = useSaveHsm();
  const remove = useDeleteHsm();
  const sync = useSyncHsm();
  const [editing, setEditing] = useState<THsm | 'new' | null>(null);
  const [removing, setRemoving] = useState<THsm | null>(null);
  const [syncLocked, setSyncLocked] = useState(false);
  const list = templates.data ?? [];
  const channels = options.data?.channels ?? [];

  const runSync = (channelId: number) => {
    // The sync button stays disabled for 4 s after a click (spec 1 §9).
    setSyncLocked(true);
    setTimeout(() => setSyncLocked(false), 4000);
    sync.mutate(channelId);
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Modelos HSM"
        description="Modelos de mensagem aprovados pela Meta para iniciar conversas no WhatsApp Enterprise."
        actions={
          <Group gap="xs">
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button
                  variant="default"
                  leftSection={<IconRefresh size={16} />}
                  loading={sync.isPending}
                  disabled={syncLocked || channels.length === 0}
                >
                  Sincronizar com a Meta
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>Canal (WABA)</Menu.Label>
                {channels.map((c) => (
                  <Menu.Item key={c.id} onClick={() => runSync(c.id)}>
                    {c.name}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              Novo modelo
            </Button>
          </Group>
        }
      />
      <Card padding={0}>
        {templates.isError ? (
          <Alert m="md" color="red" icon={<IconAlertCircle />} title={HSM_MSG.loadError}>
            {errorMessage(templates.error, 'Tente novamente em instantes.')}
          </Alert>
        ) : (
          <Table.ScrollContainer minWidth={760} type="native">
            <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="Modelos HSM">
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>Nome</Table.Th>
                  <Table.Th>Elemento</Table.Th>
                  <Table.Th>Idioma</Table.Th>
                  <Table.Th>Categoria</Table.Th>
                  <Table.Th>Cabeçalho</Table.Th>
                  <Table.Th>Situação na Meta</Table.Th>
                  <Table.Th w={100}>
                    <VisuallyHidden>Ações</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {templates.isPending
                  ? [1, 2, 3].map((i) => (
                      <Table.Tr key={i}>
                        <Table.Td colSpan={7}>
                          <Skeleton h={18} />
                        </Table.Td>
                      </Table.Tr>
                    ))
                  : null}
                {list.map((t) => (
                  <Table.Tr key={t.id}>
                    <Table.Td>
                      <Text fw={500} size="sm">
                        {t.name}
                      </Text>
                      <Text size="xs" c="dimmed" lineClamp={1} maw={360}>
                        {t.template}
                      </Text>
                    </Table.Td>
                    <Table.Td>{t.element_name}</Table.Td>
                    <Table.Td>{t.language}</Table.Td>
                    <Table.Td>{t.category}</Table.Td>
                    <Table.Td>{t.header_type ? HSM_HEADER_LABEL[t.header_type] : '—'}</Table.Td>
                    <Table.Td>
                      {t.external_status ? (
                        <Badge variant="light" color={STATUS_COLOR[t.external_status] ?? 'gray'}>
                          {STATUS_LABEL[t.external_status] ?? t.external_status}
                        </Badge>
                      ) : (
                        <Text size="sm" c="dimmed">
                          Local
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label="Editar" withArrow>
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Editar ${t.name}`}
                            onClick={() => setEditing(t)}
                          >
                            <IconPencil size={18} />
                          </ActionIcon>
                        </Tooltip>
                        {t.editable ? (
                          <Tooltip label="Excluir" withArrow>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={`Excluir ${t.name}`}
                              onClick={() => setRemoving(t)}
                            >
                              <IconTrash size={18} />
                            </ActionIcon>
                          </Tooltip>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {!templates.isPending && !templates.isError && list.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconTemplate size={28} />}
            title="Nenhum modelo encontrado."
            description="Crie um modelo ou sincronize com a lista da Meta."
          />
        ) : null}
      </Card>
      <ActivePermissionsCard />
      <HsmFormModal
        target={editing}
        companies={options.data?.companies ?? []}
        saving={save.isPending}
        onSave={(id, body) => save.mutate({ id, body }, { onSuccess: () => setEditing(null) })}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        opened={removing !== null}
        title="Excluir modelo"
        confirmLabel="Excluir"
        confirmColor="red"
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
        onClose={() => setRemoving(null)}
      >
        {removing ? `Deseja excluir o modelo "${removing.name}"?` : ''}
      </ConfirmDialog>
    </Stack>
  );
}
