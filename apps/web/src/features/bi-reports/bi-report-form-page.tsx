import { Alert, Button, Card, Group, Loader, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  BI_MSG,
  BI_PROVIDER_LABEL,
  BI_PROVIDERS,
  biProviderNotConfigured,
  type TBiProvider,
  type TBiReport,
  type TBiReportInput,
  ZBiReportInput,
} from '@prosa/shared/bi-reports';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api';
import { zodValidate } from '../../lib/zod-form';
import { useBiProviders, useBiReport, useSaveBiReport } from './api';
import { BiCompanyPicker } from './bi-company-picker';

type Values = { name: string; provider: TBiProvider; report_id: string; company_ids: string[] };

const valuesOf = (r: TBiReport | null): Values => ({
  name: r?.name ?? '',
  provider: r?.provider ?? 'metabase',
  report_id: r?.report_id ?? '',
  company_ids: (r?.company_ids ?? []).map(String),
});

const toInput = (v: Values): TBiReportInput => ({
  name: v.name,
  provider: v.provider,
  report_id: v.report_id,
  company_ids: v.company_ids.map(Number),
});

const REPORT_ID_HELP: Record<TBiProvider, string> = {
  metabase: 'O número do painel no Metabase (ex.: 12). Dois painéis: 12,15 — exibidos um abaixo do outro.',
  powerbi:
    'O identificador (GUID) do relatório no workspace do Power BI. Dois relatórios: separe por vírgula.',
};

/** New or edit (spec 3 §2 main.report-bi-create): name, service, report-id and the companies. */
export function BiReportFormPage() {
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const report = useBiReport(id);
  const title = id === null ? 'Novo relatório BI' : 'Editar relatório BI';
  if (id !== null && report.isPending) {
    return (
      <Stack gap="lg">
        <PageHeader title={title} />
        <Group justify="center" py="xl">
          <Loader aria-label="Carregando relatório" />
        </Group>
      </Stack>
    );
  }
  if (id !== null && report.isError) {
    return (
      <Stack gap="lg">
        <PageHeader title={title} />
        <Alert color="red" icon={<IconAlertCircle />} title={BI_MSG.fetchError}>
          {errorMessage(report.error, BI_MSG.notFound)}
        </Alert>
        <Group>
          <Button component={Link} to="/report-bi" variant="default">
            Voltar
          </Button>
        </Group>
      </Stack>
    );
  }
  return <BiReportForm key={id ?? 'new'} title={title} report={report.data ?? null} />;
}

function BiReportForm({ title, report }: { title: string; report: TBiReport | null }) {
  const navigate = useNavigate();
  const providers = useBiProviders();
  const save = useSaveBiReport();
  const form = useForm<Values>({
    initialValues: valuesOf(report),
    validate: zodValidate<Values>(ZBiReportInput, toInput),
  });
  const provider = form.getValues().provider;
  const missing = providers.data && !providers.data[provider];
  const submit = form.onSubmit((values) =>
    save.mutate(
      { id: report?.id ?? null, body: toInput(values) },
      { onSuccess: () => navigate('/report-bi') },
    ),
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title={title}
        description="O relatório aparece, incorporado, para os gestores das empresas escolhidas."
      />
      <Card withBorder padding="lg" maw={720}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput label="Nome" withAsterisk maxLength={200} {...form.getInputProps('name')} />
            <Select
              label="Serviço de BI"
              withAsterisk
              allowDeselect={false}
              data={BI_PROVIDERS.map((p) => ({ value: p, label: BI_PROVIDER_LABEL[p] }))}
              {...form.getInputProps('provider')}
            />
            {missing ? (
              <Alert color="yellow" icon={<IconAlertTriangle />} role="status">
                {biProviderNotConfigured(provider)}
              </Alert>
            ) : null}
            <TextInput
              label="Report-ID"
              withAsterisk
              maxLength={200}
              description={REPORT_ID_HELP[provider]}
              {...form.getInputProps('report_id')}
            />
            <BiCompanyPicker
              value={form.getValues().company_ids}
              initial={report?.companies ?? []}
              error={form.errors.company_ids as string | undefined}
              onChange={(ids) => form.setFieldValue('company_ids', ids)}
            />
            <Group justify="flex-end" gap="sm">
              <Button component={Link} to="/report-bi" variant="default" disabled={save.isPending}>
                Cancelar
              </Button>
              <Button type="submit" loading={save.isPending}>
                Salvar
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
