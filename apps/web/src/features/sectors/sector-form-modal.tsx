import { Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SECTOR_NAME_MAX, type TSectorAdmin, ZSectorInput } from '@prosa/shared/org-admin';
import { FormActions } from '../../components/form-actions';
import { TargetModal } from '../../components/target-modal';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { zodValidate } from '../../lib/zod-form';
import { useSaveSector } from './api';

type Props = { companyId: number; target: TSectorAdmin | 'new' | null; onClose: () => void };

/** "Novo setor" / edit: the name, unique in the company (the server's refusal shows under the field). */
export function SectorFormModal({ companyId, target, onClose }: Props) {
  return (
    <TargetModal
      target={target}
      onClose={onClose}
      title={(editing) => (editing ? `Editar setor — ${editing.name}` : 'Novo setor')}
      centered
    >
      {(editing) => <SectorForm companyId={companyId} sector={editing} onClose={onClose} />}
    </TargetModal>
  );
}

function SectorForm(props: { companyId: number; sector: TSectorAdmin | null; onClose: () => void }) {
  const save = useSaveSector(props.companyId);
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: props.sector?.name ?? '' },
    validate: zodValidate(ZSectorInput),
  });
  const submit = form.onSubmit((values) =>
    save.mutate(
      { id: props.sector?.id ?? null, name: values.name.trim() },
      {
        onSuccess: props.onClose,
        onError: (error) => {
          const message = errorMessage(error);
          if (message) form.setFieldError('name', message);
          else toast.apiError(error);
        },
      },
    ),
  );
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="lg">
        <TextInput
          label="Nome"
          withAsterisk
          data-autofocus
          maxLength={SECTOR_NAME_MAX}
          {...form.getInputProps('name')}
        />
        <FormActions saving={save.isPending} onCancel={props.onClose} />
      </Stack>
    </form>
  );
}
