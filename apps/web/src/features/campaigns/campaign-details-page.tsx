import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Progress,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  CAMPAIGN_CHANNEL_LABEL,
  CAMPAIGN_LIMITS,
  CAMPAIGN_MSG,
  CAMPAIGN_STATUS_COLOR,
  CONTACT_STATUS_FILTERS,
  type TCampaignContactsQuery,
} from '@prosa/shared/campaigns';
import { formatDateTime } from '@prosa/shared/dates';
import { formatPhoneKey } from '@prosa/shared/optin';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconFileSpreadsheet,
  IconPlayerPause,
  IconSearch,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { PagePagination } from '../../components/page-pagination';
import { PerPageSelect } from '../../components/per-page-select';
import { SkeletonRows } from '../../components/skeleton-rows';
import { errorMessage } from '../../lib/api';
import { downloadCampaignReport, useCampaign, useCampaignContacts, useCampaignDetails } from './api';
import { CampaignStatusBadge } from './campaign-list';

const COLUMNS = 8;

function Stat(props: { label: string; value: number | string; color?: string }) {
  return (
    <Stack gap={0} align="center">
      <Text size="xl" fw={700} c={props.color} aria-label={`${props.label}: ${props.value}`}>
        {props.value}
      </Text>
      <Text size="xs" c="dimmed" tt="uppercase">
        {props.label}
      </Text>
    </Stack>
  );
}

const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

/** The contacts per status label (spec 3 §4), the ones present only. */
function StatusBreakdown({ counts }: { counts: Record<string, number> }) {
  const groups = CONTACT_STATUS_FILTERS.map((f) => ({
    ...f,
    n: f.statuses.reduce((sum, st) => sum + (counts[st] ?? 0), 0),
  })).filter((g) => g.n > 0);
  if (groups.length === 0) return null;
  return (
    <Group gap="xs" aria-label="Contatos por status">
      {groups.map((g) => (
        <Badge
          key={g.value}
          variant="outline"
          color={CAMPAIGN_STATUS_COLOR[g.statuses[0]] ?? 'gray'}
          miw="max-content"
        >
          {`${g.label}: ${g.n}`}
        </Badge>
      ))}
    </Group>
  );
}

/** Campaign details (spec 3 §2): progress with sent/delivered/read, refreshed every 15 s until 100 %; contacts. */
export function CampaignDetailsPage() {
  const params = useParams();
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to="/campaigns" replace />;
  return <CampaignDetails id={id} />;
}

