import {
  Alert,
  Button,
  Card,
  EmptyState,
  Group,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { SIGNATURE_MSG, type TCompanySignature, ZSignatureInput } from '@prosa/shared/users-admin';
import { IconAlertCircle, IconPlus, IconSignature } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormActions } from '../../components/form-actions';
import { DeleteAction, EditAction, RowActions } from '../../components/row-actions';
import { TargetModal } from '../../components/target-modal';
import { errorMessage } from '../../lib/api';
import { zodValidate } from '../../lib/zod-form';
import { useCompanyUsers, useUserFormOptions } from '../users/api';
import { useCompanySignatures, useDeleteSignature, useSaveSignature } from './api';

/** Every signature of a company (company edit, signatures tab): who, which sector, which text. */
export function SignaturesPanel({ companyId }: { companyId: number }) {
  const signatures = useCompanySignatures(companyId);
  const remove = useDeleteSignature(companyId);
  const [editing, setEditing] = useState<TCompanySignature | 'new' | null>(null);
  const [removing, setRemoving] = useState<TCompanySignature | null>(null);
  const list = signatures.data ?? [];

  return (
    <Stack gap="md">
      <Card padding={0}>
        <Group p="md" justify="space-between">
          <Text size="sm" c="dimmed">
            Assinaturas que os usuários usam nas mensagens, por setor.
          </Text>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Nova assinatura
          </Button>
        </Group>
        {signatures.isError ? (
          <Alert m="md" color="red" icon={<IconAlertCircle />} title={SIGNATURE_MSG.loadError}>
            {errorMessage(signatures.error, 'Tente novamente em instantes.')}
          </Alert>
        ) : (
          <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="Assinaturas">
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <Table.Th>Usuário</Table.Th>
                <Table.Th>Setor</Table.Th>
                <Table.Th>Descrição</Table.Th>
                <Table.Th w={100}>
                  <VisuallyHidden>Ações</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {signatures.isPending
                ? Array.from({ length: 3 }, (_, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                    <Table.Tr key={i} aria-hidden>
                      <Table.Td colSpan={4}>
                        <Skeleton h={14} w="60%" />
                      </Table.Td>
                    </Table.Tr>
                  ))
                : null}
              {list.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td fw={500}>{s.user_name}</Table.Td>
                  <Table.Td>{s.sector_name}</Table.Td>
                  <Table.Td>{s.label}</Table.Td>
                  <Table.Td>
                    <RowActions>
                      <EditAction name={`assinatura ${s.label}`} onClick={() => setEditing(s)} />
                      <DeleteAction name={`assinatura ${s.label}`} onClick={() => setRemoving(s)} />
                    </RowActions>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {!signatures.isPending && !signatures.isError && list.length === 0 ? (
          <EmptyState py="xl" icon={<IconSignature size={28} />} title="Nenhuma assinatura encontrada." />
        ) : null}
      </Card>
      <SignatureModal companyId={companyId} target={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={removing !== null}
        title="Excluir assinatura"
        confirmLabel="Excluir"
        confirmColor="red"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate({ userId: removing.user_id, id: removing.id }, { onSettled: () => setRemoving(null) })
        }
      >
        <Text size="sm">
          Deseja excluir a assinatura <strong>{removing?.label}</strong> de {removing?.user_name}?
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

type Values = { user_id: string | null; label: string; sector_id: string | null };

function SignatureModal(props: {
  companyId: number;
  target: TCompanySignature | 'new' | null;
  onClose: () => void;
}) {
  return (
    <TargetModal
      target={props.target}
      onClose={props.onClose}
      title={(editing) => (editing ? 'Editar assinatura' : 'Nova assinatura')}
      centered
    >
      {(editing) => <SignatureForm companyId={props.companyId} signature={editing} onDone={props.onClose} />}
    </TargetModal>
  );
}

function SignatureForm(props: {
  companyId: number;
  signature: TCompanySignature | null;
  onDone: () => void;
}) {
  const save = useSaveSignature(props.companyId);
  const options = useUserFormOptions(props.companyId);
  // A signature belongs to a user; the first 100 by name cover the usual company (the field searches them).
  const users = useCompanyUsers(props.companyId, '', 1, 100);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      user_id: props.signature ? String(props.signature.user_id) : null,
      label: props.signature?.label ?? '',
      sector_id: props.signature ? String(props.signature.sector_id) : null,
    },
    validate: (v) => ({
      user_id: v.user_id ? null : 'Usuário é obrigatório',
      ...zodValidate<Values>(ZSignatureInput, (x) => ({
        label: x.label,
        sector_id: x.sector_id ? Number(x.sector_id) : undefined,
      }))(v),
    }),
  });
  const userOptions = (users.data?.items ?? []).map((u) => ({ value: String(u.id), label: u.name }));
  const sectorOptions = (options.data?.sectors ?? []).map((s) => ({ value: String(s.id), label: s.name }));
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) =>
        save.mutate(
          {
            userId: Number(v.user_id),
            id: props.signature?.id ?? null,
            body: { label: v.label.trim(), sector_id: Number(v.sector_id) },
          },
          { onSuccess: props.onDone },
        ),
      )}
    >
      <Stack gap="md">
        <Select
          label="Usuário"
          withAsterisk
          placeholder="Selecione"
          searchable
          disabled={props.signature !== null}
          data={userOptions}
          nothingFoundMessage="Nenhum usuário encontrado"
          {...form.getInputProps('user_id')}
        />
        <TextInput label="Descrição" withAsterisk maxLength={500} {...form.getInputProps('label')} />
        <Select
          label="Setor"
          withAsterisk
          placeholder="Selecione"
          data={sectorOptions}
          {...form.getInputProps('sector_id')}
        />
        <FormActions saving={save.isPending} onCancel={props.onDone} />
      </Stack>
    </form>
  );
}
