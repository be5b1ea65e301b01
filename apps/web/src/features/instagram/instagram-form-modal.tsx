import { Alert, Checkbox, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type TFacebookPage,
  type TInstagramChannel,
  type TInstagramInput,
  type TInstagramPatch,
  ZInstagramInput,
  ZInstagramPatch,
} from '@prosa/shared/facebook';
import { IconInfoCircle } from '@tabler/icons-react';
import { FormActions } from '../../components/form-actions';
import { TargetModal, type TModalTarget } from '../../components/target-modal';
import { zodValidate } from '../../lib/zod-form';
import type { TSector } from '../sectors/api';
import {
  formValuesFrom,
  type TInstagramFormValues,
  toInstagramInput,
  toInstagramPatch,
} from './instagram-form';

export const INSTAGRAM_TERMS =
  'Declaro que administro esta conta profissional do Instagram e a página do Facebook vinculada a ela, e autorizo o Prosa a receber e enviar mensagens do Instagram Direct em nome dela, pela API oficial da Meta e conforme os Termos da Plataforma da Meta.';

type Props = {
  target: TModalTarget<TInstagramChannel>;
  /** Connected pages that have an Instagram business account. */
  pages: TFacebookPage[];
  sectors: TSector[];
  saving: boolean;
  onSave: (id: number | null, body: TInstagramInput | TInstagramPatch) => void;
  onClose: () => void;
};

export function InstagramFormModal({ target, saving, onClose, ...props }: Props) {
  return (
    <TargetModal
      target={target}
      saving={saving}
      onClose={onClose}
      size="lg"
      closeOnClickOutside={false}
      title={(editing) => (editing ? `Editar conta — ${editing.name}` : 'Nova conta do Instagram')}
    >
      {(editing) => <AccountForm account={editing} saving={saving} onClose={onClose} {...props} />}
    </TargetModal>
  );
}

function AccountForm(props: Omit<Props, 'target'> & { account: TInstagramChannel | null }) {
  const { account } = props;
  const form = useForm<TInstagramFormValues>({
    mode: 'controlled',
    initialValues: formValuesFrom(account),
    validate: account
      ? zodValidate(ZInstagramPatch, toInstagramPatch)
      : zodValidate(ZInstagramInput, toInstagramInput),
  });
  const sectors = [...props.sectors]
    .sort((a, b) => a.position - b.position)
    .map((s) => ({ value: String(s.id), label: s.name }));
  const pages = props.pages.map((p) => ({
    value: p.page_id,
    label: `${p.name} — @${p.username_instagram ?? p.instagram_id}`,
  }));

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) =>
        props.onSave(account?.id ?? null, account ? toInstagramPatch(v) : toInstagramInput(v)),
      )}
    >
      <Stack gap="md">
        {account ? (
          <Text size="sm">
            Conta <strong>@{account.username}</strong>, pela página {account.page_name ?? account.page_id}.
          </Text>
        ) : (
          <>
            <Alert color="blue" icon={<IconInfoCircle />} p="sm">
              A conta do Instagram é conectada pela página do Facebook vinculada a ela: conecte a página em
              Facebook e Instagram e escolha-a aqui.
            </Alert>
            <Select
              label="Página do Facebook"
              description="Páginas conectadas que têm uma conta profissional do Instagram"
              withAsterisk
              placeholder="Selecione"
              data={pages}
              nothingFoundMessage="Nenhuma página com Instagram"
              {...form.getInputProps('page_id')}
            />
          </>
        )}
        <TextInput label="Nome" withAsterisk maxLength={80} {...form.getInputProps('name')} />
        <Select
          label="Setor"
          withAsterisk
          placeholder="Selecione"
          data={sectors}
          searchable
          nothingFoundMessage="Nenhum setor encontrado"
          {...form.getInputProps('sector_id')}
        />
        {account ? null : (
          <Checkbox
            label="Li e aceito os termos de uso"
            description={INSTAGRAM_TERMS}
            {...form.getInputProps('iagree', { type: 'checkbox' })}
          />
        )}
        <FormActions saving={props.saving} onCancel={props.onClose} />
      </Stack>
    </form>
  );
}
