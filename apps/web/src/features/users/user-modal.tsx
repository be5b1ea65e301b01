import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  MultiSelect,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { ROLE } from '@prosa/shared/roles';
import {
  GENDER_LABEL,
  type TUserDetail,
  type TUserFormOptions,
  ZUserCreateInput,
  ZUserUpdateInput,
} from '@prosa/shared/users-admin';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorMessage } from '../../lib/api';
import { zodValidate } from '../../lib/zod-form';
import { useCurrentUser } from '../auth/session-context';
import { UserSignatures } from '../signatures/user-signatures';
import { useSaveUser, useUserDetail, useUserFormOptions } from './api';
import { confirmationOf, formValuesFrom, type TUserFormValues, toUserInput } from './user-form-values';

const GENDERS = Object.entries(GENDER_LABEL).map(([value, label]) => ({ value, label }));
const LOAD_ERROR = 'Erro ao carregar o usuário.';
// Hints under the field, so the inputs of a row stay aligned.
const BELOW: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'error', 'description'];

type Props = {
  companyId: number;
  /** null: closed; 'new': creating; a user id: editing that user. */
  target: number | 'new' | null;
  onClose: () => void;
};

export function UserModal({ companyId, target, onClose }: Props) {
  const editingId = typeof target === 'number' ? target : null;
  const detail = useUserDetail(companyId, editingId);
  const options = useUserFormOptions(companyId);
  const title =
    target === 'new' ? 'Novo usuário' : `Editar usuário${detail.data ? ` — ${detail.data.name}` : ''}`;
  const loading = options.isPending || (editingId !== null && detail.isPending);
  const failed = options.isError || (editingId !== null && detail.isError);

  let body = null;
  if (loading) {
    body = (
      <Center py="xl">
        <Loader aria-label="Carregando" />
      </Center>
    );
  } else if (failed || !options.data) {
    body = (
      <Alert color="red" icon={<IconAlertCircle />} title={LOAD_ERROR}>
        {errorMessage(options.error ?? detail.error, 'Tente novamente em instantes.')}
      </Alert>
    );
  } else if (editingId !== null && detail.data) {
    body = (
      <Tabs defaultValue="data" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="data">Dados</Tabs.Tab>
          <Tabs.Tab value="signatures">Assinaturas ({detail.data.signatures.length})</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="data">
          <UserForm
            key={detail.data.id}
            companyId={companyId}
            user={detail.data}
            options={options.data}
            onDone={onClose}
          />
        </Tabs.Panel>
        <Tabs.Panel value="signatures">
          <UserSignatures companyId={companyId} user={detail.data} sectors={options.data.sectors} />
        </Tabs.Panel>
      </Tabs>
    );
  } else {
    body = <UserForm key="new" companyId={companyId} user={null} options={options.data} onDone={onClose} />;
  }

  return (
    <Modal opened={target !== null} onClose={onClose} title={title} size={760} closeOnClickOutside={false}>
      {target !== null ? body : null}
    </Modal>
  );
}

