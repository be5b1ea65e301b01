import { Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZPauseReasonInput } from '@prosa/shared/pause';
import { FormActions } from '../../components/form-actions';
import { TargetModal } from '../../components/target-modal';
import { zodValidate } from '../../lib/zod-form';
import type { TPauseReason } from './api';

type Props = {
  /** null: closed; 'new': creating; a reason: editing it. */
  target: TPauseReason | 'new' | null;
  saving: boolean;
  onSave: (id: number | null, body: { title: string; description: string }) => void;
  onClose: () => void;
};

export function PauseReasonModal({ target, saving, onSave, onClose }: Props) {
  return (
    <TargetModal
      target={target}
      onClose={onClose}
      saving={saving}
      title={(editing) => (editing ? 'Editar motivo de pausa' : 'Novo motivo de pausa')}
      centered
    >
      {(editing) => <ReasonForm reason={editing} saving={saving} onSave={onSave} onClose={onClose} />}
    </TargetModal>
  );
}

function ReasonForm(props: Omit<Props, 'target'> & { reason: TPauseReason | null }) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { title: props.reason?.title ?? '', description: props.reason?.description ?? '' },
    validate: zodValidate(ZPauseReasonInput),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) =>
        props.onSave(props.reason?.id ?? null, { title: v.title.trim(), description: v.description.trim() }),
      )}
    >
      <Stack gap="md">
        <TextInput
          label="Título"
          withAsterisk
          maxLength={80}
          data-autofocus
          {...form.getInputProps('title')}
        />
        <Textarea
          label="Descrição"
          autosize
          minRows={2}
          maxRows={5}
          maxLength={300}
          {...form.getInputProps('description')}
        />
        <FormActions saving={props.saving} onCancel={props.onClose} />
      </Stack>
    </form>
  );
}
