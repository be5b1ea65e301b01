import { Button, Card, Group, Text, TextInput } from '@mantine/core';
import { BACKUP_MSG, backupPeriodLabel, ZBackupRequest } from '@prosa/shared/backups';
import { DEFAULT_TIMEZONE } from '@prosa/shared/dates';
import { IconDatabaseExport } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useRequestBackup } from './api';

/** Masks what is typed as DD/MM/YYYY. */
function typeDate(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

/** The current month in the company's timezone (spec 3 §9 default range). */
function currentMonth(timezone: string) {
  const now = dayjs().tz(timezone || DEFAULT_TIMEZONE);
  return {
    from: now.startOf('month').format('DD/MM/YYYY'),
    to: now.endOf('month').format('DD/MM/YYYY'),
  };
}

/** The period form: two dates, checked as the server does, then a confirmation showing the period. */
export function BackupRequestForm({ timezone }: { timezone: string }) {
  const [dates, setDates] = useState(() => currentMonth(timezone));
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ from: string; to: string } | null>(null);
  const request = useRequestBackup();

  const submit = () => {
    const parsed = ZBackupRequest.safeParse({ dateFrom: dates.from, dateTo: dates.to });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? BACKUP_MSG.datesInvalid);
      return;
    }
    setError(null);
    setConfirming(parsed.data);
  };

  return (
    <Card withBorder padding="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Group align="flex-start" gap="md" wrap="wrap">
          <TextInput
            label="Data início"
            placeholder="DD/MM/AAAA"
            inputMode="numeric"
            w={160}
            value={dates.from}
            error={error ? true : undefined}
            onChange={(e) => setDates((d) => ({ ...d, from: typeDate(e.currentTarget.value) }))}
          />
          <TextInput
            label="Data fim"
            placeholder="DD/MM/AAAA"
            inputMode="numeric"
            w={160}
            value={dates.to}
            error={error ? true : undefined}
            onChange={(e) => setDates((d) => ({ ...d, to: typeDate(e.currentTarget.value) }))}
          />
          <Button type="submit" mt={25} leftSection={<IconDatabaseExport size={16} />}>
            Solicitar backup
          </Button>
        </Group>
        {error ? (
          <Text size="sm" c="red" mt="xs" role="alert">
            {error}
          </Text>
        ) : (
          <Text size="xs" c="dimmed" mt="xs">
            Atendimentos finalizados no período (até 1 ano), com suas mensagens e contatos.
          </Text>
        )}
      </form>
      <ConfirmDialog
        opened={confirming !== null}
        title="Confirmar backup"
        confirmLabel="Confirmar"
        loading={request.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          request.mutate(
            { dateFrom: dates.from, dateTo: dates.to },
            { onSuccess: () => setConfirming(null) },
          );
        }}
      >
        <Text size="sm">
          Gerar o backup dos atendimentos finalizados de{' '}
          <b>{confirming ? backupPeriodLabel(confirming.from, confirming.to) : ''}</b>?
        </Text>
      </ConfirmDialog>
    </Card>
  );
}
