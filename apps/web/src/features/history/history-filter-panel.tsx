import { Card, Checkbox, Grid, Select, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { CHANNEL_LABEL, LIVE_CHANNEL_KINDS } from '@prosa/shared/channels';
import { kindsInUse } from '@prosa/shared/company-channels';
import { ZHistoryFilters } from '@prosa/shared/history';
import { IconCalendar } from '@tabler/icons-react';
import { FilterActions } from '../../components/filter-actions';
import { zodValidate } from '../../lib/zod-form';
import { useCompanyFeatures } from '../company-metadata/api';
import type { TSector } from '../sectors/api';
import type { TStatus } from '../statuses/api';
import type { TUserListItem } from '../users/api';
import { formToFilters, type THistoryFormValues } from './history-filters';

const DATE_ARIA = {
  previousMonth: 'Mês anterior',
  nextMonth: 'Próximo mês',
  previousYear: 'Ano anterior',
  nextYear: 'Próximo ano',
  previousDecade: 'Década anterior',
  nextDecade: 'Próxima década',
  monthLevelControl: 'Escolher mês',
  yearLevelControl: 'Escolher ano',
};

// Only the channels that exist: a filter by a channel nobody can have used would find nothing.
const CHANNEL_OPTIONS = LIVE_CHANNEL_KINDS.map((kind) => ({ value: kind, label: CHANNEL_LABEL[kind] }));

type Props = {
  initialValues: THistoryFormValues;
  defaults: THistoryFormValues;
  sectors: TSector[];
  statuses: TStatus[];
  users: TUserListItem[];
  searching: boolean;
  onSearch: (values: THistoryFormValues) => void;
};

/** History filters (spec 2 §3); the 30-day rule of ZHistoryFilters is checked here with the server's texts. */
export function HistoryFilterPanel(props: Props) {
  const form = useForm<THistoryFormValues>({
    mode: 'controlled',
    initialValues: props.initialValues,
    validate: zodValidate<THistoryFormValues>(ZHistoryFilters, formToFilters),
    // The 30-day rule spans several fields: any change clears the old verdict.
    onValuesChange: () => form.clearErrors(),
  });

  // Kinds the company turned off (settings tab 15) are not offered.
  const allow = useCompanyFeatures().data?.allow;
  const channelOptions = CHANNEL_OPTIONS.filter((o) => kindsInUse(allow, [o.value]).length > 0);
  const finalization = props.statuses
    .filter((s) => s.should_close === 1)
    .map((s) => ({ value: String(s.id), label: s.name }));
  const sectors = [...props.sectors]
    .sort((a, b) => a.position - b.position)
    .map((s) => ({ value: String(s.id), label: s.name }));
  const users = props.users.map((u) => ({
    value: String(u.id),
    label: u.display_name && u.display_name !== u.name ? `${u.display_name} (${u.name})` : u.name,
  }));

  const clear = () => {
    form.setValues(props.defaults);
    form.clearErrors();
    props.onSearch(props.defaults);
  };

  return (
    <Card component="section" aria-label="Filtros do histórico">
      <form noValidate onSubmit={form.onSubmit(props.onSearch)}>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <DatePickerInput
              label="Data inicial"
              placeholder="DD/MM/AAAA"
              valueFormat="DD/MM/YYYY"
              locale="pt-br"
              clearable
              ariaLabels={DATE_ARIA}
              leftSection={<IconCalendar size={16} />}
              {...form.getInputProps('fromDate')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <DatePickerInput
              label="Data final"
              placeholder="DD/MM/AAAA"
              valueFormat="DD/MM/YYYY"
              locale="pt-br"
              clearable
              ariaLabels={DATE_ARIA}
              leftSection={<IconCalendar size={16} />}
              {...form.getInputProps('toDate')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <Select
              label="Canal de entrada"
              placeholder="Todos"
              data={channelOptions}
              clearable
              {...form.getInputProps('channelable_type')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <Select
              label="Status finalização"
              placeholder="Todos"
              data={finalization}
              clearable
              searchable
              nothingFoundMessage="Nenhum status encontrado"
              {...form.getInputProps('status_id')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <TextInput
              label="Número (telefone ou protocolo)"
              placeholder="Ex.: 11987654321"
              {...form.getInputProps('number')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <TextInput label="CPF" placeholder="Somente números" {...form.getInputProps('cpf')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <TextInput
              label="E-mail"
              type="email"
              placeholder="contato@exemplo.com.br"
              {...form.getInputProps('email')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <TextInput
              label="Contrato"
              placeholder="Número do contrato"
              {...form.getInputProps('contract')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <TextInput
              label="E-mails do contato"
              placeholder="a@exemplo.com.br, b@exemplo.com.br"
              description="Qualquer um dos e-mails do cadastro do contato."
              inputWrapperOrder={['label', 'input', 'error', 'description']}
              {...form.getInputProps('emails')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <Select
              label="Setor"
              placeholder="Todos"
              data={sectors}
              clearable
              searchable
              nothingFoundMessage="Nenhum setor encontrado"
              {...form.getInputProps('sector_id')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <Select
              label="Finalizado por"
              placeholder="Todos"
              data={users}
              clearable
              searchable
              nothingFoundMessage="Nenhum usuário encontrado"
              {...form.getInputProps('closed_by_user')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }} style={{ display: 'flex', alignItems: 'flex-end' }}>
            <Checkbox
              mb={8}
              label="Somente em aberto"
              {...form.getInputProps('only_open', { type: 'checkbox' })}
            />
          </Grid.Col>
          <Grid.Col span={12} style={{ display: 'flex', alignItems: 'flex-end' }}>
            <FilterActions searching={props.searching} onClear={clear} />
          </Grid.Col>
        </Grid>
        <Text size="xs" c="dimmed" mt="sm">
          Períodos acima de 30 dias, ou sem datas, exigem o canal de entrada e o CPF ou o telefone.
        </Text>
      </form>
    </Card>
  );
}
