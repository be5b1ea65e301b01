import { Group, PasswordInput, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { isGenericBroker, SMS_DEFAULT_BASE_URL, type TSmsBroker } from '@prosa/shared/sms';
import type { SmsFormValues } from './sms-form-values';

type Props = {
  form: UseFormReturnType<SmsFormValues>;
  broker: TSmsBroker;
  editing: boolean;
  tokenHint: string;
};

/** extra_data of each broker: its API's credentials, or the generic broker's HTTP call and webhook fields. */
export function BrokerFields({ form, broker, editing, tokenHint }: Props) {
  if (isGenericBroker(broker)) return <GenericFields form={form} editing={editing} />;
  const tokenLabel =
    broker === 'zenvia'
      ? 'Token da API (X-API-TOKEN)'
      : broker === 'infobip'
        ? 'API key'
        : 'AuthenticationToken';
  return (
    <Stack gap="md">
      <TextInput
        label="Endereço da API"
        placeholder={SMS_DEFAULT_BASE_URL[broker as 'zenvia']}
        description="Deixe em branco para usar o endereço padrão do broker."
        {...form.getInputProps('base_url')}
      />
      {broker === 'movile' ? (
        <TextInput label="UserName" withAsterisk {...form.getInputProps('username')} />
      ) : (
        <TextInput
          label="Remetente"
          description="O remetente cadastrado no broker (from)."
          withAsterisk
          maxLength={40}
          {...form.getInputProps('sender')}
        />
      )}
      <PasswordInput
        label={tokenLabel}
        withAsterisk={!editing}
        placeholder={tokenHint}
        description={editing ? 'Deixe em branco para manter a credencial atual.' : 'Nunca é exibida de novo.'}
        autoComplete="off"
        {...form.getInputProps('token')}
      />
    </Stack>
  );
}

function GenericFields({ form, editing }: { form: UseFormReturnType<SmsFormValues>; editing: boolean }) {
  const get = (k: keyof SmsFormValues['generic']) => form.getInputProps(`generic.${k}`);
  const method = form.values.generic.method;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Descreva a chamada de envio do broker. Use {'{{to}}'}, {'{{message}}'} e {'{{id}}'} onde entram o
        número, o texto e o identificador do Prosa.
      </Text>
      <Group grow align="flex-start">
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Método
          </Text>
          <SegmentedControl data={['POST', 'GET']} {...get('method')} />
        </Stack>
        {method === 'POST' ? (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Formato do corpo
            </Text>
            <SegmentedControl
              data={[
                { value: 'json', label: 'JSON' },
                { value: 'form', label: 'Formulário' },
              ]}
              {...get('body_format')}
            />
          </Stack>
        ) : null}
      </Group>
      <TextInput
        label="URL de envio"
        withAsterisk
        placeholder="https://api.broker.com.br/sms/enviar"
        {...get('send_url')}
      />
      <Textarea
        label="Cabeçalhos"
        description={
          editing
            ? 'Um por linha (Nome: valor). Deixe em branco para manter os atuais.'
            : 'Um por linha (Nome: valor), ex.: Authorization: Bearer …'
        }
        autosize
        minRows={2}
        {...form.getInputProps('headers')}
      />
      {method === 'POST' ? (
        <Textarea label="Corpo" withAsterisk autosize minRows={2} ff="monospace" {...get('body_template')} />
      ) : null}
      <TextInput
        label="Campo do identificador na resposta"
        withAsterisk
        placeholder="ex.: resultado.id"
        {...get('response_id_path')}
      />
      <Group grow>
        <TextInput
          label="Campo do remetente (recebidas)"
          withAsterisk
          placeholder="ex.: origem"
          {...get('inbound_from_path')}
        />
        <TextInput
          label="Campo do texto (recebidas)"
          withAsterisk
          placeholder="ex.: mensagem"
          {...get('inbound_text_path')}
        />
        <TextInput
          label="Campo do identificador (recebidas)"
          placeholder="ex.: id"
          {...get('inbound_id_path')}
        />
      </Group>
      <Group grow>
        <TextInput label="Campo do identificador (status)" placeholder="ex.: id" {...get('status_id_path')} />
        <TextInput label="Campo do status" placeholder="ex.: status" {...get('status_value_path')} />
      </Group>
      <Group grow>
        <TextInput
          label="Valores de entregue"
          placeholder="ex.: entregue, delivered"
          {...get('status_delivered')}
        />
        <TextInput label="Valores de falha" placeholder="ex.: falha, rejeitado" {...get('status_failed')} />
      </Group>
    </Stack>
  );
}
