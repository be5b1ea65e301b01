import { Card, Grid, Select, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { BATCH_CLOSE_MSG } from '@prosa/shared/batch-close';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { FilterActions } from '../../components/filter-actions';
import type { TStatus } from '../statuses/api';
import type { TUserListItem } from '../users/api';
import type { TOpenHistoriesQuery } from './api';

const DATE_ARIA = {
  previousMonth: 'Mês anterior',
  nextMonth: 'Próximo mês',
  previousYear: 'Ano anterior',
  nextYear: 'Próximo ano',
  previousDecade: 'Década anterior',
  nextDecade: 'Próxima década',
};

export type TFilterValues = {
  fromDate: string | null;
  toDate: string | null;
  userId: string | null;
  message: string;
  statusId: string | null;
};

export function toQuery(v: TFilterValues): TOpenHistoriesQuery {
  return {
    fromDate: v.fromDate ?? undefined,
    toDate: v.toDate ?? undefined,
    user_id: v.userId ? Number(v.userId) : undefined,
    message: v.message.trim() || undefined,
    status_id: v.statusId ? Number(v.statusId) : undefined,
  };
}

/** The search of open attendances (spec 3 §7): period (current month by default), operator, text, status. */
export function BatchCloseFilters(props: {
  defaults: TFilterValues;
  users: TUserListItem[];
  statuses: TStatus[];
  searching: boolean;
  onSearch: (values: TFilterValues) => void;
}) {
  const [values, setValues] = useState<TFilterValues>(props.defaults);
  const set = <K extends keyof TFilterValues>(k: K, v: TFilterValues[K]) =>
    setValues((old) => ({ ...old, [k]: v }));
  const rangeError =
    values.fromDate && values.toDate && values.toDate < values.fromDate ? BATCH_CLOSE_MSG.invalidRange : null;
  const users = props.users
    .filter((u) => u.inactive_since === null)
    .map((u) => ({ value: String(u.id), label: u.display_name || u.name }));
  const statuses = props.statuses
    .filter((s) => s.should_close === 0)
    .map((s) => ({ value: String(s.id), label: s.name }));

  return (
    <Card component="section" aria-label="Filtros dos atendimentos">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!rangeError) props.onSearch(values);
        }}
      >
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6, lg: 2 }}>
            <DatePickerInput
              label="Data inicial"
              placeholder="DD/MM/AAAA"
              valueFormat="DD/MM/YYYY"
              locale="pt-br"
              ariaLabels={DATE_ARIA}
              leftSection={<IconCalendar size={16} />}
              value={values.fromDate}
              onChange={(v) => set('fromDate', v)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 2 }}>
            <DatePickerInput
              label="Data final"
              placeholder="DD/MM/AAAA"
              valueFormat="DD/MM/YYYY"
              locale="pt-br"
              ariaLabels={DATE_ARIA}
              leftSection={<IconCalendar size={16} />}
              value={values.toDate}
              onChange={(v) => set('toDate', v)}
              error={rangeError}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 2 }}>
            <Select
              label="Operador"
              placeholder="Todos"
              data={users}
              clearable
              searchable
              nothingFoundMessage="Nenhum operador encontrado"
              value={values.userId}
              onChange={(v) => set('userId', v)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 2 }}>
            <Select
              label="Status"
              placeholder="Todos"
              data={statuses}
              clearable
              searchable
              nothingFoundMessage="Nenhum status encontrado"
              value={values.statusId}
              onChange={(v) => set('statusId', v)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 12, lg: 4 }}>
            <TextInput
              label="Mensagem ou contato"
              placeholder="Texto das mensagens ou nome do contato"
              maxLength={200}
              value={values.message}
              onChange={(e) => set('message', e.currentTarget.value)}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <FilterActions
              searching={props.searching}
              onClear={() => {
                setValues(props.defaults);
                props.onSearch(props.defaults);
              }}
            />
          </Grid.Col>
        </Grid>
      </form>
    </Card>
  );
}
