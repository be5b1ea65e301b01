import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import {
  CONTACT_FIELD_MSG,
  CONTACT_FIELD_TYPE_LABEL,
  MASK_PRESETS,
  NUMERIC_MASK,
  type TContactField,
} from '@prosa/shared/contact-fields';
import { can } from '@prosa/shared/permissions';
import { IconAlertCircle, IconForms, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DeleteAction, EditAction, RowActions } from '../../components/row-actions';
import { errorMessage } from '../../lib/api';
import { CardTitle } from '../account/card-title';
import { useCurrentUser } from '../auth/session-context';
import { useSectors } from '../sectors/api';
import { useContactFieldDefinitions, useDeleteContactField, useSaveContactField } from './api';
import { ContactFieldModal } from './contact-field-modal';

function maskLabel(mask: string | null) {
  if (!mask) return '—';
  if (mask === NUMERIC_MASK) return 'Numérico';
  return MASK_PRESETS.find((p) => p.value === mask)?.label ?? mask;
}

/**
 * Settings tab "Metadados do contato" (spec 3 §3, §5 Custom contact fields): the company's custom contact
 * fields, shown in the chat's info modal; create, edit (list options), activate or deactivate, remove.
 */
export function ContactFieldsTab() {
  const user = useCurrentUser();
  const canWrite = can(user.permissions, 'configuracoes_gerais', 'write');
  const fields = useContactFieldDefinitions();
  const sectors = useSectors();
  const save = useSaveContactField();
  const remove = useDeleteContactField();
  const [editing, setEditing] = useState<TContactField | 'new' | null>(null);
  const [removing, setRemoving] = useState<TContactField | null>(null);
  const sectorName = (id: number | null) =>
    id === null ? 'Todos' : (sectors.data?.find((s) => s.id === id)?.name ?? '—');

  return (
    <Card component="section" aria-labelledby="contact-fields-title" padding={0}>
      <Stack gap={0}>
        <Group p="lg" pb="xs" justify="space-between" gap="sm">
          <CardTitle
            id="contact-fields-title"
            icon={<IconForms size={22} color="var(--mantine-color-prosa-7)" aria-hidden />}
          >
            Metadados do contato
          </CardTitle>
          {canWrite ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              Novo campo
            </Button>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed" px="lg" pb="md">
          Campos que o operador preenche nas informações do atendimento. Os obrigatórios precisam ser
          preenchidos para salvar; campos de lista oferecem só as opções cadastradas.
        </Text>
        {fields.isError ? (
          <Alert mx="lg" mb="lg" color="red" icon={<IconAlertCircle />} title={CONTACT_FIELD_MSG.loadError}>
            {errorMessage(fields.error, 'Tente novamente em instantes.')}
          </Alert>
        ) : fields.isPending ? (
          <Stack px="lg" pb="lg" gap="xs" aria-busy="true" aria-label="Carregando campos">
            <Skeleton h={28} />
            <Skeleton h={28} />
            <Skeleton h={28} />
          </Stack>
        ) : fields.data.length === 0 ? (
          <Text size="sm" c="dimmed" px="lg" pb="lg">
            Nenhum campo encontrado.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={760} type="native">
            <Table
              verticalSpacing="sm"
              horizontalSpacing="lg"
              highlightOnHover
              aria-label="Campos do contato"
            >
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>Nome</Table.Th>
                  <Table.Th>Chave</Table.Th>
                  <Table.Th>Tipo</Table.Th>
                  <Table.Th>Máscara / opções</Table.Th>
                  <Table.Th>Setor</Table.Th>
                  <Table.Th>Ativo</Table.Th>
                  <Table.Th w={100}>
                    <VisuallyHidden>Ações</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {fields.data.map((f) => (
                  <Table.Tr key={f.id} c={f.is_active ? undefined : 'dimmed'}>
                    <Table.Td fw={500}>
                      <Group gap={6} wrap="nowrap">
                        {f.label}
                        {f.required ? (
                          <Badge size="xs" variant="light" color="red">
                            Obrigatório
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {f.key}
                      </Text>
                    </Table.Td>
                    <Table.Td>{CONTACT_FIELD_TYPE_LABEL[f.type]}</Table.Td>
                    <Table.Td maw={260}>
                      <Text size="sm" truncate="end">
                        {f.type === 'list' ? f.options.map((o) => o.value).join(', ') : maskLabel(f.mask)}
                      </Text>
                    </Table.Td>
                    <Table.Td>{sectorName(f.sector_id)}</Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label={`${f.is_active ? 'Desativar' : 'Ativar'} ${f.label}`}
                        checked={f.is_active}
                        disabled={!canWrite || (save.isPending && save.variables?.id === f.id)}
                        onChange={(e) =>
                          save.mutate({ id: f.id, body: { is_active: e.currentTarget.checked } })
                        }
                      />
                    </Table.Td>
                    <Table.Td>
                      {canWrite ? (
                        <RowActions>
                          <EditAction name={f.label} onClick={() => setEditing(f)} />
                          <DeleteAction name={f.label} onClick={() => setRemoving(f)} />
                        </RowActions>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <ContactFieldModal
        target={editing}
        sectors={sectors.data ?? []}
        saving={save.isPending}
        onClose={() => setEditing(null)}
        onSave={(id, body) => save.mutate({ id, body }, { onSuccess: () => setEditing(null) })}
      />
      <ConfirmDialog
        opened={removing !== null}
        title="Excluir campo"
        confirmLabel="Excluir"
        confirmColor="red"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate(removing.id, { onSuccess: () => setRemoving(null) });
        }}
      >
        <Text size="sm">
          O campo “{removing?.label}” deixa de aparecer nos atendimentos. Os valores já preenchidos continuam
          no histórico.
        </Text>
      </ConfirmDialog>
    </Card>
  );
}
