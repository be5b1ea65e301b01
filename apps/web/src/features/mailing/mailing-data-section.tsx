import { Divider, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useAttendanceMailingData } from './api';

/**
 * Spec 1 §7 "mailing data load": in the chat's info modal, the contact's displayed params (at most 4) in each
 * active mailing where its address is a key. Nothing when the contact is in none.
 */
export function MailingDataSection({ attendanceId }: { attendanceId: number }) {
  const query = useAttendanceMailingData(attendanceId);
  if (query.isPending) return <Skeleton h={40} />;
  if (query.isError || query.data.length === 0) return null;
  return (
    <Stack gap="sm">
      <Divider />
      {query.data.map((m) => (
        <Stack key={m.mailing_id} gap={6}>
          <Title order={4} fz="sm">
            Mailing: {m.title}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs" component="dl" m={0}>
            {m.fields.map((f) => (
              <div key={f.label}>
                <Text component="dt" size="xs" c="dimmed">
                  {f.label}
                </Text>
                <Text component="dd" size="sm" fw={500} m={0} style={{ overflowWrap: 'anywhere' }}>
                  {f.value || '—'}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}
