import { Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import type { TCard } from '@prosa/shared/attendance';
import { CRM_MSG, formatCents, LINK_STATE, LINK_STATE_LABEL } from '@prosa/shared/crm-texts';
import { IconExternalLink, IconLink, IconLinkOff, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useAttendanceOpportunities, useCrmBoard, useLinkLead } from './api';
import { leadUrl } from './crm-navigate';
import { LeadFormModal } from './lead-form-modal';

const STATE_COLOR: Record<number, string> = { 0: 'gray', 1: 'green', 2: 'orange' };
// Above the chat modal (200): this side modal, then its form and the form's pickers.
const LAYER = 300;

/** The chat's opportunity side modal (spec 1 §2): the contact's opportunities with their link state. */
export function OpportunitiesModal({
  card,
  opened,
  onClose,
}: {
  card: TCard;
  opened: boolean;
  onClose: () => void;
}) {
  const list = useAttendanceOpportunities(card.id, opened);
  const board = useCrmBoard();
  const { link, unlink } = useLinkLead(card.id);
  const [creating, setCreating] = useState(false);
  const canEdit = board.data?.access.edit === true;
  const items = list.data?.items ?? [];

  return (
    <Modal opened={opened} onClose={onClose} title="Oportunidades" size="lg" zIndex={LAYER}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Oportunidades de {list.data?.contact_name ?? card.name}
          </Text>
          {canEdit ? (
            <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setCreating(true)}>
              Nova oportunidade
            </Button>
          ) : null}
        </Group>
        {list.isPending ? (
          <Loader size="sm" aria-label="Carregando oportunidades" />
        ) : list.isError ? (
          <Alert color="yellow">{errorMessage(list.error, CRM_MSG.loadError)}</Alert>
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            {CRM_MSG.notFound}
          </Text>
        ) : (
          items.map((lead) => (
            <Paper key={lead.id} withBorder p="sm" radius="md" data-testid="opportunity-row">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm" lineClamp={1}>
                    {lead.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[lead.product, formatCents(lead.value_cents), lead.column_name]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                  <Badge color={STATE_COLOR[lead.link_state]} variant="light" size="sm">
                    {LINK_STATE_LABEL[lead.link_state]}
                  </Badge>
                </Stack>
                <Group gap={6} wrap="nowrap">
                  {canEdit && lead.link_state === LINK_STATE.thisAttendance ? (
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconLinkOff size={14} />}
                      loading={unlink.isPending && unlink.variables === lead.id}
                      onClick={() => unlink.mutate(lead.id)}
                    >
                      Desvincular
                    </Button>
                  ) : canEdit ? (
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconLink size={14} />}
                      loading={link.isPending && link.variables === lead.id}
                      onClick={() => link.mutate(lead.id)}
                    >
                      Vincular
                    </Button>
                  ) : null}
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconExternalLink size={14} />}
                    // The detail opens in a new tab with the leadId parameter (spec 1 §2).
                    onClick={() => window.open(leadUrl(lead.id), '_blank', 'noopener')}
                  >
                    Abrir
                  </Button>
                </Group>
              </Group>
            </Paper>
          ))
        )}
      </Stack>
      <LeadFormModal
        opened={creating}
        onClose={() => setCreating(false)}
        board={board.data}
        attendanceId={card.id}
        contactName={list.data?.contact_name ?? card.name}
        zIndex={LAYER + 100}
      />
    </Modal>
  );
}
