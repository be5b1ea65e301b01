import { Button, Card, Grid, Group, Select, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { NEGOTIATION_OUTCOME_LABEL, NEGOTIATION_REPORT_STATUSES } from '@prosa/shared/negotiator';
import { profileOptionsFor, type TReportDef, type TReportLookups } from '@prosa/shared/reports';
import { IconCalendar, IconDownload, IconMail, IconPlayerPlay } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { type TReportFormValues, usersForProfile } from './report-filters';

const DATE_ARIA = {
  previousMonth: 'Mês anterior',
  nextMonth: 'Próximo mês',
  previousYear: 'Ano anterior',
  nextYear: 'Próximo ano',
  previousDecade: 'Década anterior',
  nextDecade: 'Próxima década',
};

type Props = {
  def: TReportDef;
  /** The caller's role: Lord is offered from admin up (spec 3 §3). */
  role: number;
  values: TReportFormValues;
  onChange: (next: TReportFormValues) => void;
  lookups: TReportLookups | undefined;
  lookupsLoading: boolean;
  /** A problem of the filters (the spec's texts), shown under the period. */
  problem: string | null;
  generating: boolean;
  downloading: boolean;
  onGenerate: () => void;
  onDownload: () => void;
};

/** Under the filters: the report's period limit, and for the flows report where it goes. */
function hint(def: TReportDef): string {
  const limit = def.maxDays ? `Período máximo: ${def.maxDays} dias.` : '';
  if (def.key === 'flows')
    return `${limit} O relatório de fluxos é gerado em segundo plano e enviado aos e-mails informados.`.trim();
  return limit;
}

function Col({ children }: { children: ReactNode }) {
  return <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>{children}</Grid.Col>;
}

/**
 * The filters a report shows (REPORTS[key].filters, spec 3 §3): the period with linked pickers (the start is
 * the end's minimum and the end the start's maximum), profile, user (of that profile), channel, sector,
 * status, phone, e-mails. The flows report has no table: it is sent by e-mail to its recipients.
 */
export function ReportFilterForm(props: Props) {
  const { def, values: v, lookups } = props;
  const set = (patch: Partial<TReportFormValues>) => props.onChange({ ...v, ...patch });
  const has = (f: (typeof def.filters)[number]) => def.filters.includes(f);
  const flows = def.key === 'flows';
  const users = usersForProfile(lookups?.users ?? [], v.profile).map((u) => ({
    value: String(u.id),
    label: u.name,
  }));
  const channels = (lookups?.channels ?? []).map((c) => ({
    value: String(c.id),
    label: `${c.name} · ${c.kind_label}`,
  }));
  const sectors = (lookups?.sectors ?? []).map((s) => ({ value: String(s.id), label: s.name }));
  const statuses = (lookups?.statuses ?? []).map((s) => ({
    value: String(s.id),
    label: s.trashed ? `${s.name} (Excluído)` : s.name,
  }));
  const negotiationStatuses = NEGOTIATION_REPORT_STATUSES.map((s) => ({
    value: s,
    label: s === 'all' ? 'Todas' : NEGOTIATION_OUTCOME_LABEL[s],
  }));
  const profiles = profileOptionsFor(props.role).map((o) => ({ value: o.value, label: o.label }));

  return (
    <Card component="section" aria-label="Filtros do relatório">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          props.onGenerate();
        }}
      >
        <Grid gap="md">
          <Col>
            <DatePickerInput
              label="Data inicial"
              placeholder="DD/MM/AAAA"
              valueFormat="DD/MM/YYYY"
              locale="pt-br"
              ariaLabels={DATE_ARIA}
              leftSection={<IconCalendar size={16} />}
              value={v.fromDate}
              maxDate={v.toDate ?? undefined}
              minDate={def.earliest}
              onChange={(d) => set({ fromDate: d })}
            />
          </Col>
          <Col>
            <DatePickerInput
              label="Data final"
              placeholder="DD/MM/AAAA"
              valueFormat="DD/MM/YYYY"
              locale="pt-br"
              ariaLabels={DATE_ARIA}
              leftSection={<IconCalendar size={16} />}
              value={v.toDate}
              minDate={v.fromDate ?? undefined}
              onChange={(d) => set({ toDate: d })}
            />
          </Col>
          {has('profile') ? (
            <Col>
              <Select
                label="Perfil"
                data={profiles}
                value={v.profile}
                allowDeselect={false}
                // Another profile: the user filter goes back to all (spec 3 §5).
                onChange={(p) => set({ profile: p ?? '', operator: null })}
              />
            </Col>
          ) : null}
          {has('operator') ? (
            <Col>
              <Select
                label="Usuário"
                placeholder="Todos"
                data={users}
                clearable
                searchable
                disabled={props.lookupsLoading}
                nothingFoundMessage="Nenhum usuário encontrado"
                value={v.operator}
                onChange={(o) => set({ operator: o })}
              />
            </Col>
          ) : null}
          {has('channel') ? (
            <Col>
              <Select
                label="Canal"
                placeholder={def.channelRequired ? 'Escolha um canal' : 'Todos'}
                data={channels}
                clearable={!def.channelRequired}
                searchable
                disabled={props.lookupsLoading}
                nothingFoundMessage="Nenhum canal encontrado"
                value={v.channel}
                onChange={(c) => set({ channel: c })}
              />
            </Col>
          ) : null}
          {has('sector') ? (
            <Col>
              <Select
                label="Setor"
                placeholder="Todos"
                data={sectors}
                clearable
                searchable
                disabled={props.lookupsLoading}
                nothingFoundMessage="Nenhum setor encontrado"
                value={v.sector}
                onChange={(s) => set({ sector: s })}
              />
            </Col>
          ) : null}
          {has('status') ? (
            <Col>
              <Select
                label="Status"
                placeholder="Todos"
                data={statuses}
                clearable
                searchable
                disabled={props.lookupsLoading}
                nothingFoundMessage="Nenhum status encontrado"
                value={v.status}
                onChange={(s) => set({ status: s })}
              />
            </Col>
          ) : null}
          {has('negotiation_status') ? (
            <Col>
              <Select
                label="Situação"
                data={negotiationStatuses}
                allowDeselect={false}
                value={v.negotiationStatus}
                onChange={(s) => set({ negotiationStatus: s ?? 'all' })}
              />
            </Col>
          ) : null}
          {has('phone') ? (
            <Col>
              <TextInput
                label="Telefone"
                placeholder="Todos"
                maxLength={30}
                value={v.phone}
                onChange={(e) => set({ phone: e.currentTarget.value })}
              />
            </Col>
          ) : null}
          {has('emails') ? (
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <TextInput
                label="E-mails de destino"
                description="Separe os e-mails por vírgula."
                placeholder="gestor@empresa.com.br, relatorios@empresa.com.br"
                maxLength={2000}
                required
                value={v.emails}
                onChange={(e) => set({ emails: e.currentTarget.value })}
              />
            </Grid.Col>
          ) : null}
          <Grid.Col span={12}>
            <Group justify="space-between" gap="sm">
              <Text size="sm" c={props.problem ? 'red' : 'dimmed'} role={props.problem ? 'alert' : undefined}>
                {props.problem ?? hint(def)}
              </Text>
              <Group gap="sm">
                {flows ? (
                  <Button type="submit" leftSection={<IconMail size={16} />} loading={props.generating}>
                    Enviar por e-mail
                  </Button>
                ) : (
                  <>
                    <Button
                      variant="default"
                      leftSection={<IconDownload size={16} />}
                      loading={props.downloading}
                      onClick={props.onDownload}
                    >
                      Baixar CSV
                    </Button>
                    <Button
                      type="submit"
                      leftSection={<IconPlayerPlay size={16} />}
                      loading={props.generating}
                    >
                      Gerar relatório
                    </Button>
                  </>
                )}
              </Group>
            </Group>
          </Grid.Col>
        </Grid>
      </form>
    </Card>
  );
}
