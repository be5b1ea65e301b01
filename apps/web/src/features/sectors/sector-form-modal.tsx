import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SECTOR_NAME_MAX, type TSectorAdmin, ZSectorInput } from '@prosa/shared/org-admin';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { zodValidate } from '../../lib/zod-form';
import { useSaveSector } from './api';

type Props = { companyId: number; target: TSectorAdmin | 'new' | null; onClose: () => void };

/** "Novo setor" / edit: the name, unique in the company (the server's refusal shows under the field). */
export function SectorFormModal({ companyId, target, onClose }: Props) {
  const editing = target !== null && target !== 'new' ? target : null;
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={editing ? `Editar setor — ${editing.name}` : 'Novo setor'}
      centered
    >
      {target !== null ? (
        <SectorForm key={editing?.id ?? 'new'} companyId={companyId} sector={editing} onClose={onClose} />
      ) : null}
    </Modal>
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
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose} disabled={save.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={save.isPending}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
