import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CardTitle } from './card-title';

/** A way to the Google Agenda page (issue 22): the user's calendar permission lives there. */
export function GoogleCalendarCard() {
  return (
    <Card component="section" aria-labelledby="google-calendar-card-title">
      <Stack gap="md">
        <CardTitle
          id="google-calendar-card-title"
          icon={<IconCalendarEvent size={22} color="var(--mantine-color-prosa-7)" />}
        >
          Google Agenda
        </CardTitle>
        <Text size="sm" c="dimmed">
          Receba seus retornos agendados como eventos na sua Google Agenda.
        </Text>
        <Group justify="flex-end">
          <Button variant="light" component={Link} to="/google-calendar">
            Abrir Google Agenda
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
