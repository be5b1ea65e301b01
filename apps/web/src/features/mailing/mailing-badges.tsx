import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { MAILING_PROCESSING_LABEL, MAILING_STATE_LABEL, type TMailing } from '@prosa/shared/mailing';

const STATE_COLOR = { active: 'teal', expired: 'orange', inactive: 'gray' } as const;

export function MailingStateBadge(props: { state: TMailing['state'] }) {
  return (
    <Badge variant="light" color={STATE_COLOR[props.state]}>
      {MAILING_STATE_LABEL[props.state]}
    </Badge>
  );
}

/** The import: progress while it runs (processed_rows of row_count), the rows once done, or its error. */
export function MailingImport(props: { mailing: TMailing }) {
  const m = props.mailing;
  if (m.processing === 'done')
    return (
      <Text size="sm">
        {m.row_count.toLocaleString('pt-BR')} linha{m.row_count === 1 ? '' : 's'}
      </Text>
    );
  if (m.processing === 'error')
    return (
      <Badge variant="light" color="red">
        {MAILING_PROCESSING_LABEL.error}
      </Badge>
    );
  const pct = m.row_count > 0 ? Math.min(100, Math.round((m.processed_rows / m.row_count) * 100)) : 0;
  return (
    <Stack gap={4} maw={200}>
      <Group gap={6} justify="space-between" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {MAILING_PROCESSING_LABEL[m.processing]}
        </Text>
        <Text size="xs" c="dimmed">
          {m.processed_rows.toLocaleString('pt-BR')} / {m.row_count.toLocaleString('pt-BR')}
        </Text>
      </Group>
      <Progress value={pct} size="sm" animated aria-label={`Importação ${pct}%`} />
    </Stack>
  );
}
