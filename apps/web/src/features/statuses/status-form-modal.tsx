import {
  ColorInput,
  MultiSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  STATUS_MESSAGE_MAX,
  STATUS_NAME_MAX,
  type TSectorAdmin,
  type TStatusAdmin,
  ZStatusInput,
} from '@prosa/shared/org-admin';
import { FormActions } from '../../components/form-actions';
import { TargetModal } from '../../components/target-modal';
import { toast } from '../../lib/toast';
import { zodValidate } from '../../lib/zod-form';
import { usePolls } from '../polls/api';
import { useSaveStatus } from './api';
import { formValuesFrom, type TStatusFormValues, toStatusInput } from './status-form-values';

const SWATCHES = ['#D2D2D2', '#1C7ED6', '#0B7285', '#2F9E44', '#F59F00', '#E8590C', '#E03131', '#6741D9'];

type Props = {
  companyId: number;
  target: TStatusAdmin | 'new' | null;
  sectors: TSectorAdmin[];
  /** The chatbot option shows only when the company allows chatbots (or the status already uses it). */
  chatbots: boolean;
  onClose: () => void;
};

export function StatusFormModal({ target, onClose, ...props }: Props) {
  return (
    <TargetModal
      target={target}
      onClose={onClose}
      title={(editing) => (editing ? `Editar status — ${editing.name}` : 'Novo status')}
      size="lg"
      closeOnClickOutside={false}
    >
      {(editing) => <StatusForm status={editing} onClose={onClose} {...props} />}
    </TargetModal>
  );
}

function StatusForm(props: Omit<Props, 'target'> & { status: TStatusAdmin | null }) {
  const save = useSaveStatus(props.companyId);
  const form = useForm<TStatusFormValues>({
    mode: 'controlled',
    initialValues: formValuesFrom(props.status),
    validate: zodValidate(ZStatusInput, toStatusInput),
  });
  const showBot = props.chatbots || props.status?.use_in_bot === true;
  const polls = usePolls();
  const submit = form.onSubmit((values) =>
    save.mutate(
      { id: props.status?.id ?? null, body: toStatusInput(values) },
      {
        onSuccess: props.onClose,
        onError: (error) => toast.apiError(error),
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <TextInput
          label="Nome"
          withAsterisk
          data-autofocus
          maxLength={STATUS_NAME_MAX}
          {...form.getInputProps('name')}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500} id="status-kind-label">
            Tipo
          </Text>
          <SegmentedControl
            aria-labelledby="status-kind-label"
            data={[
              { value: '0', label: 'Classificação' },
              { value: '1', label: 'Finalização' },
            ]}
            {...form.getInputProps('should_close')}
          />
          <Text size="xs" c="dimmed">
            Classificação marca o andamento do atendimento; finalização encerra o atendimento.
          </Text>
        </Stack>
        {form.getValues().should_close === '1' ? (
          <Select
            label="Pesquisa"
            description="Enviada ao cliente antes de finalizar (web chat: finaliza quando o cliente responder)."
            placeholder={polls.isPending ? 'Carregando pesquisas…' : 'Nenhuma'}
            data={(polls.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
            clearable
            searchable
            nothingFoundMessage="Nenhuma pesquisa cadastrada"
            {...form.getInputProps('poll_id')}
            value={form.getValues().poll_id || null}
            error={polls.isError ? 'Não foi possível carregar as pesquisas.' : form.errors.poll_id}
            onChange={(v) => form.setFieldValue('poll_id', v ?? '')}
          />
        ) : null}
        <MultiSelect
          label="Setores"
          withAsterisk
          placeholder={form.getValues().sectors.length ? undefined : 'Selecione os setores'}
          data={props.sectors.map((s) => ({ value: String(s.id), label: s.name }))}
          searchable
          nothingFoundMessage="Nenhum setor encontrado"
          {...form.getInputProps('sectors')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <ColorInput
            label="Cor"
            format="hex"
            swatches={SWATCHES}
            swatchesPerRow={8}
            {...form.getInputProps('color')}
          />
          <Stack gap="sm" justify="flex-end" pb={4}>
            <Switch label="Obrigatório" {...form.getInputProps('should_require', { type: 'checkbox' })} />
            {showBot ? (
              <Switch label="Usar no chatbot" {...form.getInputProps('use_in_bot', { type: 'checkbox' })} />
            ) : null}
          </Stack>
        </SimpleGrid>
        {form.getValues().should_close === '1' ? (
          <Switch
            label="Conta como sucesso"
            description="Atendimentos encerrados com este status contam como sucesso na efetividade e no resumo operacional."
            {...form.getInputProps('success', { type: 'checkbox' })}
          />
        ) : null}
        <Textarea
          label="Mensagem"
          description={`Opcional, até ${STATUS_MESSAGE_MAX} caracteres.`}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={STATUS_MESSAGE_MAX}
          {...form.getInputProps('message')}
        />
        <FormActions saving={save.isPending} onCancel={props.onClose} />
      </Stack>
    </form>
  );
}
