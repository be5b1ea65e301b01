import { Card, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconLayoutGrid } from '@tabler/icons-react';
import { CardTitle } from './card-title';
import { useCardViewSetting } from './use-card-view';

/** Display settings (spec 1 §2 Account): how the attendance cards are shown, saved per user. */
export function DisplayCard() {
  const [view, setView] = useCardViewSetting();
  return (
    <Card component="section" aria-labelledby="display-title">
      <Stack gap="md">
        <CardTitle
          id="display-title"
          icon={<IconLayoutGrid size={22} color="var(--mantine-color-prosa-7)" />}
        >
          Exibição
        </CardTitle>
        <Text size="sm" c="dimmed">
          Como os atendimentos aparecem na tela de atendimento.
        </Text>
        <Stack gap={6}>
          <Text size="sm" fw={500} id="card-view-label">
            Visualização dos cards
          </Text>
          <SegmentedControl
            aria-labelledby="card-view-label"
            value={view}
            onChange={(v) => setView(v === 'grid' ? 'grid' : 'list')}
            data={[
              { value: 'list', label: 'Lista' },
              { value: 'grid', label: 'Grade' },
            ]}
          />
        </Stack>
      </Stack>
    </Card>
  );
}
