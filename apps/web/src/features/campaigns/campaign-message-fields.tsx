import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  CAMPAIGN_LIMITS,
  CAMPAIGN_MSG,
  CAMPAIGN_UPLOAD_ACCEPT,
  CAMPAIGN_UPLOAD_EXTENSIONS,
  type TCampaignTemplateOption,
} from '@prosa/shared/campaigns';
import { IconFile, IconMessagePlus, IconPaperclip, IconPlus, IconTrash } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { uploadCampaignMedia } from './api';
import type { CampaignFormValues, TFormMessage } from './campaign-form-values';

type Form = UseFormReturnType<CampaignFormValues>;

/** "{{coluna}}" chips: a click appends the placeholder to the text. */
function Placeholders(props: { columns: string[]; onPick: (placeholder: string) => void }) {
  if (props.columns.length === 0) return null;
  return (
    <Group gap={6} align="center">
      <Text size="xs" c="dimmed">
        Inserir coluna:
      </Text>
      {props.columns.map((c) => (
        <Badge
          key={c}
          component="button"
          type="button"
          variant="light"
          style={{ cursor: 'pointer', textTransform: 'none' }}
          onClick={() => props.onPick(`{{${c}}}`)}
          aria-label={`Inserir a coluna ${c}`}
        >
          {`{{${c}}}`}
        </Badge>
      ))}
    </Group>
  );
}

/** The template's text with its {{n}} parameters marked. */
function TemplatePreview({ text }: { text: string }) {
  const parts = text.split(/(\{\{\d+\}\})/g);
  return (
    <Paper withBorder p="sm" bg="gray.0" aria-label="Pré-visualização do modelo">
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {parts.map((p, i) =>
          /^\{\{\d+\}\}$/.test(p) ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
            <Badge key={i} size="sm" variant="filled" mx={2} style={{ textTransform: 'none' }}>
              {p}
            </Badge>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
            <Fragment key={i}>{p}</Fragment>
          ),
        )}
      </Text>
    </Paper>
  );
}

/** WhatsApp Enterprise: the approved template (HSM), its preview and one value per {{n}}: a column or a text. */
export function TemplateFields(props: {
  form: Form;
  templates: TCampaignTemplateOption[];
  loading: boolean;
  channelChosen: boolean;
  /** The mailing's columns (none when sending to all subscribers: fixed texts only). */
  columns: string[];
}) {
  const { form } = props;
  const v = form.getValues();
  const template = props.templates.find((t) => String(t.id) === v.hsm_template) ?? null;
  return (
    <Stack gap="sm">
      <Select
        label="Modelo (HSM)"
        withAsterisk
        placeholder={
          !props.channelChosen
            ? 'Escolha o canal'
            : props.loading
              ? 'Carregando…'
              : 'Selecione o modelo aprovado'
        }
        disabled={!props.channelChosen}
        data={props.templates.map((t) => ({ value: String(t.id), label: `${t.name} (${t.language})` }))}
        nothingFoundMessage="Nenhum modelo aprovado neste canal"
        searchable
        {...form.getInputProps('hsm_template')}
        value={v.hsm_template || null}
        onChange={(value) => form.setFieldValue('hsm_template', value ?? '')}
      />
      {template ? <TemplatePreview text={template.template} /> : null}
      {v.mailing_columns.map((m, i) => {
        const label = `Variável {{${i + 1}}}`;
        const onlyText = props.columns.length === 0;
        const source = onlyText ? 'text' : m.source;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: one input per template parameter, by position
          <Group key={i} align="flex-end" gap="sm" wrap="nowrap">
            <SegmentedControl
              size="xs"
              mb={4}
              aria-label={`Origem da ${label}`}
              data={[
                { value: 'column', label: 'Coluna', disabled: onlyText },
                { value: 'text', label: 'Texto fixo' },
              ]}
              value={source}
              onChange={(value) =>
                form.setFieldValue(`mailing_columns.${i}.source`, value as 'column' | 'text')
              }
            />
            {source === 'column' ? (
              <Select
                style={{ flex: 1 }}
                label={label}
                withAsterisk
                placeholder="Selecione a coluna do mailing"
                data={props.columns}
                value={m.column || null}
                onChange={(value) => form.setFieldValue(`mailing_columns.${i}.column`, value ?? '')}
                error={form.errors[`mailing_columns.${i}.text`]}
              />
            ) : (
              <TextInput
                style={{ flex: 1 }}
                label={label}
                withAsterisk
                placeholder="Texto enviado a todos"
                maxLength={CAMPAIGN_LIMITS.text}
                value={m.text}
                onChange={(e) => form.setFieldValue(`mailing_columns.${i}.text`, e.currentTarget.value)}
                error={form.errors[`mailing_columns.${i}.text`]}
              />
            )}
          </Group>
        );
      })}
      {template && template.params === 0 ? (
        <Text size="sm" c="dimmed">
          Este modelo não tem variáveis.
        </Text>
      ) : null}
    </Stack>
  );
}

const counter = (n: number, max: number) => `${n}/${max}`;

