import {
  Button,
  Divider,
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  MESSAGING_LIMIT_LABEL,
  MESSAGING_LIMIT_TIERS,
  type TMessagingLimit,
  type TWaentChannel,
  type TWaentChannelPatch,
  WAENT_DEFAULT_API,
  ZWaentChannelInput,
  ZWaentChannelPatch,
} from '@prosa/shared/waent';
import { zodValidate } from '../../lib/zod-form';
import type { TSector } from '../sectors/api';

type Props = {
  /** null: closed; 'new': creating; a channel: editing it. */
  target: TWaentChannel | 'new' | null;
  sectors: TSector[];
  saving: boolean;
  onSave: (id: number | null, body: TWaentChannelPatch) => void;
  onClose: () => void;
};

export type TWaentFormValues = {
  name: string;
  default_sector_id: string | null;
  broker: string;
  phone_number: string;
  phone_number_id: string;
  waba_id: string;
  display_name: string;
  access_token: string;
  app_secret: string;
  verify_token: string;
  api_base_url: string;
  messages_per_second: number | string;
  messaging_limit: TMessagingLimit;
  is_active: boolean;
};

const BROKERS = [
  { value: 'meta', label: 'Meta (Cloud API)' },
  { value: 'outro', label: 'Outro provedor (Cloud API)' },
];

export function formValuesFrom(c: TWaentChannel | null): TWaentFormValues {
  return {
    name: c?.name ?? '',
    default_sector_id: c ? String(c.default_sector_id) : null,
    broker: c?.broker ?? 'meta',
    phone_number: c?.phone_number ?? '',
    phone_number_id: c?.phone_number_id ?? '',
    waba_id: c?.waba_id ?? '',
    display_name: c?.display_name ?? '',
    access_token: '',
    app_secret: '',
    verify_token: '',
    api_base_url: c?.api_base_url ?? WAENT_DEFAULT_API,
    messages_per_second: c?.messages_per_second ?? 80,
    messaging_limit: c?.messaging_limit ?? 'unlimited',
    is_active: c?.is_active ?? true,
  };
}

/** The request body: blank secrets are left out on update (the server keeps them). */
export function toChannelBody(v: TWaentFormValues, editing: boolean): TWaentChannelPatch {
  const body: TWaentChannelPatch = {
    name: v.name.trim(),
    default_sector_id: v.default_sector_id ? Number(v.default_sector_id) : (undefined as unknown as number),
    broker: v.broker,
    phone_number: v.phone_number.trim(),
    phone_number_id: v.phone_number_id.trim(),
    waba_id: v.waba_id.trim(),
    display_name: v.display_name.trim(),
    api_base_url: v.api_base_url.trim(),
    messages_per_second: Number(v.messages_per_second),
    messaging_limit: v.messaging_limit,
    is_active: v.is_active,
  };
  for (const k of ['access_token', 'app_secret', 'verify_token'] as const) {
    if (v[k].trim() || !editing) body[k] = v[k].trim();
  }
  return body;
}

export function WaentChannelModal({ target, ...props }: Props) {
  const editing = target !== null && target !== 'new' ? target : null;
  return (
    <Modal
      opened={target !== null}
      onClose={props.onClose}
      title={editing ? `Editar canal — ${editing.name}` : 'Novo canal WhatsApp Enterprise'}
      size="lg"
      closeOnClickOutside={false}
    >
      {target !== null ? <ChannelForm key={editing?.id ?? 'new'} channel={editing} {...props} /> : null}
    </Modal>
  );
}

function ChannelForm(props: Omit<Props, 'target'> & { channel: TWaentChannel | null }) {
  const editing = props.channel !== null;
  const form = useForm<TWaentFormValues>({
    mode: 'controlled',
    initialValues: formValuesFrom(props.channel),
    validate: zodValidate(editing ? ZWaentChannelPatch : ZWaentChannelInput, (v: TWaentFormValues) =>
      toChannelBody(v, editing),
    ),
  });
  const sectors = [...props.sectors]
    .sort((a, b) => a.position - b.position)
    .map((s) => ({ value: String(s.id), label: s.name }));
  const keep = editing ? 'Deixe em branco para manter' : undefined;

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) => props.onSave(props.channel?.id ?? null, toChannelBody(v, editing)))}
    >
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
            {...form.getInputProps('default_sector_id')}
          />
          <Select
            label="Provedor"
            description="Quem entrega as mensagens (broker)"
            withAsterisk
            data={BROKERS}
            allowDeselect={false}
            {...form.getInputProps('broker')}
          />
          <TextInput
            label="Número"
            placeholder="+55 11 99999-0000"
            maxLength={20}
            {...form.getInputProps('phone_number')}
          />
          <TextInput
            label="Identificador do número"
            description="Phone number ID no painel da Meta"
            withAsterisk
            maxLength={40}
            {...form.getInputProps('phone_number_id')}
          />
          <TextInput
            label="Conta do WhatsApp Business (WABA)"
            description="WABA ID no painel da Meta"
            withAsterisk
            maxLength={40}
            {...form.getInputProps('waba_id')}
          />
        </SimpleGrid>
        <Divider label="Credenciais" labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <PasswordInput
            label="Token de acesso"
            withAsterisk={!editing}
            placeholder={props.channel?.access_token || undefined}
            description={keep}
            autoComplete="off"
            {...form.getInputProps('access_token')}
          />
          <PasswordInput
            label="Segredo do app"
            withAsterisk={!editing}
            placeholder={props.channel?.app_secret || undefined}
            description={keep ? `App secret no painel da Meta. ${keep}` : 'App secret no painel da Meta'}
            autoComplete="off"
            {...form.getInputProps('app_secret')}
          />
          <PasswordInput
            label="Token de verificação do webhook"
            withAsterisk={!editing}
            placeholder={props.channel?.verify_token || undefined}
            description={keep}
            autoComplete="off"
            {...form.getInputProps('verify_token')}
          />
          <NumberInput
            label="Mensagens por segundo"
            description="80 por número; até 1.000 com throughput ampliado; 20 se o número também usa o app WhatsApp Business."
            min={1}
            max={1000}
            allowDecimal={false}
            {...form.getInputProps('messages_per_second')}
          />
          <Select
            label="Limite de contatos únicos em 24 horas"
            description="Limite de mensagens do portfólio na Meta; as campanhas aguardam quando ele é atingido."
            data={MESSAGING_LIMIT_TIERS.map((t) => ({ value: t, label: MESSAGING_LIMIT_LABEL[t] }))}
            allowDeselect={false}
            {...form.getInputProps('messaging_limit')}
          />
        </SimpleGrid>
        <TextInput
          label="URL da API"
          description="Graph API da Meta ou do broker."
          maxLength={300}
          {...form.getInputProps('api_base_url')}
        />
        <Switch label="Ativo" {...form.getInputProps('is_active', { type: 'checkbox' })} />
      </Stack>
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
