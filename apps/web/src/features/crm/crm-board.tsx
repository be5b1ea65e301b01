import { Badge, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import type { TCrmBoard, TCrmLead } from '@prosa/shared/crm';
import { formatCents } from '@prosa/shared/crm-texts';
import { LeadCard } from './lead-card';

/** The pipeline as columns (kanban): each column an opportunity status with its cards, count and total. */
export function CrmBoardColumns(props: {
  board: TCrmBoard;
  leads: TCrmLead[];
  onOpen: (id: number) => void;
  onMove: (id: number, columnId: number) => void;
}) {
  const { board, leads, onOpen, onMove } = props;
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Group align="flex-start" wrap="nowrap" gap="md">
        {board.columns.map((column) => {
          const mine = leads.filter((l) => l.column_id === column.id);
          const total = mine.reduce((sum, l) => sum + l.value_cents, 0);
          return (
            <Paper
              key={column.id}
              withBorder
              p="sm"
              radius="md"
              bg="gray.0"
              w={280}
              style={{ flex: '0 0 280px' }}
              aria-label={`Coluna ${column.name}`}
              component="section"
            >
              <Stack gap="sm">
                <Group justify="space-between" wrap="nowrap">
                  <Group gap={6} wrap="nowrap">
                    <Badge color={column.color} variant="light">
                      {column.name}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {mine.length}
                    </Text>
                  </Group>
                  <Text size="xs" fw={600}>
                    {formatCents(total)}
                  </Text>
                </Group>
                {mine.length === 0 ? (
                  <Text size="xs" c="dimmed" ta="center" py="md">
                    Nenhuma oportunidade
                  </Text>
                ) : (
                  mine.map((lead) => (
                    <LeadCard key={lead.id} lead={lead} board={board} onOpen={onOpen} onMove={onMove} />
                  ))
                )}
              </Stack>
            </Paper>
          );
        })}
      </Group>
    </ScrollArea>
  );
}
