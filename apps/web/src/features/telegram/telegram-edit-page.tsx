import {
  Alert,
  Button,
  Card,
  Group,
  PasswordInput,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { GENERIC_CHANNEL_PATH } from '@prosa/shared/generic-channels';
import {
  TELEGRAM_MODE_LABEL,
  TELEGRAM_MSG,
  type TTelegramChannel,
  type TTelegramChannelPatch,
  ZTelegramChannelInput,
  ZTelegramChannelPatch,
} from '@prosa/shared/telegram';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { zodValidate } from '../../lib/zod-form';
import { type TSector, useSectors } from '../sectors/api';
import { useSaveTelegramChannel, useTelegramChannel } from './api';
import { parseEditParams } from './edit-params';

type Values = { name: string; default_sector_id: string | null; token: string };

const bodyOf = (v: Values, editing: boolean): TTelegramChannelPatch => ({
  name: v.name,
  ...(v.default_sector_id ? { default_sector_id: Number(v.default_sector_id) } : {}),
  ...(editing && !v.token.trim() ? {} : { token: v.token.trim() }),
});

/** main.telegram-edit?id=&typeId=1&step=1: a bot's name, sector and token (checked at Telegram on save). */
export function TelegramEditPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { id, wrongType } = parseEditParams(params);
  const loaded = useTelegramChannel(wrongType ? null : id);
  const sectors = useSectors();
  const back = () => navigate(GENERIC_CHANNEL_PATH.tg);

  // A NewChat id (the other generic type) opened here: say so and go back to the list (spec 2 §8).
  const loadMessage = loaded.isError ? errorMessage(loaded.error) : undefined;
  useEffect(() => {
    if (wrongType || loadMessage === TELEGRAM_MSG.wrongType) {
      toast.error(TELEGRAM_MSG.wrongType);
      navigate(GENERIC_CHANNEL_PATH.tg, { replace: true });
    }
  }, [wrongType, loadMessage, navigate]);

  const title = id === null ? 'Novo canal do Telegram' : 'Editar canal do Telegram';
  return (
    <Stack gap="lg" maw={720}>
      <PageHeader
        title={title}
        description="Crie o bot com o @BotFather no Telegram e informe o token que ele enviar."
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
          <Alert color="red" icon={<IconAlertCircle />} title={TELEGRAM_MSG.notFound}>
            {loadMessage ?? 'Tente novamente em instantes.'}
          </Alert>
        ) : (
          <ChannelForm
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

function ChannelForm(props: {
  channel: TTelegramChannel | null;
  sectors: TSector[];
  sectorsLoading: boolean;
  onDone: () => void;
}) {
  const editing = props.channel !== null;
  const save = useSaveTelegramChannel();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      name: props.channel?.name ?? '',
      default_sector_id: props.channel ? String(props.channel.default_sector_id) : null,
      token: '',
    },
    validate: zodValidate(editing ? ZTelegramChannelPatch : ZTelegramChannelInput, (v: Values) =>
      bodyOf(v, editing),
    ),
  });
  const sectors = [...props.sectors]
    .sort((a, b) => a.position - b.position)
    .map((s) => ({ value: String(s.id), label: s.name }));

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) =>
        save.mutate({ id: props.channel?.id ?? null, body: bodyOf(v, editing) }, { onSuccess: props.onDone }),
      )}
    >
      <Stack gap="md">
        <TextInput label="Nome do Canal" withAsterisk maxLength={80} {...form.getInputProps('name')} />
        <Select
          label="Setor"
          description="Os atendimentos do bot entram na fila deste setor."
          withAsterisk
          placeholder={props.sectorsLoading ? 'Carregando…' : 'Selecione'}
          data={sectors}
          searchable
          nothingFoundMessage="Nenhum setor encontrado"
          {...form.getInputProps('default_sector_id')}
        />
        <PasswordInput
          label="Token"
          withAsterisk={!editing}
          placeholder={props.channel?.token_hint || '123456789:AAE…'}
          description={
            editing
              ? 'Deixe em branco para manter o token atual.'
              : 'O token é conferido no Telegram ao salvar e nunca é exibido de novo.'
          }
          autoComplete="off"
          {...form.getInputProps('token')}
        />
        {props.channel ? (
          <Text size="sm" c="dimmed">
            Bot @{props.channel.username} · recebimento por {TELEGRAM_MODE_LABEL[props.channel.mode]}
          </Text>
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