function CampaignDetails({ id }: { id: number }) {
  const campaign = useCampaign(id);
  const [reporting, setReporting] = useState(false);
  // Polling stops at 100 % (spec 3 §4); `campaign:updated` refreshes it at once in between.
  const details = useCampaignDetails(id);
  const d = details.data;
  const done = (d?.percent ?? 0) >= 100;

  const [status, setStatus] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState('');
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(CAMPAIGN_LIMITS.contactsPageSize);
  const q: TCampaignContactsQuery = {
    page,
    per_page: perPage,
    status: (status ?? undefined) as TCampaignContactsQuery['status'],
    search: applied || undefined,
  };
  const contacts = useCampaignContacts(id, q, done ? false : CAMPAIGN_LIMITS.detailsRefreshMs);
  const c = campaign.data;
  const title = c?.title ?? 'Detalhes da campanha';

  if (campaign.isError || details.isError)
    return (
      <Stack gap="lg">
        <BackLink />
        <Alert color="red" icon={<IconAlertCircle />} title={CAMPAIGN_MSG.detailsError}>
          {errorMessage(campaign.error ?? details.error, 'Tente novamente em instantes.')}
        </Alert>
      </Stack>
    );

  const empty = d !== undefined && d.total === 0;

  return (
    <Stack gap="lg">
      <BackLink />
      <PageHeader
        title={title}
        description={
          c
            ? `${CAMPAIGN_CHANNEL_LABEL[c.channel]}${c.channel_name ? ` · ${c.channel_name}` : ''} · ${
                c.to_subscribers ? 'Todos os inscritos' : (c.mailing?.title ?? 'Mailing')
              } · criada em ${formatDateTime(c.created_at)}`
            : undefined
        }
        actions={
          <Button
            leftSection={<IconFileSpreadsheet size={16} />}
            variant="light"
            loading={reporting}
            disabled={!d || empty}
            onClick={async () => {
              setReporting(true);
              await downloadCampaignReport(id, title);
              setReporting(false);
            }}
          >
            Gerar relatório
          </Button>
        }
      />

      <Card>
        {!d ? (
          <Stack gap="sm">
            <Skeleton h={20} w="40%" />
            <Skeleton h={12} />
            <Skeleton h={40} />
          </Stack>
        ) : (
          <Stack gap="md">
            <Group justify="space-between">
              <Group gap="sm">
                <Text fw={500}>Status</Text>
                <CampaignStatusBadge status={d.status} label={d.status_label} />
                {c && c.unlock_count > 0 ? (
                  <Text size="xs" c="dimmed">
                    {`Destravada ${c.unlock_count}×`}
                  </Text>
                ) : null}
              </Group>
              <Text fw={700} size="lg" aria-label="Percentual concluído">
                {`${d.percent}%`}
              </Text>
            </Group>
            <Progress
              value={d.percent}
              size="lg"
              color={CAMPAIGN_STATUS_COLOR[d.status] === 'red' ? 'red' : 'teal'}
              animated={d.live && d.percent < 100}
              aria-label="Progresso da campanha"
            />
            <SimpleGrid cols={{ base: 2, sm: 5 }}>
              <Stat label="Contatos" value={d.total} />
              <Stat label="Processados" value={d.processed} />
              <Stat label="Enviados" value={d.totalSent} color="teal" />
              <Stat label="Entregues" value={d.totalDelivered} color="teal" />
              <Stat label="Lidos" value={d.totalRead} color="green" />
            </SimpleGrid>
            <StatusBreakdown counts={d.counts} />
            {d.paused_reason ? (
              <Alert color="orange" icon={<IconPlayerPause />} title="Envio pausado">
                {d.paused_reason}
              </Alert>
            ) : null}
            {d.message ? (
              <Alert color="blue" icon={<IconAlertCircle />}>
                {d.message}
              </Alert>
            ) : null}
            {d.live && d.percent < 100 ? (
              <Text size="xs" c="dimmed">
                Atualizado automaticamente a cada 15 segundos e a cada mudança da campanha.
              </Text>
            ) : null}
          </Stack>
        )}
      </Card>

      {empty ? (
        <Card>
          <Stack align="center" py="xl" gap="xs">
            <Text fw={500}>{CAMPAIGN_MSG.noInfo}</Text>
            <Text size="sm" c="dimmed">
              Os contatos aparecem aqui quando a campanha é preparada.
            </Text>
          </Stack>
        </Card>
      ) : (
        <Card padding={0}>
          <Group
            component="form"
            px="md"
            py="sm"
            gap="sm"
            align="flex-end"
            aria-label="Filtros de contatos"
            onSubmit={(e) => {
              e.preventDefault();
              setApplied(search.trim());
              setPage(1);
            }}
          >
            <Select
              label="Status do contato"
              placeholder="Todos"
              clearable
              data={CONTACT_STATUS_FILTERS.map((s) => ({ value: s.value, label: s.label }))}
              value={status}
              onChange={(value) => {
                setStatus(value);
                setPage(1);
              }}
              w={220}
            />
            <TextInput
              label="Nome ou número"
              value={search}
              maxLength={100}
              onChange={(e) => setSearch(e.currentTarget.value)}
              w={240}
            />
            <Button type="submit" variant="default" leftSection={<IconSearch size={16} />}>
              Pesquisar
            </Button>
          </Group>
          <Table.ScrollContainer minWidth={900} type="native">
            <Table verticalSpacing="xs" horizontalSpacing="md" aria-label="Contatos da campanha">
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>Nome</Table.Th>
                  <Table.Th>Contato</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="center">Tentativas</Table.Th>
                  <Table.Th>Enviado em</Table.Th>
                  <Table.Th>Entregue em</Table.Th>
                  <Table.Th>Lido em</Table.Th>
                  <Table.Th>Erro</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {contacts.isPending ? <SkeletonRows rows={5} columns={COLUMNS} /> : null}
                {contacts.isSuccess && contacts.data.data.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={COLUMNS}>
                      <Text ta="center" size="sm" c="dimmed" py="lg">
                        {CAMPAIGN_MSG.emptyContacts}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
                {contacts.data?.data.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      <Text size="sm">{r.name || '—'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {formatPhoneKey(r.contact)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <CampaignStatusBadge status={r.status} label={r.status_label} />
                    </Table.Td>
                    <Table.Td ta="center">{r.attempts}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{when(r.sent_at)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{when(r.delivered_at)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{when(r.read_at)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c={r.error ? 'red.7' : 'dimmed'} lineClamp={2} maw={240}>
                        {r.error ?? '—'}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {contacts.data && contacts.data.total > 0 ? (
            <Group justify="space-between" px="md" py="sm" wrap="wrap" gap="sm">
              <Text size="sm" c="dimmed">
                {`Mostrando ${contacts.data.from}–${contacts.data.to} de ${contacts.data.total}`}
              </Text>
              <Group gap="md">
                <PerPageSelect
                  id="campaign-contacts-per-page"
                  sizes={CAMPAIGN_LIMITS.contactsPageSizes}
                  value={perPage}
                  onChange={(n) => {
                    setPerPage(n);
                    setPage(1);
                  }}
                />
                <PagePagination total={contacts.data.last_page} value={page} onChange={setPage} size="sm" />
              </Group>
            </Group>
          ) : null}
        </Card>
      )}
    </Stack>
  );
}

function BackLink() {
  return (
    <Anchor component={Link} to="/campaigns" size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        Voltar para campanhas
      </Group>
    </Anchor>
  );
}
