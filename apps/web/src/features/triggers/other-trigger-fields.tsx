import {
  ActionIcon,
  Autocomplete,
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import {
  DAY_TYPE_LABEL,
  DAY_TYPES,
  type TEditableOtherTriggerType,
  type TMenuButton,
  TRIGGER_BUTTONS_MAX,
  TRIGGER_MESSAGE_MAX,
  type TTriggerImage,
} from '@prosa/shared/triggers';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { ImageField } from './image-field';
import { MailingTriggerFields } from './mailing-trigger-fields';
import { timeValue } from './other-trigger-values';

type Option = { value: string; label: string };

type Props = {
  kind: TEditableOtherTriggerType;
  label: string;
  channel: { type: string; id: number };
  params: Record<string, unknown>;
  onChange: (params: Record<string, unknown>) => void;
  errors: Record<string, string>;
  finishStatuses: Option[];
  /** The channel's "Se o cliente digitar" texts, offered to the menu options. */
  triggerTexts: string[];
  readOnly: boolean;
};

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const obj = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

/** The fields of one kind of trigger (messages, times per day type, buttons, status, image). */
export function OtherTriggerFields({
  kind,
  label,
  channel,
  params,
  onChange,
  errors,
  finishStatuses,
  triggerTexts,
  readOnly,
}: Props) {
  const set = (name: string, value: unknown) => onChange({ ...params, [name]: value });
  const message = (fieldLabel = 'Mensagem', name = 'message', required = true) => (
    <Textarea
      label={fieldLabel}
      aria-label={`${fieldLabel} — ${label}`}
      withAsterisk={required}
      autosize
      minRows={2}
      maxRows={8}
      maxLength={TRIGGER_MESSAGE_MAX}
      value={text(params[name])}
      error={errors[`params.${name}`]}
      onChange={(e) => set(name, e.currentTarget.value)}
    />
  );
  // Times of the three day types at `group` (or at the top level of params).
  const times = (title: string, group: string | null) => {
    const values = group ? obj(params[group]) : params;
    const prefix = group ? `params.${group}.` : 'params.';
    return (
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {title}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          {DAY_TYPES.map((d) => (
            <TimeInput
              key={d}
              label={DAY_TYPE_LABEL[d]}
              aria-label={`${title} — ${DAY_TYPE_LABEL[d]} — ${label}`}
              value={timeValue(values[d])}
              error={errors[`${prefix}${d}`]}
              onChange={(e) => {
                const v = e.currentTarget.value.slice(0, 5);
                if (group) set(group, { ...values, [d]: v });
                else set(d, v);
              }}
            />
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          Deixe vazio o dia sem horário.
        </Text>
      </Stack>
    );
  };
  const status = (fieldLabel: string) => (
    <Select
      label={fieldLabel}
      aria-label={`${fieldLabel} — ${label}`}
      withAsterisk
      placeholder="Selecione o status"
      data={finishStatuses}
      value={typeof params.status_id === 'number' ? String(params.status_id) : null}
      error={errors['params.status_id']}
      onChange={(v) => set('status_id', v ? Number(v) : null)}
      maw={360}
      readOnly={readOnly}
    />
  );

  switch (kind) {
    case 'first_message':
    case 'invalid_command':
    case 'offline_operators_notification':
    case 'unsupported_media_notification':
    case 'on_chat_close':
    case 'menu':
      return message();
    case 'menu_keyboard_buttons': {
      const buttons = Array.isArray(params.buttons) ? (params.buttons as TMenuButton[]) : [];
      const setButtons = (next: TMenuButton[]) => set('buttons', next);
      return (
        <Stack gap="sm">
          {message()}
          <Text size="sm" fw={500}>
            Opções
          </Text>
          {buttons.length === 0 ? (
            <Text size="sm" c={errors['params.buttons'] ? 'red' : 'dimmed'}>
              {errors['params.buttons'] ?? 'Nenhuma opção.'}
            </Text>
          ) : null}
          {buttons.map((b, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: options have no identity but their place
            <Group key={i} gap="sm" align="flex-start" wrap="nowrap">
              <TextInput
                label={i === 0 ? 'Texto da opção' : undefined}
                aria-label={`Texto da opção ${i + 1}`}
                maxLength={100}
                value={b.label}
                error={errors[`params.buttons.${i}.label`]}
                onChange={(e) =>
                  setButtons(buttons.map((x, j) => (j === i ? { ...x, label: e.currentTarget.value } : x)))
                }
                style={{ flex: 1 }}
              />
              <Autocomplete
                label={i === 0 ? 'Envia (Se o cliente digitar)' : undefined}
                aria-label={`Texto que a opção ${i + 1} envia`}
                data={triggerTexts}
                value={b.trigger_text}
                error={errors[`params.buttons.${i}.trigger_text`]}
                onChange={(v) => setButtons(buttons.map((x, j) => (j === i ? { ...x, trigger_text: v } : x)))}
                style={{ flex: 1 }}
              />
              <Tooltip label="Remover opção" withArrow>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={i === 0 ? 28 : 4}
                  aria-label={`Remover opção ${i + 1}`}
                  onClick={() => setButtons(buttons.filter((_, j) => j !== i))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          ))}
          {readOnly ? null : (
            <Group>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} />}
                disabled={buttons.length >= TRIGGER_BUTTONS_MAX}
                onClick={() => setButtons([...buttons, { label: '', trigger_text: '' }])}
              >
                Adicionar opção
              </Button>
            </Group>
          )}
        </Stack>
      );
    }
    case 'before_working_period':
      return (
        <Stack gap="sm">
          {times('Início do expediente', null)}
          {message()}
        </Stack>
      );
    case 'after_working_period':
      return (
        <Stack gap="sm">
          {times('Fim do expediente', null)}
          {message()}
        </Stack>
      );
    case 'limit_receivement':
      return (
        <Stack gap="sm">
          {times('Horário limite de recebimento', 'time')}
          {times('Início do período posterior', 'after_time')}
          {message()}
        </Stack>
      );
    case 'close_attempted':
      return (
        <Stack gap="sm">
          {status('Status de finalização')}
          {times('Antes de', 'before')}
          {times('Depois de', 'after')}
          {message('Mensagem (opcional)', 'message', false)}
        </Stack>
      );
    case 'agreement':
      return (
        <Stack gap="sm">
          {message('Texto do termo', 'text', false)}
          <ImageField
            channel={channel}
            label="Imagem do termo (opcional se houver texto)"
            value={(params.image as TTriggerImage | null | undefined) ?? null}
            onChange={(image) => set('image', image)}
            readOnly={readOnly}
          />
          {message('Mensagem de aceite', 'accepted_message')}
          {message('Mensagem de recusa', 'refused_message')}
          {status('Status de finalização para quem recusar')}
        </Stack>
      );
    case 'mailing_validation':
    case 'mailing_sector_transfer':
      return (
        <MailingTriggerFields
          kind={kind}
          label={label}
          params={params}
          onChange={onChange}
          errors={errors}
          readOnly={readOnly}
        />
      );
  }
}
