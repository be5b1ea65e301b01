import {
  Button,
  Group,
  PasswordInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  SMART_GATEWAY_LABEL,
  SMART_GATEWAYS,
  SMART_MEDIUM_LABEL,
  SMART_MSG,
  SMART_TEXT_MAX,
  type TSmartChannel,
  type TSmartChannelInput,
  type TSmartGateway,
  type TSmartMedium,
} from '@prosa/shared/smart';
import { SMS_DEFAULT_BASE_URL } from '@prosa/shared/sms';
import { useSaveSmartChannel } from './api';

type Values = {
  gateway: TSmartGateway | null;
  name: string;
  default_sector_id: string | null;
  active: boolean;
  hasTranshipment: boolean;
  medium: TSmartMedium;
  base_url: string;
  token: string;
  sender: string;
  whatsapp_sender: string;
};

const bodyOf = (v: Values): TSmartChannelInput => ({
  gateway: v.gateway ?? 'zenvia',
  name: v.name,
  default_sector_id: Number(v.default_sector_id ?? 0),
  active: v.active,
  hasTranshipment: v.medium === 'whatsapp' && v.hasTranshipment,
  extra_data: {
    medium: v.medium,
    base_url: v.base_url.trim(),
    token: v.token.trim(),
    sender: v.sender.trim(),
    whatsapp_sender: v.whatsapp_sender.trim(),
  },
});

/** Spec 2 §5: gateway, name, default sector and every extra_data value defined. */
function validate(v: Values, editing: boolean): Record<string, string> {
  const e: Record<string, string> = {};
  const need = (k: keyof Values, ok: boolean) => {
    if (!ok) e[k] = SMART_MSG.required;
  };
  need('gateway', v.gateway !== null);
  need('name', v.name.trim() !== '');
  need('default_sector_id', v.default_sector_id !== null);
  need('base_url', v.base_url.trim() !== '');
  need('sender', v.sender.trim() !== '');
  need('token', editing || v.token.trim() !== '');
  if (v.medium === 'whatsapp') need('whatsapp_sender', v.whatsapp_sender.trim() !== '');
  return e;
}

export function SmartForm(props: {
  channel: TSmartChannel | null;
  sectors: { value: string; label: string }[];
  onDone: () => void;
}) {
  const ch = props.channel;
  const editing = ch !== null;
  const save = useSaveSmartChannel();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      gateway: ch?.gateway ?? null,
      name: ch?.name ?? '',
      default_sector_id: ch ? String(ch.default_sector_id) : null,
      active: ch?.active ?? true,
      hasTranshipment: ch?.hasTranshipment ?? false,
      medium: ch?.extra_data.medium ?? 'sms',
      base_url: ch?.extra_data.base_url ?? '',
      token: '',
      sender: ch?.extra_data.sender ?? '',
      whatsapp_sender: ch?.extra_data.whatsapp_sender ?? '',
    },
    validate: (v) => validate(v, editing),
  });
  const v = form.values;
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        save.mutate({ id: ch?.id ?? null, body: bodyOf(values) }, { onSuccess: props.onDone }),
      )}
    >
      <Stack gap="md">
        <Group grow align="flex-start">
          <Select
            label="Gateway"
            withAsterisk
            placeholder="Selecione"
            allowDeselect={false}
            data={SMART_GATEWAYS.map((g) => ({ value: g, label: SMART_GATEWAY_LABEL[g] }))}
            {...form.getInputProps('gateway')}
            onChange={(g) => {
              form.setFieldValue('gateway', (g as TSmartGateway | null) ?? null);
              if (g && !v.base_url) form.setFieldValue('base_url', SMS_DEFAULT_BASE_URL[g as TSmartGateway]);
            }}
          />
          <TextInput label="Nome" withAsterisk maxLength={80} {...form.getInputProps('name')} />
        </Group>
        <Select
          label="Setor padrão"
          withAsterisk
          placeholder="Selecione"
          data={props.sectors}
          searchable
          nothingFoundMessage="Nenhum setor encontrado"
          {...form.getInputProps('default_sector_id')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Mídia
          </Text>
          <SegmentedControl
            data={(['sms', 'whatsapp'] as const).map((m) => ({ value: m, label: SMART_MEDIUM_LABEL[m] }))}
            {...form.getInputProps('medium')}
          />
          <Text size="xs" c="dimmed">
            Mensagens de até {SMART_TEXT_MAX[v.medium]} caracteres; o excedente é cortado.
          </Text>
        </Stack>
        <TextInput label="Endereço da API" withAsterisk {...form.getInputProps('base_url')} />
        <PasswordInput
          label="Token"
          withAsterisk={!editing}
          placeholder={ch?.extra_data.token_hint}
          description={editing ? 'Deixe em branco para manter o token atual.' : undefined}
          autoComplete="off"
          {...form.getInputProps('token')}
        />
        <Group grow align="flex-start">
          <TextInput label="Remetente SMS" withAsterisk maxLength={40} {...form.getInputProps('sender')} />
          {v.medium === 'whatsapp' ? (
            <TextInput
              label="Número do WhatsApp"
              withAsterisk
              maxLength={40}
              {...form.getInputProps('whatsapp_sender')}
            />
          ) : null}
        </Group>
        <Switch
          label="Ativo"
          description="Inativo: não recebe mensagens do gateway nem aparece no SMS ativo."
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
        {v.medium === 'whatsapp' ? (
          <Switch
            label="Transbordo para SMS"
            description="Se o gateway recusar a mensagem de WhatsApp para o número, ela é enviada por SMS (até 250 caracteres)."
            {...form.getInputProps('hasTranshipment', { type: 'checkbox' })}
          />
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
