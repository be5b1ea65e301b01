import {
  Button,
  ColorInput,
  Divider,
  Grid,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { TWebchat } from '@prosa/shared/webchat';
import { TargetModal } from '../../components/target-modal';
import type { TSector } from '../sectors/api';
import { FieldEditor } from './field-editor';
import { draftFromField, fieldsReducer, type TFieldAction } from './field-editor-state';
import { LogoUpload } from './logo-upload';
import {
  DEFAULT_COLOR,
  DEFAULT_FONT_COLOR,
  formValuesFrom,
  nextFieldKey,
  type TWebchatFormValues,
  toWebchatInput,
  validateWebchatForm,
} from './webchat-form-values';
import { WidgetPreview } from './widget-preview';

const SWATCHES = ['#1C7ED6', '#0B7285', '#067C6A', '#2F9E44', '#E8590C', '#C2255C', '#6741D9', '#212529'];

type Props = {
  /** null: closed; 'new': creating; a web chat: editing it. */
  target: TWebchat | 'new' | null;
  sectors: TSector[];
  saving: boolean;
  onSave: (id: number | null, body: ReturnType<typeof toWebchatInput>) => void;
  onClose: () => void;
};

export function WebchatFormModal({ target, ...props }: Props) {
  return (
    <TargetModal
      target={target}
      onClose={props.onClose}
      title={(editing) => (editing ? `Editar web chat — ${editing.name}` : 'Novo web chat')}
      size={1120}
      closeOnClickOutside={false}
    >
      {(editing) => <WebchatForm webchat={editing} {...props} />}
    </TargetModal>
  );
}

function initialValues(webchat: TWebchat | null): TWebchatFormValues {
  const values = formValuesFrom(webchat);
  // A new web chat starts with the visitor's name, the field that names the contact.
  if (!webchat) {
    values.custom_data.fields = [
      draftFromField({ name: 'nome', label: 'Nome', type: 'text', required: true }, nextFieldKey()),
    ];
  }
  return values;
}

function WebchatForm(props: Omit<Props, 'target'> & { webchat: TWebchat | null }) {
  const form = useForm<TWebchatFormValues>({
    mode: 'controlled',
    initialValues: initialValues(props.webchat),
    validate: validateWebchatForm,
  });
  const values = form.getValues();
  const c = values.custom_data;
  const sectors = [...props.sectors]
    .sort((a, b) => a.position - b.position)
    .map((s) => ({ value: String(s.id), label: s.name }));

  const onFieldAction = (action: TFieldAction) => {
    form.setFieldValue('custom_data.fields', fieldsReducer(form.getValues().custom_data.fields, action));
    // Row errors are kept by position: after a reorder or removal they would point at another field.
    if (action.type !== 'update') form.clearErrors();
  };

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (v) => props.onSave(props.webchat?.id ?? null, toWebchatInput(v, props.webchat?.custom_data)),
        // The first problem may be far above the Salvar button: bring it into view.
        (errors) => {
          const first = Object.keys(errors)[0];
          if (first) form.getInputNode(first)?.focus();
        },
      )}
    >
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
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
            </SimpleGrid>
            <Divider label="Aparência do widget" labelPosition="left" />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="Título"
                description="Exibido no topo do widget; vazio usa o nome."
                maxLength={60}
                {...form.getInputProps('custom_data.nome')}
              />
              <TextInput
                label="Texto do botão"
                placeholder="Iniciar conversa"
                description="O botão que envia o formulário."
                maxLength={40}
                {...form.getInputProps('custom_data.text_button')}
              />
            </SimpleGrid>
            <Textarea
              label="Mensagem de boas-vindas"
              placeholder="Olá! Preencha os dados abaixo para falar com a gente."
              autosize
              minRows={2}
              maxRows={5}
              maxLength={300}
              {...form.getInputProps('custom_data.text_msg')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <ColorInput
                label="Cor principal"
                format="hex"
                swatches={SWATCHES}
                placeholder={DEFAULT_COLOR}
                {...form.getInputProps('custom_data.color')}
              />
              <ColorInput
                label="Cor do texto"
                format="hex"
                swatches={['#FFFFFF', '#F8F9FA', '#212529', '#000000']}
                placeholder={DEFAULT_FONT_COLOR}
                {...form.getInputProps('custom_data.widget_font_color')}
              />
            </SimpleGrid>
            <LogoUpload webchat={props.webchat} />
            <Divider />
            <FieldEditor
              fields={c.fields}
              errors={form.errors}
              onAction={onFieldAction}
              newKey={nextFieldKey}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          {/* Below the modal's sticky title while the form scrolls. */}
          <Stack gap="xs" pos="sticky" top={72}>
            <Text size="sm" fw={600}>
              Pré-visualização
            </Text>
            <WidgetPreview
              name={values.name}
              title={c.nome}
              welcome={c.text_msg}
              button={c.text_button}
              color={c.color}
              fontColor={c.widget_font_color}
              fields={c.fields}
            />
          </Stack>
        </Grid.Col>
      </Grid>
      <Group justify="flex-end" mt="xl" gap="sm">
        <Button variant="default" onClick={props.onClose} disabled={props.saving}>
          Cancelar
        </Button>
        <Button type="submit" loading={props.saving}>
          Salvar
        </Button>
      </Group>
    </form>
  );
}
