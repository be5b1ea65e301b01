import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';

/** One figure of a dashboard. */
export function StatCard(props: { label: string; value: string | number; color?: string; testId?: string }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {props.label}
      </Text>
      <Text fz={28} fw={700} c={props.color} data-testid={props.testId}>
        {props.value}
      </Text>
    </Card>
  );
}

export function DashboardSkeleton() {
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 4 }} aria-busy="true">
        {Array.from({ length: 8 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} h={84} radius="md" />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Skeleton h={300} radius="md" />
        <Skeleton h={300} radius="md" />
      </SimpleGrid>
    </>
  );
}
