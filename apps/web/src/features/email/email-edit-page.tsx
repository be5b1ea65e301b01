import {
  Alert,
  Button,
  Card,
  Divider,
  Group,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  EMAIL_MSG,
  type TEmailCheck,
  type TEmailConfig,
  type TEmailConfigPatch,
  ZEmailConfigInput,
  ZEmailConfigPatch,
} from '@prosa/shared/email';
import {
  IconAlertCircle,
  IconAlertTriangle,
  IconArrowLeft,
  IconCircleCheck,
  IconPlugConnected,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api';
import { zodValidate } from '../../lib/zod-form';
import { type TSector, useSectors } from '../sectors/api';
import { useCheckEmailConfig, useEmailConfig, useSaveEmailConfig } from './api';
import { EMAIL_LIST_PATH } from './email-configs-page';

type Values = Omit<Required<TEmailConfigPatch>, 'default_sector_id'> & { default_sector_id: string | null };

const bodyOf = (v: Values, editing: boolean): TEmailConfigPatch => {
  const { default_sector_id, imap_password, smtp_password, ...rest } = v;
  return {
    ...rest,
    ...(default_sector_id ? { default_sector_id: Number(default_sector_id) } : {}),
    ...(editing && !imap_password ? {} : { imap_password }),
    ...(editing && !smtp_password ? {} : { smtp_password }),
  };
};

/** main.create-email (/channels/email/new | /channels/email/:id): the mailbox read, the SMTP server, the sender. */
export function EmailEditPage() {
  const navigate = useNavigate();
  const params = useParams();
  const id = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const loaded = useEmailConfig(id);
  const sectors = useSectors();
  const back = () => navigate(EMAIL_LIST_PATH);

  return (
    <Stack gap="lg" maw={860}>
      <PageHeader
        title={id === null ? 'Nova configuração de e-mail' : 'Editar configuração de e-mail'}
        description="Informe a caixa que o Prosa lê (IMAP) e o servidor por onde as respostas saem (SMTP)."
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
          <Alert color="red" icon={<IconAlertCircle />} title={EMAIL_MSG.notFound}>
            {errorMessage(loaded.error, 'Tente novamente em instantes.')}
          </Alert>
        ) : (
          <ConfigForm
            key={loaded.data?.id ?? 'new'}
            config={id === null ? null : (loaded.data ?? null)}
            sectors={sectors.data ?? []}
            sectorsLoading={sectors.isPending}
            onDone={back}
          />
        )}
      </Card>
    </Stack>
  );
}

function CheckResult({ result }: { result: TEmailCheck }) {
  if (result.ok)
    return (
      <Alert color="teal" icon={<IconCircleCheck />} title="Conexões funcionando">
        {result.message}
      </Alert>
    );
  // spec 2 §8: a failed check is shown as a warning naming which connection failed and why.
  return (
    <Alert color="yellow" icon={<IconAlertTriangle />} title="Alerta!">
      <Stack gap={4}>
        <Text size="sm">IMAP: {result.imap.ok ? 'ok' : result.imap.error}</Text>
        <Text size="sm">SMTP: {result.smtp.ok ? 'ok' : result.smtp.error}</Text>
      </Stack>
    </Alert>
  );
}

