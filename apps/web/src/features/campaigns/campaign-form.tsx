import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import {
  CAMPAIGN_CHANNEL_LABEL,
  CAMPAIGN_LIMITS,
  CAMPAIGN_MSG,
  type TCampaign,
  type TCampaignChannel,
} from '@prosa/shared/campaigns';
import { IconAlertTriangle, IconCalendarTime, IconInfoCircle, IconUsers } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useCurrentUser } from '../auth/session-context';
import { useCompanyFeatures } from '../company-metadata/api';
import {
  useCampaignChannels,
  useCampaignMailings,
  useCampaignTemplates,
  useSaveCampaign,
  useSmsBrokers,
  useSubscriberCount,
} from './api';
import {
  type CampaignFormValues,
  emptyCampaign,
  fromCampaign,
  resizeVariables,
  toCampaignInput,
  validateCampaign,
} from './campaign-form-values';
import { MailingFilters } from './campaign-mailing-filters';
import { SmsMessageFields, TemplateFields, WawebMessageFields } from './campaign-message-fields';

const CHANNEL_TYPES: TCampaignChannel[] = ['sms', 'waweb', 'waent'];

const pickerProps = {
  valueFormat: 'DD/MM/YYYY HH:mm',
  placeholder: 'DD/MM/AAAA HH:mm',
  clearable: true,
  leftSection: <IconCalendarTime size={16} aria-hidden />,
  timePickerProps: { hoursInputLabel: 'Horas', minutesInputLabel: 'Minutos' },
  nextLabel: 'Próximo mês',
  previousLabel: 'Mês anterior',
  submitButtonProps: { 'aria-label': 'Confirmar data e hora' },
  getDayAriaLabel: (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`,
} as const;

// Hints under the inputs, so the four inputs of the row stay aligned whatever the hint's length.
const HINT_BELOW: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
];

/** Campaign form (spec 3 §2, §5): channel type and channel, audience, period, tries and the message per channel. */
export function CampaignForm(props: { campaign: TCampaign | null; onDone: () => void }) {
  const user = useCurrentUser();
  const tz = useCompanyFeatures().data?.timezone ?? user.timezone;
  const save = useSaveCampaign();
  const form = useForm<CampaignFormValues>({
    mode: 'controlled',
    initialValues: props.campaign ? fromCampaign(props.campaign, tz) : emptyCampaign(),
    validate: (values) => validateCampaign(values, tz),
  });
  const v = form.getValues();
  const kind = v.channel;
  const whatsappKind = kind === 'waent' || kind === 'waweb' ? kind : null;

  const channels = useCampaignChannels(whatsappKind);
  // Always asked: `enabled` (feature flag sms_campaign) decides whether SMS is offered at all.
  const brokers = useSmsBrokers(true);
  const channelId = kind === 'sms' ? Number(v.sms_broker) || null : Number(v.channel_id) || null;
  const templates = useCampaignTemplates(kind === 'waent' ? channelId : null);
  const toSubscribers = kind !== 'sms' && v.to_subscribers;
  const subscribers = useSubscriberCount(kind || 'waent', toSubscribers ? channelId : null);
  const input = toCampaignInput(v, tz);
  const mailings = useCampaignMailings({
    valid_from: input.valid_from ?? undefined,
    valid_to: input.valid_to ?? undefined,
    include_id: props.campaign?.mailing_id ?? undefined,
  });
  const mailing = mailings.data?.find((m) => String(m.id) === v.mailing_id) ?? null;
  const columns = useMemo(() => mailing?.params.map((p) => p.label) ?? [], [mailing]);

  // The phone column defaults to the mailing's column keyed to the channel's kind (is_key_to_channel).
  useEffect(() => {
    if (!mailing || !kind || form.getValues().field) return;
    const keyed = mailing.params.find((p) => p.is_key_to_channel.includes(kind));
    if (keyed) form.setFieldValue('field', keyed.label);
  }, [mailing, kind, form]);

  const template = templates.data?.find((t) => String(t.id) === v.hsm_template) ?? null;
  useEffect(() => {
    if (!template) return;
    const current = form.getValues().mailing_columns;
    if (current.length !== template.params)
      form.setFieldValue('mailing_columns', resizeVariables(current, template.params));
  }, [template, form]);

  const submit = form.onSubmit((values) => {
    save.mutate(
      { id: props.campaign?.id ?? null, body: toCampaignInput(values, tz) },
      { onSuccess: props.onDone },
    );
  });

  const channelOptions = (channels.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  const brokerOptions = (brokers.data?.brokers ?? []).map((b) => ({
    value: String(b.id),
    label: b.provider ? `${b.name} (${b.provider})` : b.name,
  }));
  const mailingOptions = (mailings.data ?? []).map((m) => ({
    value: String(m.id),
    label: `${m.title} · ${m.row_count} ${m.row_count === 1 ? 'contato' : 'contatos'}`,
  }));
  const noMailings = mailings.isSuccess && mailingOptions.length === 0;

  return (
    <form onSubmit={submit} noValidate aria-label={props.campaign ? 'Editar campanha' : 'Nova campanha'}>
      <Stack gap="md">
        <Card>
          <Title order={4} mb="sm">
            Dados da campanha
          </Title>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <TextInput
              label="Título"
              withAsterisk
              maxLength={CAMPAIGN_LIMITS.title}
              {...form.getInputProps('title')}
            />
            <Select
              label="Tipo de canal"
              withAsterisk
              placeholder="Selecione"
              data={CHANNEL_TYPES.filter(
                (c) => c !== 'sms' || kind === 'sms' || brokers.data?.enabled !== false,
              ).map((c) => ({ value: c, label: CAMPAIGN_CHANNEL_LABEL[c] }))}
              value={kind || null}
              error={form.errors.channel}
              allowDeselect={false}
              disabled={props.campaign !== null}
              onChange={(value) => {
                form.setValues({
                  channel: (value ?? '') as TCampaignChannel | '',
                  channel_id: '',
                  sms_broker: '',
                  hsm_template: '',
                  mailing_columns: [],
                  to_subscribers: value === 'sms' ? false : form.getValues().to_subscribers,
                });
                form.clearErrors();
              }}
            />
            {kind === 'sms' ? (
              <Select
                label="Broker"
                withAsterisk
                placeholder={brokers.isPending ? 'Carregando…' : 'Selecione o broker de SMS'}
                data={brokerOptions}
                nothingFoundMessage="Nenhum canal de SMS cadastrado"
                {...form.getInputProps('sms_broker')}
                value={v.sms_broker || null}
                onChange={(value) => form.setFieldValue('sms_broker', value ?? '')}
              />
            ) : (
              <Select
                label="Canal"
                withAsterisk
                placeholder={
                  !kind ? 'Escolha o tipo de canal' : channels.isPending ? 'Carregando…' : 'Selecione o canal'
                }
                disabled={!kind}
                data={channelOptions}
                nothingFoundMessage="Nenhum canal deste tipo"
                {...form.getInputProps('channel_id')}
                value={v.channel_id || null}
                onChange={(value) => {
                  form.setValues({ channel_id: value ?? '', hsm_template: '', mailing_columns: [] });
                }}
              />
            )}
          </SimpleGrid>
          {kind === 'sms' && brokers.data && !brokers.data.enabled ? (
            <Alert color="yellow" icon={<IconAlertTriangle />} mt="sm">
              {CAMPAIGN_MSG.smsDisabled}
            </Alert>
          ) : null}
          {whatsappKind && channels.isSuccess && channelOptions.length === 0 ? (
            <Alert color="yellow" icon={<IconAlertTriangle />} mt="sm">
              {`Nenhum canal de ${CAMPAIGN_CHANNEL_LABEL[whatsappKind]} cadastrado.`}
            </Alert>
          ) : null}
        </Card>

        <Card>
          <Title order={4} mb="sm">
            Público
          </Title>
          <Radio.Group
            label="Enviar para"
            value={toSubscribers ? 'subscribers' : 'mailing'}
            onChange={(value) => form.setFieldValue('to_subscribers', value === 'subscribers')}
            mb="sm"
          >
            <Group mt={6}>
              <Radio value="mailing" label="Um mailing" />
              <Radio
                value="subscribers"
                label="Todos os inscritos (opt-in) do canal"
                disabled={kind === 'sms'}
              />
            </Group>
          </Radio.Group>
          {toSubscribers ? (
            <Alert
              color={subscribers.data?.total === 0 ? 'yellow' : 'blue'}
              icon={subscribers.data?.total === 0 ? <IconAlertTriangle /> : <IconUsers />}
            >
              {channelId === null
                ? 'Selecione o canal para ver quantos inscritos ativos ele tem.'
                : subscribers.isPending
                  ? 'Contando inscritos…'
                  : subscribers.data?.total === 0
                    ? CAMPAIGN_MSG.noSubscribers
                    : `${subscribers.data?.total ?? 0} inscritos ativos receberão esta campanha.`}
            </Alert>
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <Select
                label="Mailing"
                withAsterisk
                placeholder={mailings.isPending ? 'Carregando…' : 'Selecione o mailing'}
                data={mailingOptions}
                searchable
                nothingFoundMessage="Nenhum mailing ativo no período"
                {...form.getInputProps('mailing_id')}
                value={v.mailing_id || null}
                onChange={(value) => form.setValues({ mailing_id: value ?? '', field: '', filters: [] })}
                description="Mailings ativos no período da campanha."
                inputWrapperOrder={HINT_BELOW}
              />
              <Select
                label="Coluna do telefone"
                withAsterisk
                placeholder={mailing ? 'Selecione a coluna' : 'Escolha o mailing'}
                disabled={!mailing}
                data={columns}
                {...form.getInputProps('field')}
                value={v.field || null}
                onChange={(value) => form.setFieldValue('field', value ?? '')}
              />
            </SimpleGrid>
          )}
          {!toSubscribers && mailing ? (
            <MailingFilters
              mailingId={mailing.id}
              columns={columns}
              value={v.filters}
              onChange={(rows) => form.setFieldValue('filters', rows)}
            />
          ) : null}
          {!toSubscribers && noMailings ? (
            <Text size="sm" c="dimmed" mt="xs">
              Nenhum mailing ativo no período: importe um em Mailing ou ajuste as datas.
            </Text>
          ) : null}
        </Card>

        <Card>
          <Title order={4} mb="sm">
            Período e tentativas
          </Title>
          <SimpleGrid cols={{ base: 1, md: 4 }}>
            <DateTimePicker
              label="Início do envio"
              {...pickerProps}
              inputWrapperOrder={HINT_BELOW}
              value={v.valid_from}
              onChange={(value) => form.setFieldValue('valid_from', value)}
              error={form.errors.valid_from}
              description="Vazio: assim que for preparada."
            />
            <DateTimePicker
              label="Data limite"
              withAsterisk={kind !== 'waweb'}
              {...pickerProps}
              inputWrapperOrder={HINT_BELOW}
              value={v.valid_to}
              onChange={(value) => form.setFieldValue('valid_to', value)}
              error={form.errors.valid_to}
              description={CAMPAIGN_MSG.limitDateHint}
            />
            <DateTimePicker
              label="Agendamento"
              {...pickerProps}
              inputWrapperOrder={HINT_BELOW}
              value={v.schedule_date}
              onChange={(value) => form.setFieldValue('schedule_date', value)}
              error={form.errors.schedule_date}
              description="Opcional: a data e hora de começar."
            />
            <NumberInput
              label="Tentativas"
              min={CAMPAIGN_LIMITS.minTries}
              max={CAMPAIGN_LIMITS.maxTries}
              allowDecimal={false}
              {...form.getInputProps('tries')}
              onChange={(value) => form.setFieldValue('tries', typeof value === 'number' ? value : 1)}
              description={`De ${CAMPAIGN_LIMITS.minTries} a ${CAMPAIGN_LIMITS.maxTries} por contato.`}
              inputWrapperOrder={HINT_BELOW}
            />
          </SimpleGrid>
        </Card>

        <Card>
          <Title order={4} mb="sm">
            Mensagem
          </Title>
          {!kind ? (
            <Group gap="xs" c="dimmed">
              <IconInfoCircle size={16} />
              <Text size="sm">Escolha o tipo de canal para compor a mensagem.</Text>
            </Group>
          ) : kind === 'waent' ? (
            <TemplateFields
              form={form}
              templates={templates.data ?? []}
              loading={templates.isFetching}
              channelChosen={channelId !== null}
              columns={toSubscribers ? [] : columns}
            />
          ) : kind === 'waweb' ? (
            <WawebMessageFields form={form} columns={toSubscribers ? [] : columns} />
          ) : (
            <SmsMessageFields form={form} columns={columns} />
          )}
        </Card>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onDone} disabled={save.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={save.isPending}>
            {props.campaign ? 'Salvar alterações' : 'Criar campanha'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
