import { Card, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { ATT_MSG } from '@prosa/shared/attendance-constants';
import { totalPages } from '@prosa/shared/pagination';
import { ROLE } from '@prosa/shared/roles';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { PageHeader } from '../../components/page-header';
import { RealtimeBadge } from '../../components/realtime-badge';
import { openAttendance, useOpenAttendanceId } from '../../lib/attendance-cache';
import { lazyComponent } from '../../lib/lazy-page';
import { toast } from '../../lib/toast';
import { useCardViewSetting } from '../account/use-card-view';
import { useCurrentUser } from '../auth/session-context';
import { useCompanyFeatures } from '../company-metadata/api';
import { type TSector, useSectors } from '../sectors/api';
import { useStatuses } from '../statuses/api';
import { useAttendanceList } from './api';
import { CardList } from './card-list';
import { CardPagination } from './card-pagination';
import { CardSearch } from './card-search';
import { AddressFilters, FilterChips, SectorTabs, ViewToggle } from './list-controls';
import { OperatorFilter } from './operator-filter-drawer';
import { useListParams } from './use-list-params';

// The conversation (messages, text box, every dialog of the toolbar) loads with its own chunk when a card is first
// opened: the list of cards shows without it (bench/README.md, web bundle).
const ChatModal = lazyComponent(
  () => import('./chat-modal').then((m) => m.ChatModal),
  ({ onClose }) => (
    <Modal opened onClose={onClose} size="72rem" centered withCloseButton={false}>
      <Center h={240}>
        <Loader aria-label="Carregando atendimento" />
      </Center>
    </Modal>
  ),
);

// The active-message buttons show once their channels are known anyway: their forms load with them.
const ActiveWhatsappButton = lazyComponent(
  () => import('../active-whatsapp/active-whatsapp-modal').then((m) => m.ActiveWhatsappButton),
  () => null,
);
const ActiveEmailButton = lazyComponent(
  () => import('../email/active-email-modal').then((m) => m.ActiveEmailButton),
  () => null,
);
const ActiveSmsButton = lazyComponent(
  () => import('../active-sms/active-sms-modal').then((m) => m.ActiveSmsButton),
  () => null,
);

const SECTORS_ERROR = 'O setor responsável pelo atendimento não foi localizado.';
const STATUS_ERROR = 'Erro ao carregar Status.';
// Spec 1 §2: a contact_id in the address opens that contact's card after 1 s.
const OPEN_BY_CONTACT_MS = 1000;

/** Admins see every sector; other users see the sectors they belong to. */
function visibleSectors(sectors: TSector[], role: number, sectorIds: number[]) {
  const sorted = [...sectors].sort((a, b) => a.position - b.position);
  return role >= ROLE.admin ? sorted : sorted.filter((s) => sectorIds.includes(s.id));
}

/** The chat screen (spec 1 §2 main.chat): sector tabs, filters, the cards and the chat modal. */
export function ChatPage() {
  const user = useCurrentUser();
  const [params, setParams] = useListParams();
  const sectors = useSectors();
  const statuses = useStatuses();
  const features = useCompanyFeatures();
  const list = useAttendanceList(params);
  const [view, setView] = useCardViewSetting();
  const openId = useOpenAttendanceId();
  const tabs = visibleSectors(sectors.data ?? [], user.role, user.sectorIds);
  const statusById = useMemo(() => new Map((statuses.data ?? []).map((s) => [s.id, s])), [statuses.data]);
  const pages = list.data ? totalPages(list.data.total, list.data.per_page) : 1;

  useEffect(() => {
    if (sectors.isError) toast.apiError(sectors.error, SECTORS_ERROR);
  }, [sectors.isError, sectors.error]);
  useEffect(() => {
    if (statuses.isError) toast.apiError(statuses.error, STATUS_ERROR);
  }, [statuses.isError, statuses.error]);
  useEffect(() => {
    if (features.isError) toast.apiError(features.error, ATT_MSG.companyLoadError);
  }, [features.isError, features.error]);

  // Leaving the screen closes the conversation.
  useEffect(() => () => openAttendance.close(), []);

  // A page past the end (cards were closed meanwhile) becomes the last page.
  useEffect(() => {
    if (list.data && params.page > pages) setParams({ page: pages });
  }, [list.data, params.page, pages, setParams]);

  const opened = useRef<number | undefined>(undefined);
  const contactCard =
    params.contact_id !== undefined
      ? list.data?.items.find((c) => c.contact_id === params.contact_id)
      : undefined;
  const contactCardId = contactCard?.id;
  useEffect(() => {
    if (contactCardId === undefined || opened.current === params.contact_id) return;
    const timer = setTimeout(() => {
      opened.current = params.contact_id;
      openAttendance.open(contactCardId);
    }, OPEN_BY_CONTACT_MS);
    return () => clearTimeout(timer);
  }, [contactCardId, params.contact_id]);

  const onOpen = useCallback((id: number) => openAttendance.open(id), []);
  const onCloseModal = useCallback(() => openAttendance.close(), []);
  const filtered =
    params.filter !== 'all' ||
    params.status !== undefined ||
    params.kind !== undefined ||
    params.contact_id !== undefined ||
    params.q !== undefined ||
    params.operator_ids !== undefined ||
    params.unassigned === true;

  return (
    <Stack gap="md">
      <PageHeader
        title="Atendimentos"
        description="Conversas com seus contatos, organizadas por setor."
        actions={
          <>
            <ActiveWhatsappButton />
            <ActiveEmailButton />
            <ActiveSmsButton />
            <ViewToggle value={view} onChange={setView} />
            <RealtimeBadge />
          </>
        }
      />
      <Card padding={0}>
        <Stack gap={0}>
          <SectorTabs
            sectors={tabs}
            value={params.sector_id}
            onChange={(sector_id) => setParams({ sector_id })}
          />
          <Stack gap="sm" p="md">
            <Group gap="sm" wrap="nowrap" align="center">
              <div style={{ flex: 1, minWidth: 0 }}>
                <CardSearch value={params.q} onChange={(q) => setParams({ q })} />
              </div>
              {/* Spec 1 §2: the operator filter side modal, for managers and up. */}
              {user.role >= ROLE.manager ? (
                <OperatorFilter
                  value={{ operator_ids: params.operator_ids, unassigned: params.unassigned }}
                  onChange={(next) => setParams(next)}
                />
              ) : null}
            </Group>
            <FilterChips
              value={params.filter}
              counters={list.data?.counters}
              onChange={(filter) => setParams({ filter })}
            />
            <AddressFilters
              params={params}
              statusName={params.status === undefined ? undefined : statusById.get(params.status)?.name}
              onRemove={(key) => setParams({ [key]: undefined })}
            />
          </Stack>
        </Stack>
      </Card>
      <Stack gap="sm" aria-busy={list.isFetching} aria-label="Lista de atendimentos" component="section">
        {list.data ? (
          <Group justify="space-between">
            <Text size="sm" c="dimmed" aria-live="polite">
              {list.data.total === 1 ? '1 atendimento' : `${list.data.total} atendimentos`}
              {pages > 1 ? ` · página ${params.page} de ${pages}` : ''}
            </Text>
          </Group>
        ) : null}
        <CardList
          cards={list.data?.items}
          pending={list.isPending}
          failed={list.isError}
          filtered={filtered}
          layout={view}
          statuses={statusById}
          userId={user.id}
          onOpen={onOpen}
          onRetry={() => list.refetch()}
        />
        <CardPagination page={params.page} total={pages} onChange={(page) => setParams({ page })} />
      </Stack>
      {openId !== null ? (
        <ChatModal
          key={openId}
          attendanceId={openId}
          onClose={onCloseModal}
          features={features.data}
          statuses={statuses.data ?? []}
          sectors={sectors.data ?? []}
        />
      ) : null}
    </Stack>
  );
}
