import { Button, Card, Grid, Select } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSectors } from '../sectors/api';
import { type TDashboardFilter, useDashboardChannels } from './api';

export const todayFilter = (): TDashboardFilter => {
  const today = dayjs().format('YYYY-MM-DD');
  return { fromDate: today, toDate: today, sectorId: null, channelId: null };
};

/** Period (default today), sector and, where it applies, channel; applied as they change. */
export function DashboardFilters(props: {
  value: TDashboardFilter;
  onChange: (v: TDashboardFilter) => void;
  channel?: boolean;
  sector?: boolean;
}) {
  const sectors = useSectors();
  const channels = useDashboardChannels();
  const [from, setFrom] = useState<string | null>(props.value.fromDate);
  const [to, setTo] = useState<string | null>(props.value.toDate);
  const rangeError =
    from && to && from > to ? 'A data de início deve ser menor ou igual a data de fim!' : undefined;
  const apply = (f: string | null, t: string | null) => {
    if (f && t && f <= t) props.onChange({ ...props.value, fromDate: f, toDate: t });
  };
  const today = dayjs().format('YYYY-MM-DD');
  return (
    <Card withBorder radius="md" padding="md">
      <Grid gap="md" align="flex-end">
        <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
          <DatePickerInput
            label="Data inicial"
            placeholder="DD/MM/AAAA"
            valueFormat="DD/MM/YYYY"
            locale="pt-br"
            leftSection={<IconCalendar size={16} />}
            value={from}
            maxDate={to ?? undefined}
            onChange={(v) => {
              setFrom(v);
              apply(v, to);
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
          <DatePickerInput
            label="Data final"
            placeholder="DD/MM/AAAA"
            valueFormat="DD/MM/YYYY"
            locale="pt-br"
            leftSection={<IconCalendar size={16} />}
            value={to}
            minDate={from ?? undefined}
            error={rangeError}
            onChange={(v) => {
              setTo(v);
              apply(from, v);
            }}
          />
        </Grid.Col>
        {props.sector !== false ? (
          <Grid.Col span={{ base: 12, sm: 6, lg: 2 }}>
            <Select
              label="Setor"
              placeholder="Todos"
              clearable
              data={(sectors.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
              value={props.value.sectorId}
              onChange={(v) => props.onChange({ ...props.value, sectorId: v })}
            />
          </Grid.Col>
        ) : null}
        {props.channel ? (
          <Grid.Col span={{ base: 12, sm: 6, lg: 2 }}>
            <Select
              label="Canal"
              placeholder="Todos"
              clearable
              data={(channels.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
              value={props.value.channelId}
              onChange={(v) => props.onChange({ ...props.value, channelId: v })}
            />
          </Grid.Col>
        ) : null}
        <Grid.Col span={{ base: 12, sm: 6, lg: 2 }}>
          <Button
            variant="default"
            fullWidth
            disabled={props.value.fromDate === today && props.value.toDate === today}
            onClick={() => {
              setFrom(today);
              setTo(today);
              props.onChange({ ...props.value, fromDate: today, toDate: today });
            }}
          >
            Hoje
          </Button>
        </Grid.Col>
      </Grid>
    </Card>
  );
}
