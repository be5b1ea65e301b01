import { Card, Group, Select, Stack, Text, UnstyledButton } from '@mantine/core';
import type { TCrmBoard, TCrmLead } from '@prosa/shared/crm';
import { formatCents } from '@prosa/shared/crm-texts';
import { IconUser } from '@tabler/icons-react';

/** A card of the board: title, contact, product, value and owner; a click opens the detail. */
export function LeadCard(props: {
  lead: TCrmLead;
  board: TCrmBoard;
  onOpen: (id: number) => void;
  onMove: (id: number, columnId: number) => void;
}) {
  const { lead, board, onOpen, onMove } = props;
  return (
    <Card withBorder padding="sm" radius="md">
      <Stack gap={4}>
        <UnstyledButton aria-label={`Abrir oportunidade ${lead.title}`} onClick={() => onOpen(lead.id)}>
          <Stack gap={4}>
            <Text fw={600} size="sm" lineClamp={2}>
              {lead.title}
            </Text>
            {lead.contact_name ? (
              <Text size="xs" c="dimmed" lineClamp={1}>
                {lead.contact_name}
              </Text>
            ) : null}
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="xs" lineClamp={1}>
                {lead.product || '—'}
              </Text>
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatCents(lead.value_cents)}
              </Text>
            </Group>
            <Group gap={4} wrap="nowrap">
              <IconUser size={14} aria-hidden />
              <Text size="xs" c="dimmed" lineClamp={1}>
                {lead.owner_name ?? 'Sem responsável'}
              </Text>
            </Group>
          </Stack>
        </UnstyledButton>
        {board.access.edit ? (
          <Select
            size="xs"
            aria-label={`Mover ${lead.title} para`}
            placeholder="Mover para"
            data={board.columns
              .filter((c) => c.id !== lead.column_id)
              .map((c) => ({ value: String(c.id), label: c.name }))}
            value={null}
            onChange={(value) => value && onMove(lead.id, Number(value))}
          />
        ) : null}
      </Stack>
    </Card>
  );
}