function ConfigForm(props: {
  config: TEmailConfig | null;
  sectors: TSector[];
  sectorsLoading: boolean;
  onDone: () => void;
}) {
  const c = props.config;
  const editing = c !== null;
  const save = useSaveEmailConfig();
  const check = useCheckEmailConfig();
  const [checked, setChecked] = useState<TEmailCheck | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      name: c?.name ?? '',
      default_sector_id: c ? String(c.default_sector_id) : null,
      imap_host: c?.imap_host ?? '',
      imap_port: c?.imap_port ?? 993,
      imap_secure: c?.imap_secure ?? true,
      imap_user: c?.imap_user ?? '',
      imap_password: '',
      imap_folder: c?.imap_folder ?? 'INBOX',
      mark_seen: c?.mark_seen ?? true,
      smtp_host: c?.smtp_host ?? '',
      smtp_port: c?.smtp_port ?? 465,
      smtp_secure: c?.smtp_secure ?? true,
      smtp_user: c?.smtp_user ?? '',
      smtp_password: '',
      sender_name: c?.sender_name ?? '',
      sender_address: c?.sender_address ?? '',
    },
    validate: zodValidate(editing ? ZEmailConfigPatch : ZEmailConfigInput, (v: Values) => bodyOf(v, editing)),
  });
  const sectors = [...props.sectors]
    .sort((a, b) => a.position - b.position)
    .map((s) => ({ value: String(s.id), label: s.name }));
  const passwordHint = (has: boolean | undefined) =>
    editing && has ? 'Deixe em branco para manter a senha atual.' : undefined;
  const runCheck = () => {
    setChecked(null);
    check.mutate(
      { ...bodyOf(form.getValues(), true), ...(c ? { id: c.id } : {}) },
      { onSuccess: setChecked },
    );
  };

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) =>
        save.mutate({ id: c?.id ?? null, body: bodyOf(v, editing) }, { onSuccess: props.onDone }),
      )}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Nome" withAsterisk maxLength={80} {...form.getInputProps('name')} />
          <Select
            label="Setor"
            description="Os atendimentos desta caixa entram na fila deste setor."
            withAsterisk
            placeholder={props.sectorsLoading ? 'Carregando…' : 'Selecione'}
            data={sectors}
            searchable
            nothingFoundMessage="Nenhum setor encontrado"
            {...form.getInputProps('default_sector_id')}
          />
        </SimpleGrid>

        <Divider />
        <Title order={4}>Recebimento (IMAP)</Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="Servidor IMAP"
            withAsterisk
            placeholder="imap.suaempresa.com.br"
            {...form.getInputProps('imap_host')}
          />
          <NumberInput
            label="Porta IMAP"
            withAsterisk
            min={1}
            max={65535}
            allowDecimal={false}
            {...form.getInputProps('imap_port')}
          />
          <TextInput label="Pasta" withAsterisk {...form.getInputProps('imap_folder')} />
          <TextInput
            label="Usuário IMAP"
            withAsterisk
            autoComplete="off"
            {...form.getInputProps('imap_user')}
          />
          <PasswordInput
            label="Senha IMAP"
            withAsterisk={!editing}
            autoComplete="new-password"
            description={passwordHint(c?.has_imap_password)}
            {...form.getInputProps('imap_password')}
          />
        </SimpleGrid>
        <Group gap="xl">
          <Switch
            label="IMAP com conexão segura (TLS)"
            {...form.getInputProps('imap_secure', { type: 'checkbox' })}
          />
          <Switch
            label="Marcar como lidas as mensagens recebidas"
            {...form.getInputProps('mark_seen', { type: 'checkbox' })}
          />
        </Group>

        <Divider />
        <Title order={4}>Envio (SMTP)</Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="Servidor SMTP"
            withAsterisk
            placeholder="smtp.suaempresa.com.br"
            {...form.getInputProps('smtp_host')}
          />
          <NumberInput
            label="Porta SMTP"
            withAsterisk
            min={1}
            max={65535}
            allowDecimal={false}
            {...form.getInputProps('smtp_port')}
          />
          <Switch
            mt={30}
            label="SMTP com conexão segura (TLS)"
            {...form.getInputProps('smtp_secure', { type: 'checkbox' })}
          />
          <TextInput
            label="Usuário SMTP"
            description="Em branco: o servidor aceita envio sem login."
            autoComplete="off"
            {...form.getInputProps('smtp_user')}
          />
          <PasswordInput
            label="Senha SMTP"
            autoComplete="new-password"
            description={passwordHint(c?.has_smtp_password)}
            {...form.getInputProps('smtp_password')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Nome do remetente" withAsterisk {...form.getInputProps('sender_name')} />
          <TextInput
            label="E-mail do remetente"
            withAsterisk
            type="email"
            {...form.getInputProps('sender_address')}
          />
        </SimpleGrid>

        {checked ? <CheckResult result={checked} /> : null}
        <Group justify="space-between" gap="sm">
          <Button
            variant="light"
            leftSection={<IconPlugConnected size={16} />}
            onClick={runCheck}
            loading={check.isPending}
          >
            Testar conexão
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={props.onDone} disabled={save.isPending}>
              Cancelar
            </Button>
            <Button type="submit" loading={save.isPending}>
              Salvar
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