function UserForm(props: {
  companyId: number;
  user: TUserDetail | null;
  options: TUserFormOptions;
  onDone: () => void;
}) {
  const { user, options } = props;
  const save = useSaveUser(props.companyId);
  const caller = useCurrentUser();
  const [pending, setPending] = useState<{ values: TUserFormValues; question: string } | null>(null);
  const form = useForm<TUserFormValues>({
    mode: 'controlled',
    initialValues: formValuesFrom(user),
    validate: zodValidate<TUserFormValues>(user ? ZUserUpdateInput : ZUserCreateInput, toUserInput),
  });
  const sectors = options.sectors.map((s) => ({ value: String(s.id), label: s.name }));
  const roles = options.roles.map((r) => ({ value: String(r.value), label: r.label }));
  const profiles = options.profiles.map((p) => ({ value: String(p.id), label: p.name }));

  const submit = (values: TUserFormValues) =>
    save.mutate(
      { id: user?.id ?? null, body: toUserInput(values) },
      {
        onSuccess: () => {
          setPending(null);
          props.onDone();
        },
        onError: () => setPending(null),
      },
    );

  return (
    <>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          const question = confirmationOf(user, values);
          if (question) setPending({ values, question });
          else submit(values);
        })}
      >
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="Nome" withAsterisk maxLength={120} {...form.getInputProps('name')} />
            <TextInput
              label="Nome de exibição"
              description="Vazio usa o nome."
              inputWrapperOrder={BELOW}
              maxLength={120}
              {...form.getInputProps('display_name')}
            />
            <TextInput
              label="E-mail"
              withAsterisk
              type="email"
              maxLength={254}
              autoComplete="off"
              {...form.getInputProps('email')}
            />
            <PasswordInput
              label="Senha"
              withAsterisk={!user}
              autoComplete="new-password"
              inputWrapperOrder={BELOW}
              description={
                user
                  ? 'Deixe em branco para manter. Se preenchida, o usuário terá de trocá-la no próximo acesso.'
                  : 'O usuário terá de trocá-la no primeiro acesso.'
              }
              {...form.getInputProps('password')}
            />
            <Select
              label="Gênero"
              withAsterisk
              placeholder="Selecione"
              data={GENDERS}
              allowDeselect={false}
              {...form.getInputProps('gender')}
            />
            <Select
              label="Função"
              withAsterisk
              placeholder="Selecione"
              data={roles}
              allowDeselect={false}
              {...form.getInputProps('role')}
            />
          </SimpleGrid>
          <Select
            label="Perfil"
            placeholder="Sem perfil"
            description="As permissões de módulo do perfil valem para o usuário que não tem permissões próprias."
            data={profiles}
            clearable
            nothingFoundMessage="Nenhum perfil encontrado"
            {...form.getInputProps('profile_id')}
          />
          <MultiSelect
            label="Setores"
            placeholder={form.getValues().sectors.length ? undefined : 'Selecione os setores'}
            data={sectors}
            searchable
            clearable
            hidePickedOptions
            nothingFoundMessage="Nenhum setor encontrado"
            {...form.getInputProps('sectors')}
          />
          {caller.role >= ROLE.admin && form.getValues().role === String(ROLE.manager) ? (
            <Switch
              label="Acesso às faturas"
              description="O gestor pode ver e baixar as faturas da empresa."
              {...form.getInputProps('allow_billing_access', { type: 'checkbox' })}
            />
          ) : null}
          {caller.role >= ROLE.admin ? (
            <Group gap="lg">
              <Switch
                label="CRM: visualizar"
                checked={form.getValues().crm_view}
                onChange={(e) => {
                  const view = e.currentTarget.checked;
                  // Read-only off takes edit with it.
                  form.setValues({
                    crm_view: view,
                    crm_edit: view && form.getValues().crm_edit,
                    crm_dirty: true,
                  });
                }}
              />
              <Switch
                label="CRM: editar"
                checked={form.getValues().crm_edit}
                onChange={(e) => {
                  const edit = e.currentTarget.checked;
                  // Write implies view.
                  form.setValues({
                    crm_edit: edit,
                    crm_view: edit || form.getValues().crm_view,
                    crm_dirty: true,
                  });
                }}
              />
            </Group>
          ) : null}
          {options.restrict_transfer ? (
            <MultiSelect
              label="Setores de transferência"
              description="Setores para os quais o usuário pode transferir atendimentos."
              placeholder={form.getValues().transfer_sectors.length ? undefined : 'Selecione os setores'}
              data={sectors}
              searchable
              clearable
              hidePickedOptions
              nothingFoundMessage="Nenhum setor encontrado"
              {...form.getInputProps('transfer_sectors')}
            />
          ) : null}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={props.onDone} disabled={save.isPending}>
              Cancelar
            </Button>
            <Button type="submit" loading={save.isPending && pending === null}>
              Salvar
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={pending !== null}
        title={user ? 'Alterar função' : 'Cadastrar usuário'}
        confirmLabel="Confirmar"
        loading={save.isPending}
        onClose={() => setPending(null)}
        onConfirm={() => pending && submit(pending.values)}
      >
        <Text size="sm">{pending?.question}</Text>
      </ConfirmDialog>
    </>
  );
}
