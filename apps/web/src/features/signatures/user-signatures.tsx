import { Button, Group, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type TSignature, type TUserDetail, ZSignatureInput } from '@prosa/shared/users-admin';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DeleteAction, EditAction, RowActions } from '../../components/row-actions';
import { zodValidate } from '../../lib/zod-form';
import { useDeleteSignature, useSaveSignature } from './api';

type Values = { label: string; sector_id: string | null };
const toInput = (v: Values) => ({ label: v.label, sector_id: v.sector_id ? Number(v.sector_id) : undefined });

/** The signatures of one user (spec 2 §3): a label per sector, added and edited in place. */
export function UserSignatures(props: {
  companyId: number;
  user: TUserDetail;
  sectors: { id: number; name: string }[];
}) {
  const save = useSaveSignature(props.companyId);
  const remove = useDeleteSignature(props.companyId);
  const [editing, setEditing] = useState<TSignature | null>(null);
  const [removing, setRemoving] = useState<TSignature | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { label: '', sector_id: null },
    validate: zodValidate<Values>(ZSignatureInput, toInput),
  });
  const list = props.user.signatures;
  const sectors = props.sectors.map((s) => ({ value: String(s.id), label: s.name }));

  const reset = () => {
    setEditing(null);
    form.reset();
  };

  return (
    <Stack gap="md">
      {list.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhuma assinatura cadastrada.
        </Text>
      ) : (
        <Table verticalSpacing="xs" aria-label="Assinaturas do usuário">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Descrição</Table.Th>
              <Table.Th>Setor</Table.Th>
              <Table.Th w={90} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>{s.label}</Table.Td>
                <Table.Td>{s.sector_name}</Table.Td>
                <Table.Td>
                  <RowActions>
                    <EditAction
                      name={`assinatura ${s.label}`}
                      iconSize={16}
                      onClick={() => {
                        setEditing(s);
                        form.setValues({ label: s.label, sector_id: String(s.sector_id) });
                      }}
                    />
                    <DeleteAction
                      name={`assinatura ${s.label}`}
                      iconSize={16}
                      onClick={() => setRemoving(s)}
                    />
                  </RowActions>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Paper withBorder p="md" radius="md">
        <form
          noValidate
          onSubmit={form.onSubmit((v) =>
            save.mutate(
              {
                userId: props.user.id,
                id: editing?.id ?? null,
                body: { label: v.label.trim(), sector_id: Number(v.sector_id) },
              },
              { onSuccess: reset },
            ),
          )}
        >
          <Stack gap="sm">
            <Text fw={600} size="sm">
              {editing ? 'Editar assinatura' : 'Nova assinatura'}
            </Text>
            <Group align="flex-start" gap="sm" grow>
              <TextInput
                label="Descrição"
                withAsterisk
                placeholder="Ex.: Ana | Suporte"
                maxLength={500}
                {...form.getInputProps('label')}
              />
              <Select
                label="Setor"
                withAsterisk
                placeholder="Selecione"
                data={sectors}
                {...form.getInputProps('sector_id')}
              />
            </Group>
            <Group justify="flex-end" gap="sm">
              {editing ? (
                <Button variant="default" onClick={reset} disabled={save.isPending}>
                  Cancelar
                </Button>
              ) : null}
              <Button
                type="submit"
                variant="light"
                loading={save.isPending}
                leftSection={editing ? undefined : <IconPlus size={16} />}
              >
                {editing ? 'Salvar assinatura' : 'Adicionar assinatura'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <ConfirmDialog
        opened={removing !== null}
        title="Excluir assinatura"
        confirmLabel="Excluir"
        confirmColor="red"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate({ userId: props.user.id, id: removing.id }, { onSettled: () => setRemoving(null) })
        }
      >
        <Text size="sm">
          Deseja excluir a assinatura <strong>{removing?.label}</strong>?
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
