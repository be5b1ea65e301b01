import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { CRM_MSG } from '@prosa/shared/crm-texts';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useCurrentUser } from '../auth/session-context';
import { DateInputBr } from '../companies/date-input-br';
import { type TCrmFilters, useCrmBoard, useCrmLeads, useUpdateLead } from './api';
import { CrmBoardColumns } from './crm-board';
import { defaultWindow, filtersOk } from './crm-filters';
import { leadIdParam, navigateTarget } from './crm-navigate';
import { LeadDetailDrawer } from './lead-detail-drawer';
import { LeadFormModal } from './lead-form-modal';

/** Oportunidades (/crm): the board of opportunities with period and search filters; ?leadId=N opens a detail. */
export function CrmPage() {
  const user = useCurrentUser();
  const tz = user.timezone;
  const [params, setParams] = useSearchParams();
  const openId = leadIdParam(params.get('leadId'));
  const [draft, setDraft] = useState<Omit<TCrmFilters, 'page'>>(() => ({ ...defaultWindow(tz), search: '' }));
  const [filters, setFilters] = useState<TCrmFilters>(() => ({ ...draft, page: 1 }));
  const [creating, setCreating] = useState(false);
  const board = useCrmBoard();
  const leads = useCrmLeads(filters, board.isSuccess);
  const move = useUpdateLead();

  const openLead = (id: number | null) =>
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        if (id === null) next.delete('leadId');
        else next.set('leadId', String(id));
        return next;
      },
      { replace: id === null },
    );

  // The embedded CRM frame's route-change messages (spec 1 §2): same-origin { type: 'crm:navigate', leadId }.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const id = navigateTarget(event, window.location.origin);
      if (id !== null) setParams({ leadId: String(id) });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [setParams]);

  const apply = () => {
    if (!filtersOk(draft)) {
      toast.warning(CRM_MSG.filtersError);
      return;
    }
    setFilters({ ...draft, page: 1 });
  };

  const data = leads.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;

  return (
    <Stack gap="md">
      <PageHeader
        title="Oportunidades"
        description="Funil de vendas: cada coluna é um status da oportunidade."
        actions={
          board.data?.access.edit ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              Nova oportunidade
            </Button>
          ) : null
        }
      />
      <Paper withBorder p="sm" radius="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            apply();
          }}
        >
          <Group align="flex-end" gap="sm">
            <DateInputBr
              label="Data início"
              value={draft.startAt}
              onChange={(value) => setDraft((d) => ({ ...d, startAt: value }))}
              w={160}
            />
            <DateInputBr
              label="Data fim"
              value={draft.endAt}
              onChange={(value) => setDraft((d) => ({ ...d, endAt: value }))}
              w={160}
            />
            <TextInput
              label="Buscar"
              placeholder="Título, produto, contato…"
              leftSection={<IconSearch size={16} />}
              value={draft.search}
              onChange={(e) => {
                const search = e.currentTarget.value;
                setDraft((d) => ({ ...d, search }));
              }}
              style={{ flex: 1, minWidth: 200 }}
            />
            <Button type="submit" variant="light">
              Filtrar
            </Button>
          </Group>
        </form>
      </Paper>
      {board.isPending || (leads.isPending && board.isSuccess) ? (
        <Center py="xl">
          <Loader aria-label="Carregando oportunidades" />
        </Center>
      ) : board.isError ? (
        <Alert color="red">{errorMessage(board.error, CRM_MSG.loadError)}</Alert>
      ) : leads.isError ? (
        <Alert color="yellow">{errorMessage(leads.error, CRM_MSG.loadError)}</Alert>
      ) : board.data && data ? (
        <>
          {data.total === 0 ? (
            <Text c="dimmed" size="sm">
              {CRM_MSG.notFound} no período.
            </Text>
          ) : null}
          <CrmBoardColumns
            board={board.data}
            leads={data.items}
            onOpen={openLead}
            onMove={(id, columnId) => move.mutate({ id, patch: { column_id: columnId } })}
          />
          {pages > 1 ? (
            <Group justify="center">
              <Pagination
                total={pages}
                value={filters.page}
                onChange={(page) => setFilters((f) => ({ ...f, page }))}
              />
            </Group>
          ) : null}
        </>
      ) : null}
      <LeadDetailDrawer leadId={openId} board={board.data} tz={tz} onClose={() => openLead(null)} />
      <LeadFormModal
        opened={creating}
        onClose={() => setCreating(false)}
        board={board.data}
        onSaved={(lead) => openLead(lead.id)}
      />
    </Stack>
  );
}