/** WhatsApp (QR): text messages (≤ 500, with variants picked at random) and up to 2 media files. */
export function WawebMessageFields(props: { form: Form; columns: string[] }) {
  const { form } = props;
  const messages = form.getValues().messages;
  const media = messages.filter((m) => m.type === 'media').length;
  const [uploading, setUploading] = useState(false);
  const full = messages.length >= CAMPAIGN_LIMITS.maxMessages;

  const upload = async (file: File | null) => {
    if (!file) return;
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(CAMPAIGN_UPLOAD_EXTENSIONS as readonly string[]).includes(ext)) {
      toast.warning(CAMPAIGN_MSG.fileType);
      return;
    }
    if (file.size > CAMPAIGN_LIMITS.fileBytes) {
      toast.warning(CAMPAIGN_MSG.fileTooLarge);
      return;
    }
    setUploading(true);
    try {
      const r = await uploadCampaignMedia(file);
      form.insertListItem('messages', { type: 'media', content: r.content } satisfies TFormMessage);
    } catch (error) {
      toast.warning(errorMessage(error, CAMPAIGN_MSG.uploadError));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Stack gap="sm">
      {form.errors.messages ? (
        <Alert color="red" variant="light">
          {form.errors.messages}
        </Alert>
      ) : null}
      {messages.map((m, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the messages are edited by position
        <Card key={i} withBorder padding="sm">
          <Group justify="space-between" mb="xs">
            <Text size="sm" fw={500}>
              {`Mensagem ${i + 1} · ${m.type === 'text' ? 'texto' : 'mídia'}`}
            </Text>
            <Tooltip label="Remover mensagem">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remover mensagem ${i + 1}`}
                onClick={() => form.removeListItem('messages', i)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
          {m.type === 'text' ? (
            <Stack gap="xs">
              <Textarea
                label="Texto"
                withAsterisk
                autosize
                minRows={3}
                maxLength={CAMPAIGN_LIMITS.text}
                value={m.content}
                onChange={(e) => form.setFieldValue(`messages.${i}.content`, e.currentTarget.value)}
                error={form.errors[`messages.${i}.content`]}
                description={counter(m.content.length, CAMPAIGN_LIMITS.text)}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
              />
              <Placeholders
                columns={props.columns}
                onPick={(p) =>
                  form.setFieldValue(
                    `messages.${i}.content`,
                    `${m.content}${p}`.slice(0, CAMPAIGN_LIMITS.text),
                  )
                }
              />
              {m.variants.map((variant, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: variants are edited by position
                <Group key={j} align="flex-start" gap="xs" wrap="nowrap">
                  <Textarea
                    style={{ flex: 1 }}
                    label={`Variação ${j + 1}`}
                    autosize
                    minRows={2}
                    maxLength={CAMPAIGN_LIMITS.text}
                    value={variant}
                    onChange={(e) => form.setFieldValue(`messages.${i}.variants.${j}`, e.currentTarget.value)}
                    error={form.errors[`messages.${i}.variants.${j}`]}
                    description={counter(variant.length, CAMPAIGN_LIMITS.text)}
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                  />
                  <ActionIcon
                    mt={28}
                    variant="subtle"
                    color="red"
                    aria-label={`Remover variação ${j + 1} da mensagem ${i + 1}`}
                    onClick={() => form.removeListItem(`messages.${i}.variants`, j)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ))}
              <Group>
                <Button
                  size="xs"
                  variant="subtle"
                  leftSection={<IconPlus size={14} />}
                  disabled={m.variants.length >= CAMPAIGN_LIMITS.maxVariants}
                  onClick={() => form.insertListItem(`messages.${i}.variants`, '')}
                >
                  Adicionar variação
                </Button>
                <Text size="xs" c="dimmed">
                  Cada contato recebe o texto ou uma das variações, sorteada.
                </Text>
              </Group>
            </Stack>
          ) : (
            <Group gap="xs">
              <IconFile size={18} aria-hidden />
              <Text size="sm">{m.content.name}</Text>
              <Badge variant="light" size="sm">
                {m.content.type}
              </Badge>
            </Group>
          )}
        </Card>
      ))}
      <Group gap="sm">
        <Button
          variant="light"
          leftSection={<IconMessagePlus size={16} />}
          disabled={full}
          onClick={() => form.insertListItem('messages', { type: 'text', content: '', variants: [] })}
        >
          Adicionar texto
        </Button>
        <FileButton onChange={upload} accept={CAMPAIGN_UPLOAD_ACCEPT}>
          {(btn) => (
            <Button
              {...btn}
              variant="light"
              leftSection={<IconPaperclip size={16} />}
              loading={uploading}
              disabled={full || media >= CAMPAIGN_LIMITS.mediaPerCampaign}
            >
              Adicionar mídia
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {`Até ${CAMPAIGN_LIMITS.mediaPerCampaign} mídias (BMP, GIF, JPG, MP4, PDF, PNG; até 5 MB).`}
        </Text>
      </Group>
    </Stack>
  );
}

/** SMS: one message of at most 160 characters. */
export function SmsMessageFields(props: { form: Form; columns: string[] }) {
  const { form } = props;
  const text = form.getValues().sms_message;
  return (
    <Stack gap="xs">
      <Textarea
        label="Mensagem do SMS"
        withAsterisk
        autosize
        minRows={3}
        maxLength={CAMPAIGN_LIMITS.sms}
        {...form.getInputProps('sms_message')}
        description={counter(text.length, CAMPAIGN_LIMITS.sms)}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
      <Placeholders
        columns={props.columns}
        onPick={(p) => form.setFieldValue('sms_message', `${text}${p}`.slice(0, CAMPAIGN_LIMITS.sms))}
      />
    </Stack>
  );
}
