import { Select, Stack, Text } from '@mantine/core';
import { AUTO_CHANGE_MAX_MINUTES } from '@prosa/shared/company-metadata';
import { IconClockPause } from '@tabler/icons-react';
import { useStatuses } from '../../statuses/api';
import { MetadataTabCard, tabIcon } from '../metadata-tab-card';
import { useMetadataForm } from '../use-company-metadata';
import { MetaNumber } from '../value-tabs';
import { autoChangeSummary } from './auto-change-summary';

const FIELDS = ['change_auto.minutes', 'change_auto.status_id'] as const;

/**
 * Mudança automática (attendance settings "auto change"): after N minutes without a customer message since the
 * operator's last one, an open, assigned attendance (not one of a bot) gets the chosen status; a finalization
 * status finalizes it.
 */
export function AutoChangeTab() {
  const form = useMetadataForm(FIELDS);
  const statuses = useStatuses();
  const minutes = form.values['change_auto.minutes'];
  const statusId = form.values['change_auto.status_id'];
  const chosen = (statuses.data ?? []).find((s) => s.id === statusId);
  return (
    <MetadataTabCard
      id="auto-change-title"
      title="Mudança automática"
      icon={tabIcon(IconClockPause)}
      description="Muda o status dos atendimentos parados: o operador respondeu e o cliente não escreveu mais."
      form={form}
    >
      <Stack gap="md">
        <MetaNumber
          form={form}
          path="change_auto.minutes"
          label="Minutos sem resposta do cliente"
          description={`De 0 a ${AUTO_CHANGE_MAX_MINUTES} minutos (31 dias). 0 desliga a mudança automática.`}
          suffix=" min"
        />
        <Select
          label="Status aplicado"
          description="Um status de classificação marca o atendimento; um de finalização o finaliza como “Automático”."
          placeholder={statuses.isPending ? 'Carregando…' : 'Selecione'}
          data={(statuses.data ?? []).map((s) => ({
            value: String(s.id),
            label: s.should_close === 1 ? `${s.name} (finaliza)` : s.name,
          }))}
          value={typeof statusId === 'number' ? String(statusId) : null}
          onChange={(v) => form.setValue('change_auto.status_id', v ? Number(v) : null)}
          error={form.errors['change_auto.status_id']}
          nothingFoundMessage="Nenhum status cadastrado"
          clearable
          maw={420}
        />
        <Summary minutes={minutes} status={chosen} />
      </Stack>
    </MetadataTabCard>
  );
}

function Summary(props: { minutes: unknown; status: { name: string; should_close: number } | undefined }) {
  return (
    <Text size="sm" c="dimmed" data-testid="auto-change-summary">
      {autoChangeSummary(props.minutes, props.status)}
    </Text>
  );
}
