import { Alert, Badge, Button, Drawer, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import type { TCrmBoard } from '@prosa/shared/crm';
import { CRM_MSG, CRM_SYNC_COOLDOWN_MS, formatCents } from '@prosa/shared/crm-texts';
import { IconPencil, IconRefresh, IconUserMinus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useCrmLead, useSetOwner, useSyncLead, useUpdateLead } from './api';
import { LeadFormModal } from './lead-form-modal';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value || '—'}</Text>
    </Stack>
  );
}

function formatDate(iso: string, tz: string) {
  return new Date(iso).toLocaleString('pt-BR', { timeZone: tz, dateStyle: 'short', timeStyle: 'short' });
}

/** An opportunity's detail: its data, Mover para, owner change or removal, sync with the contact, edit. */
export function LeadDetailDrawer(props: {
  leadId: number | null;
  board: TCrmBoard | undefined;
  tz: string;
  onClose: () => void;
}) {
  const { leadId, board, tz, onClose } = props;
  const query = useCrmLead(leadId);
  const lead = query.data;
  const move = useUpdateLead();
  const owner = useSetOwner();
  const sync = useSyncLead();
  const [editing, setEditing] = useState(false);
  // Spec 1 §9: after a click the sync button waits 4 s before it can be clicked again.
  const [syncCooling, setSyncCooling] = useState(false);
  useEffect(() => {
    if (!syncCooling) return;
    const t = setTimeout(() => setSyncCooling(false), CRM_SYNC_COOLDOWN_MS);
    return () => clearTimeout(t);
  }, [syncCooling]);
  const canEdit = board?.access.edit === true;

  return (
    <Drawer
      opened={leadId !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={<Title order={4}>Oportunidade</Title>}
    >
      {query.isPending ? (
        <Loader aria-label="Carregando oportunidade" />
      ) : query.isError || !lead ? (
        <Alert color="yellow">{errorMessage(query.error, CRM_MSG.notFound)}</Alert>
      ) : (
        <Stack gap="md" data-testid="lead-detail">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Title order={3} style={{ wordBreak: 'break-word' }}>
              {lead.title}
            </Title>
            <Badge variant="light">{lead.column_name}</Badge>
          </Group>
          <Group grow align="flex-start">
            <Field label="Produto" value={lead.product} />
            <Field label="Valor" value={formatCents(lead.value_cents)} />
          </Group>
          <Group grow align="flex-start">
            <Field label="Contato" value={lead.contact_name} />
            <Field label="Telefone" value={lead.phone} />
          </Group>
          <Group grow align="flex-start">
            <Field label="E-mail" value={lead.email} />
            <Field label="Responsável" value={lead.owner_name ?? 'Sem responsável'} />
          </Group>
          <Group grow align="flex-start">
            <Field label="Criada em" value={formatDate(lead.created_at, tz)} />
            <Field
              label="Atendimento"
              value={lead.attendance_id ? `#${lead.attendance_id}` : 'Não vinculada'}
            />
          </Group>
          <Field label="Descrição" value={lead.description} />
          {canEdit ? (
            <Stack gap="sm">
              <Select
                label="Mover para"
                data={(board?.columns ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
                value={String(lead.column_id)}
                allowDeselect={false}
                disabled={move.isPending}
                onChange={(value) =>
                  value && move.mutate({ id: lead.id, patch: { column_id: Number(value) } })
                }
              />
              <Group align="flex-end" wrap="nowrap">
                <Select
                  label="Responsável"
                  placeholder="Sem responsável"
                  searchable
                  style={{ flex: 1 }}
                  data={(board?.owners ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
                  value={lead.owner_id ? String(lead.owner_id) : null}
                  allowDeselect={false}
                  disabled={owner.isPending}
                  onChange={(value) => value && owner.mutate({ id: lead.id, ownerId: Number(value) })}
                />
                <Button
                  variant="default"
                  leftSection={<IconUserMinus size={16} />}
                  disabled={lead.owner_id === null}
                  loading={owner.isPending}
                  onClick={() => owner.mutate({ id: lead.id, ownerId: null })}
                >
                  Remover responsável
                </Button>
              </Group>
              <Group>
                <Button leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
                  Editar
                </Button>
                {lead.contact_id ? (
                  <Button
                    variant="default"
                    leftSection={<IconRefresh size={16} />}
                    loading={sync.isPending}
                    disabled={syncCooling}
                    onClick={() => {
                      setSyncCooling(true);
                      sync.mutate(lead.id);
                    }}
                  >
                    Sincronizar dados
                  </Button>
                ) : null}
              </Group>
            </Stack>
          ) : null}
          <LeadFormModal
            opened={editing}
            onClose={() => setEditing(false)}
            board={board}
            lead={lead}
            zIndex={400}
          />
        </Stack>
      )}
    </Drawer>
  );
}
