import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { DASHBOARDS, type TDashboardKey } from '@prosa/shared/reports';
import {
  IconActivity,
  IconBriefcase,
  IconClipboardList,
  IconMessages,
  IconTarget,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';

export const SHOWN_DASHBOARDS: { key: TDashboardKey; icon: ReactNode; live?: boolean }[] = [
  { key: 'business', icon: <IconBriefcase size={22} /> },
  { key: 'monitoring', icon: <IconActivity size={22} />, live: true },
  { key: 'operational', icon: <IconClipboardList size={22} /> },
  { key: 'team', icon: <IconTarget size={22} /> },
  { key: 'communication', icon: <IconMessages size={22} /> },
];

/** The dashboards (manager and above), one card each. */
export function DashboardsIndexPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Painéis" description="Indicadores da operação, atualizados em tempo real." />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {SHOWN_DASHBOARDS.map((d) => (
          <Card
            key={d.key}
            component={Link}
            to={`/dashboards/${d.key}`}
            withBorder
            radius="md"
            padding="lg"
            aria-label={DASHBOARDS[d.key].title}
          >
            <Stack gap="sm">
              <Group justify="space-between">
                <ThemeIcon variant="light" size={40} radius="md">
                  {d.icon}
                </ThemeIcon>
                {d.live ? (
                  <Badge color="teal" variant="light">
                    Tempo real
                  </Badge>
                ) : null}
              </Group>
              <Title order={4}>{DASHBOARDS[d.key].title}</Title>
              <Text size="sm" c="dimmed">
                {DASHBOARDS[d.key].description}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
