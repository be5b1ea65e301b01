import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Code,
  EmptyState,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { type TWaentChannel, WAENT_MSG } from '@prosa/shared/waent';
import {
  IconAlertCircle,
  IconBrandWhatsapp,
  IconCopy,
  IconDeviceMobileCheck,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api';
import { copyText } from '../../lib/clipboard';
import { toast } from '../../lib/toast';
import { useSectors } from '../sectors/api';
import { LinkNumberModal } from '../waent-onboarding/link-number-modal';
import { MigrationLinkButton } from '../waent-onboarding/migration-link-button';
import { useDeleteWaentChannel, useSaveWaentChannel, useWaentChannels } from './api';
import { WaentChannelModal } from './waent-channel-modal';

const BROKER_LABEL: Record<string, string> = { meta: 'Meta', outro: 'Outro' };

/** 5511999990000 → +55 11 99999-0000 (digits as stored; other lengths shown as they are). */
export function formatPhone(digits: string | null): string {
  if (!digits) return '—';
  const m = /^(\d{2})(\d{2})(\d{4,5})(\d{4})$/.exec(digits);
  return m ? `+${m[1]} ${m[2]} ${m[3]}-${m[4]}` : digits;
}

async function copyWebhook(url: string) {
  try {
    await copyText(url);
    toast.success(WAENT_MSG.linkCopied);
  } catch {
    toast.error('Não foi possível copiar. Selecione o link e copie manualmente.');
  }
}

/** /channels/waent: the company's WhatsApp Enterprise numbers (Cloud API), with the webhook to set at Meta. */
export function WaentChannelsPage() {
  const channels = useWaentChannels();
  const sectors = useSectors();
  const save = useSaveWaentChannel();
  const remove = useDeleteWaentChannel();
  const [editing, setEditing] = useState<TWaentChannel | 'new' | null>(null);
  const [removing, setRemoving] = useState<TWaentChannel | null>(null);
  const [linking, setLinking] = useState<TWaentChannel | null>(null);
  const list = channels.data ?? [];

  return (
    <Stack gap="lg">
      <PageHeader
        title="WhatsApp Enterprise"
        description="Números do WhatsApp Cloud API da empresa. Configure na Meta o webhook de cada número."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Novo canal
          </Button>
        }
      />
      <Card padding={0}>
        {channels.isError ? (
          <Alert m="md" color="red" icon={<IconAlertCircle />} title={WAENT_MSG.loadError}>
            {errorMessage(channels.error, 'Tente novamente em instantes.')}
          </Alert>
        ) : (
          <Table.ScrollContainer minWidth={900} type="native">
            <Table
              highlightOnHover
              verticalSpacing="sm"
              horizontalSpacing="md"
              aria-label="Canais WhatsApp Enterprise"
            >
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>Nome</Table.Th>
                  <Table.Th>Número</Table.Th>
                  <Table.Th>Setor</Table.Th>
                  <Table.Th>Provedor</Table.Th>
                  <Table.Th>Webhook</Table.Th>
                  <Table.Th>Ativo</Table.Th>
                  <Table.Th w={170}>
                    <VisuallyHidden>Ações</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {channels.isPending ? <SkeletonRows /> : null}
                {list.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td fw={500}>{c.name}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatPhone(c.phone_number)}</Text>
                      <Text size="xs" c="dimmed">
                        ID {c.phone_number_id}
                      </Text>
                    </Table.Td>
                    <Table.Td>{c.sector_name ?? '—'}</Table.Td>
                    <Table.Td>{BROKER_LABEL[c.broker] ?? c.broker}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Code style={{ whiteSpace: 'nowrap' }}>{c.webhook_url}</Code>
                        <Tooltip label="Copiar link" withArrow>
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Copiar webhook de ${c.name}`}
                            onClick={() => copyWebhook(c.webhook_url)}
                          >
                            <IconCopy size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={c.is_active ? 'teal' : 'gray'} variant="light">
                        {c.is_active ? 'Sim' : 'Não'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label="Vincular número" withArrow>
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Vincular número de ${c.name}`}
                            onClick={() => setLinking(c)}
                          >
                            <IconDeviceMobileCheck size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <MigrationLinkButton channelId={c.id} name={c.name} />
                        <Tooltip label="Editar" withArrow>
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Editar ${c.name}`}
                            onClick={() => setEditing(c)}
                          >
                            <IconPencil size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Excluir" withArrow>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Excluir ${c.name}`}
                            onClick={() => setRemoving(c)}
                          >
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {!channels.isPending && !channels.isError && list.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconBrandWhatsapp size={28} />}
            title="Nenhum canal encontrado."
            description="Cadastre um número do WhatsApp Cloud API para atender seus contatos."
          >
            <EmptyState.Actions>
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
                Novo canal
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : null}
      </Card>
      <WaentChannelModal
        target={editing}
        sectors={sectors.data ?? []}
        saving={save.isPending}
        onClose={() => setEditing(null)}
        onSave={(id, body) => save.mutate({ id, body }, { onSuccess: () => setEditing(null) })}
      />
      <LinkNumberModal target={linking} onClose={() => setLinking(null)} />
      <ConfirmDialog
        opened={removing !== null}
        title="Excluir canal"
        confirmLabel="Excluir"
        confirmColor="red"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSettled: () => setRemoving(null) })}
      >
        <Text size="sm">
          Deseja excluir o canal <strong>{removing?.name}</strong>? As mensagens desse número deixam de chegar
          ao Prosa.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

function SkeletonRows() {
  return Array.from({ length: 3 }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
    <Table.Tr key={i} aria-hidden>
      {Array.from({ length: 7 }, (_, j) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity
        <Table.Td key={j}>
          <Skeleton h={14} w="60%" />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}
