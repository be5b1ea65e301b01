import { Button, Group, Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import {
  NOTIFICATION_AUDIENCE_LABEL,
  NOTIFICATION_AUDIENCES,
  NOTIFICATION_MODELS,
  NOTIFICATION_STATUS_LABEL,
  NOTIFICATION_STATUSES,
  type TNotificationAdmin,
  type TNotificationAudience,
  type TNotificationInput,
  type TNotificationStatus,
  ZNotificationInput,
} from '@prosa/shared/notifications';
import { isoToWallTime } from '@prosa/shared/scheduling';
import { IconCalendarTime } from '@tabler/icons-react';
import { zodValidate } from '../../lib/zod-form';
import { useCurrentUser } from '../auth/session-context';
import { useSaveNotification } from './api';
import { CompanyPicker } from './company-picker';
import { NotificationImageField } from './notification-image-field';

type Values = {
  model_id: string;
  audience: TNotificationAudience;
  title: string;
  description: string;
  image_url: string | null;
  link: string;
  company_ids: string[];
  schedule_status: TNotificationStatus;
  schedule_start_at: string | null;
  schedule_end_at: string | null;
  extra_data: string;
};

function valuesOf(n: TNotificationAdmin | null, tz: string): Values {
  const wall = (iso: string | null) => (iso ? isoToWallTime(iso, tz) : null);
  return {
    model_id: n ? String(n.model_id) : '1',
    audience: n?.audience ?? 'all',
    title: n?.title ?? '',
    description: n?.description ?? '',
    image_url: n?.image_url ?? null,
    link: n?.link ?? '',
    company_ids: (n?.company_ids ?? []).map(String),
    schedule_status: n?.schedule_status ?? 'ACTIVE',
    schedule_start_at: wall(n?.schedule_start_at ?? null),
    schedule_end_at: wall(n?.schedule_end_at ?? null),
    extra_data: n?.extra_data ?? '',
  };
}

/** The form's values as the API takes them: dates as the company's wall-clock YYYY-MM-DD HH:mm:ss (spec 2 §9). */
export function toNotificationInput(v: Values): TNotificationInput {
  return {
    model_id: v.model_id ? Number(v.model_id) : (undefined as unknown as number),
    audience: v.audience,
    title: v.title,
    description: v.description,
    image_url: v.image_url,
    link: v.link.trim() || null,
    company_ids: v.company_ids.map(Number),
    schedule_status: v.schedule_status,
    schedule_start_at: v.schedule_start_at || null,
    schedule_end_at: v.schedule_end_at || null,
    extra_data: v.extra_data.trim() || null,
  };
}

const pickerProps = {
  valueFormat: 'DD/MM/YYYY HH:mm:ss',
  placeholder: 'DD/MM/AAAA HH:mm:ss',
  withSeconds: true,
  clearable: true,
  leftSection: <IconCalendarTime size={16} aria-hidden />,
  timePickerProps: { hoursInputLabel: 'Horas', minutesInputLabel: 'Minutos', secondsInputLabel: 'Segundos' },
  nextLabel: 'Próximo mês',
  previousLabel: 'Mês anterior',
  submitButtonProps: { 'aria-label': 'Confirmar data e hora' },
} as const;

/** "Nova notificação" / edit (spec 2 §2, §5): every field of the notification, checked by the server's schema. */
export function NotificationFormModal(props: {
  notification: TNotificationAdmin | null;
  onClose: () => void;
}) {
  const user = useCurrentUser();
  const save = useSaveNotification();
  const form = useForm<Values>({
    initialValues: valuesOf(props.notification, user.timezone),
    validate: zodValidate<Values>(ZNotificationInput, toNotificationInput),
  });
  const v = form.getValues();
  const submit = form.onSubmit((values) =>
    save.mutate(
      { id: props.notification?.id ?? null, body: toNotificationInput(values) },
      { onSuccess: props.onClose },
    ),
  );

  return (
    <Modal
      opened
      onClose={save.isPending ? () => {} : props.onClose}
      title={props.notification ? 'Editar notificação' : 'Nova notificação'}
      size="xl"
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label="Modelo"
              withAsterisk
              allowDeselect={false}
              data={NOTIFICATION_MODELS.map((m) => ({ value: String(m.id), label: m.name }))}
              {...form.getInputProps('model_id')}
            />
            <Select
              label="Público"
              allowDeselect={false}
              data={NOTIFICATION_AUDIENCES.map((a) => ({ value: a, label: NOTIFICATION_AUDIENCE_LABEL[a] }))}
              {...form.getInputProps('audience')}
            />
            <Select
              label="Status"
              allowDeselect={false}
              data={NOTIFICATION_STATUSES.map((s) => ({ value: s, label: NOTIFICATION_STATUS_LABEL[s] }))}
              {...form.getInputProps('schedule_status')}
            />
          </SimpleGrid>
          <TextInput label="Título" withAsterisk maxLength={200} {...form.getInputProps('title')} />
          <Textarea
            label="Descrição"
            description="Obrigatória quando não há imagem."
            autosize
            minRows={3}
            maxRows={8}
            maxLength={5000}
            {...form.getInputProps('description')}
          />
          <NotificationImageField
            value={v.image_url}
            error={form.errors.image_url as string | undefined}
            onChange={(url) => {
              form.setFieldValue('image_url', url);
              // No image, no link (spec 2 §5).
              if (url) form.clearFieldError('description');
              else form.setFieldValue('link', '');
            }}
          />
          <TextInput
            label="Link"
            placeholder="https://"
            description={
              v.image_url
                ? 'Aberto em uma nova aba pelo botão da notificação.'
                : 'Envie uma imagem para usar um link.'
            }
            disabled={!v.image_url}
            maxLength={2000}
            {...form.getInputProps('link')}
          />
          <CompanyPicker
            value={v.company_ids}
            initial={props.notification?.companies ?? []}
            error={form.errors.company_ids as string | undefined}
            onChange={(ids) => form.setFieldValue('company_ids', ids)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DateTimePicker
              label="Início"
              {...pickerProps}
              value={v.schedule_start_at}
              onChange={(value) => form.setFieldValue('schedule_start_at', value)}
              error={form.errors.schedule_start_at}
            />
            <DateTimePicker
              label="Término"
              {...pickerProps}
              value={v.schedule_end_at}
              onChange={(value) => form.setFieldValue('schedule_end_at', value)}
              error={form.errors.schedule_end_at}
            />
          </SimpleGrid>
          <Textarea
            label="Dados extras (JSON)"
            placeholder='{"chave": "valor"}'
            autosize
            minRows={2}
            maxRows={8}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            {...form.getInputProps('extra_data')}
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
    </Modal>
  );
}
