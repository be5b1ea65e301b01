import {
  Alert,
  Button,
  Card,
  Divider,
  Group,
  Select,
  Skeleton,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { SMS_BROKER_LABEL, SMS_BROKERS, SMS_MSG, type TSmsBroker, type TSmsChannel } from '@prosa/shared/sms';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api';
import { type TSector, useSectors } from '../sectors/api';
import { useSaveSmsChannel, useSmsChannel } from './api';
import { BrokerFields } from './broker-fields';
import { ConditionalsEditor } from './conditionals-editor';
import { bodyOf, initialValues, type SmsFormValues, validateSms } from './sms-form-values';
import { WebhookUrl } from './webhook-url';

const BROKERS = SMS_BROKERS.map((b) => ({ value: b, label: SMS_BROKER_LABEL[b] }));

const idOf = (params: URLSearchParams) => {
  const n = Number(params.get('id'));
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** An SMS channel's form: broker, name, sector, the broker's fields, conditionals and the webhook to paste. */
export function SmsEditPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = idOf(params);
  const loaded = useSmsChannel(id);
  const sectors = useSectors();
  const back = () => navigate('/channels/sms');
  return (
    <Stack gap="lg" maw={880}>
      <PageHeader
        title={id === null ? 'Novo canal SMS' : 'Editar canal SMS'}
        description="Informe os dados do broker. Depois de salvar, cadastre o webhook no painel do broker."
        actions={
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={back}>
            Voltar
          </Button>
        }
      />
      <Card withBorder padding="lg">
        {id !== null && loaded.isPending ? (
          <Stack gap="md" aria-busy>
            <Skeleton h={36} />
            <Skeleton h={36} />
            <Skeleton h={36} />
          </Stack>
        ) : id !== null && loaded.isError ? (
          <Alert color="red" icon={<IconAlertCircle />} title={SMS_MSG.notFound}>
            {errorMessage(loaded.error, 'Tente novamente em instantes.')}
          </Alert>
        ) : (
          <SmsForm
            key={loaded.data?.id ?? 'new'}
            channel={id === null ? null : (loaded.data ?? null)}
            sectors={sectors.data ?? []}
            sectorsLoading={sectors.isPending}
            onDone={back}
          />
        )}
      </Card>
    </Stack>
  );
}

function SmsForm(props: {
  channel: TSmsChannel | null;
  sectors: TSector[];
  sectorsLoading: boolean;
  onDone: () => void;
}) {
  const editing = props.channel !== null;
  const save = useSaveSmsChannel();
  const form = useForm<SmsFormValues>({
    mode: 'controlled',
    initialValues: initialValues(props.channel),
    validate: (v) => validateSms(v, editing),
  });
  const sectors = [...props.sectors]
    .sort((a, b) => a.position - b.position)
    .map((s) => ({ value: String(s.id), label: s.name }));
  const broker = form.values.gateway;
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) =>
        save.mutate({ id: props.channel?.id ?? null, body: bodyOf(v) }, { onSuccess: props.onDone }),
      )}
    >
      <Stack gap="md">
        <Group grow align="flex-start">
          <Select
            label="Broker"
            withAsterisk
            placeholder="Selecione"
            data={BROKERS}
            allowDeselect={false}
            {...form.getInputProps('gateway')}
            onChange={(v) => form.setFieldValue('gateway', (v as TSmsBroker | null) ?? null)}
          />
          <TextInput label="Nome do Canal" withAsterisk maxLength={80} {...form.getInputProps('name')} />
        </Group>
        <Group grow align="flex-start">
          <Select
            label="Setor padrão"
            description="Onde entram as conversas que nenhuma condição escolhe."
            withAsterisk
            placeholder={props.sectorsLoading ? 'Carregando…' : 'Selecione'}
            data={sectors}
            searchable
            nothingFoundMessage="Nenhum setor encontrado"
            {...form.getInputProps('default_sector_id')}
          />
          <Switch
            mt={32}
            label="Canal ativo"
            description="Inativo: não recebe mensagens do broker nem aparece no SMS ativo."
            {...form.getInputProps('active', { type: 'checkbox' })}
          />
        </Group>
        {broker ? (
          <>
            <Divider label={`Dados do broker ${SMS_BROKER_LABEL[broker]}`} labelPosition="left" />
            <BrokerFields
              form={form}
              broker={broker}
              editing={editing}
              tokenHint={props.channel?.extra_data.token_hint ?? ''}
            />
          </>
        ) : null}
        <Divider />
        <ConditionalsEditor form={form} sectors={sectors} />
        {props.channel ? (
          <>
            <Divider />
            <WebhookUrl channelId={props.channel.id} />
          </>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onDone} disabled={save.isPending}>
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
