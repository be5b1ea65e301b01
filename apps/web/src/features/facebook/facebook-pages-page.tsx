import { Alert, Card, EmptyState, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { TFacebookPage } from '@prosa/shared/facebook';
import {
  IconAlertCircle,
  IconBrandFacebook,
  IconHierarchy2,
  IconLinkOff,
  IconPlugConnected,
  IconRefresh,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { RowAction, RowActions } from '../../components/row-actions';
import { SkeletonRows } from '../../components/skeleton-rows';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useSectors } from '../sectors/api';
import { useFacebookPages, usePageAction } from './api';
import { loginResultOf } from './login-result';
import { LoginStatusCard } from './login-status-card';
import { PageSectorModal } from './page-sector-modal';
import { PageStateBadge } from './page-state-badge';

const LOAD_ERROR = 'Erro ao carregar as páginas do Facebook.';

/** Shows once the result of the Facebook Login the callback sent back (?login=), then drops it from the URL. */
function useLoginResultToast() {
  const [params, setParams] = useSearchParams();
  const shown = useRef(false);
  const value = params.get('login');
  useEffect(() => {
    if (value === null || shown.current) return;
    shown.current = true;
    const result = loginResultOf(value);
    if (result?.kind === 'success') toast.success(result.message);
    if (result?.kind === 'error') toast.error(result.message, { autoClose: 6000 });
    setParams(
      (p) => {
        p.delete('login');
        return p;
      },
      { replace: true },
    );
  }, [value, setParams]);
}

/** /channels/facebook (main.facebook): the Facebook pages the user manages and those the company connected. */
export function FacebookPagesPage() {
  useLoginResultToast();
  const pages = useFacebookPages();
  const sectors = useSectors();
  const act = usePageAction();
  const [choosing, setChoosing] = useState<{ page: TFacebookPage; mode: 'connect' | 'sector' } | null>(null);
  const [unlinking, setUnlinking] = useState<TFacebookPage | null>(null);
  const list = pages.data?.pages ?? [];
  const busy = (p: TFacebookPage) => act.isPending && act.variables?.page.page_id === p.page_id;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Facebook e Instagram"
        description="Conecte as páginas do Facebook que você administra: as mensagens do Messenger (e do Instagram da página) chegam ao setor escolhido."
      />
      <LoginStatusCard />
      <Card padding={0}>
        {pages.isError ? (
          <Alert m="md" color="red" icon={<IconAlertCircle />} title={LOAD_ERROR}>
            {errorMessage(pages.error, 'Tente novamente em instantes.')}
          </Alert>
        ) : (
          <Table.ScrollContainer minWidth={820} type="native">
            <Table
              highlightOnHover
              verticalSpacing="sm"
              horizontalSpacing="md"
              aria-label="Páginas do Facebook"
            >
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>Página</Table.Th>
                  <Table.Th>Situação</Table.Th>
                  <Table.Th>Setor</Table.Th>
                  <Table.Th>Conta do Instagram</Table.Th>
                  <Table.Th w={160}>
                    <VisuallyHidden>Ações</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {pages.isPending ? <SkeletonRows rows={3} columns={5} /> : null}
                {list.map((p) => {
                  return (
                    <Table.Tr key={p.page_id}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {p.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          ID {p.page_id}
                        </Text>
                        {pages.data?.logged && p.listed === false ? (
                          // Connected earlier by someone else: this Facebook account cannot reconnect it.
                          <Text size="xs" c="orange.8">
                            Não está entre as páginas da conta do Facebook conectada.
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        <PageStateBadge state={p.state} needsReauth={p.needs_reauth} />
                      </Table.Td>
                      <Table.Td>{p.channel_id === null ? '—' : (p.sector_name ?? '—')}</Table.Td>
                      <Table.Td>{p.username_instagram ? `@${p.username_instagram}` : '—'}</Table.Td>
                      <Table.Td>
                        <RowActions>
                          {p.connected ? (
                            <>
                              <RowAction
                                label="Reinscrever"
                                name={p.name}
                                icon={IconRefresh}
                                disabled={busy(p)}
                                onClick={() => act.mutate({ kind: 'resubscribe', page: p })}
                              />
                              <RowAction
                                label="Alterar setor"
                                name={p.name}
                                icon={IconHierarchy2}
                                onClick={() => setChoosing({ page: p, mode: 'sector' })}
                              />
                            </>
                          ) : (
                            <RowAction
                              label="Conectar"
                              name={p.name}
                              icon={IconPlugConnected}
                              color="teal"
                              disabled={busy(p)}
                              onClick={() => setChoosing({ page: p, mode: 'connect' })}
                            />
                          )}
                          {p.channel_id !== null && p.state !== 'unlinked' ? (
                            <RowAction
                              label="Desvincular"
                              name={p.name}
                              icon={IconLinkOff}
                              color="red"
                              onClick={() => setUnlinking(p)}
                            />
                          ) : null}
                        </RowActions>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {!pages.isPending && !pages.isError && list.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconBrandFacebook size={28} />}
            title="Nenhuma página encontrada."
            description={
              pages.data?.logged
                ? 'Sua conta do Facebook não administra nenhuma página.'
                : 'Entre com o Facebook para listar as páginas que você administra e conectá-las ao Prosa.'
            }
          />
        ) : null}
      </Card>
      <PageSectorModal
        target={choosing}
        sectors={sectors.data ?? []}
        saving={act.isPending}
        onClose={() => setChoosing(null)}
        onSave={(sectorId) =>
          choosing &&
          act.mutate(
            { kind: choosing.mode, page: choosing.page, sectorId },
            { onSuccess: () => setChoosing(null) },
          )
        }
      />
      <ConfirmDialog
        opened={unlinking !== null}
        title="Desvincular página"
        confirmLabel="Desvincular"
        confirmColor="red"
        loading={act.isPending && act.variables?.kind === 'unlink'}
        onClose={() => setUnlinking(null)}
        onConfirm={() =>
          unlinking &&
          act.mutate({ kind: 'unlink', page: unlinking }, { onSettled: () => setUnlinking(null) })
        }
      >
        <Text size="sm">
          Desvincular a página <strong>{unlinking?.name}</strong>? As mensagens do Messenger dela deixam de
          chegar ao Prosa até que seja conectada de novo.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
