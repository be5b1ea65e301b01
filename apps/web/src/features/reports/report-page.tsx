import { Alert, Anchor, Button, Card, Skeleton, Stack, Text } from '@mantine/core';
import { isReportKey, REPORT_MSG, REPORTS, type TReportDef } from '@prosa/shared/reports';
import { IconAlertCircle, IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { ApiError, errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useCurrentUser } from '../auth/session-context';
import { downloadReportCsv, isReportTimeout, useReport, useReportLookups, useRequestBackground } from './api';
import { ReportCharts } from './report-charts';
import { ReportFilterForm } from './report-filter-form';
import {
  defaultReportValues,
  isEmptyReport,
  reportPageCount,
  reportParams,
  reportProblem,
  type TReportFormValues,
  todayOn,
  toQueryString,
} from './report-filters';
import { ReportTable } from './report-table';

/** /reports/:key: one screen for every report of the catalogue, driven by its filters (spec 3 §2, §3, §5). */
export function ReportPage() {
  const { key = '' } = useParams();
  if (!isReportKey(key))
    return (
      <Stack gap="lg">
        <PageHeader title="Relatório" />
        <Alert color="yellow" icon={<IconAlertCircle />}>
          Relatório não encontrado.{' '}
          <Anchor component={Link} to="/reports">
            Voltar aos relatórios
          </Anchor>
        </Alert>
      </Stack>
    );
  return <ReportScreen key={key} def={REPORTS[key]} />;
}

function ReportScreen({ def }: { def: TReportDef }) {
  const me = useCurrentUser();
  const today = todayOn(me.timezone);
  const [values, setValues] = useState<TReportFormValues>(() => defaultReportValues(today));
  const [problem, setProblem] = useState<string | null>(null);
  // The query asked last (with its page); null until 'Gerar relatório'.
  const [asked, setAsked] = useState<{ values: TReportFormValues; page: number } | null>(null);
  const query = useMemo(
    () => (asked ? toQueryString(reportParams(def, asked.values, asked.page)) : null),
    [asked, def],
  );
  const report = useReport(def.key, query);
  const lookups = useReportLookups();
  const background = useRequestBackground();
  const [downloading, setDownloading] = useState(false);
  // The send-to-background offer: the filters and the server's message.
  const [offer, setOffer] = useState<{ filters: Record<string, string>; message: string } | null>(null);
  const [sent, setSent] = useState(false);

  useEffect(() => {
    if (lookups.isError) toast.apiError(lookups.error, REPORT_MSG.users);
  }, [lookups.isError, lookups.error]);

  // A time-out (or a period above the company's threshold) offers the background (spec 3 §4).
  useEffect(() => {
    if (asked && isReportTimeout(report.error))
      setOffer({ filters: reportParams(def, asked.values), message: report.error.message });
  }, [report.error, asked, def]);

  const change = (next: TReportFormValues) => {
    setValues(next);
    setProblem(null);
  };
  const check = () => {
    const p = reportProblem(def, values, today);
    setProblem(p);
    return p === null;
  };

  const generate = () => {
    if (!check()) return;
    setSent(false);
    if (def.key === 'flows') {
      background.mutate(
        { type: def.key, filters: reportParams(def, values) },
        { onSuccess: () => setSent(true) },
      );
      return;
    }
    const same =
      asked &&
      toQueryString(reportParams(def, asked.values, 1)) === toQueryString(reportParams(def, values, 1));
    setAsked({ values, page: 1 });
    if (same) void report.refetch();
  };

  const download = async () => {
    if (!check()) return;
    setDownloading(true);
    try {
      await downloadReportCsv(def.key, toQueryString(reportParams(def, values)));
    } catch (error) {
      if (isReportTimeout(error)) setOffer({ filters: reportParams(def, values), message: error.message });
      else if (
        error instanceof ApiError &&
        (error.status === 400 || error.status === 404 || error.status === 403)
      )
        toast.warning(error.message);
      else toast.apiError(error, REPORT_MSG.generic);
    } finally {
      setDownloading(false);
    }
  };

  const table = report.data;
  const failed = report.isError && !isReportTimeout(report.error) ? report.error : null;

  return (
    <Stack gap="lg">
      <PageHeader
        title={def.title}
        description={def.description}
        actions={
          <Button component={Link} to="/reports" variant="default" leftSection={<IconArrowLeft size={16} />}>
            Relatórios
          </Button>
        }
      />
      <ReportFilterForm
        def={def}
        role={me.role}
        values={values}
        onChange={change}
        lookups={lookups.data}
        lookupsLoading={lookups.isPending}
        problem={problem}
        generating={report.isFetching || background.isPending}
        downloading={downloading}
        onGenerate={generate}
        onDownload={() => void download()}
      />
      {sent ? (
        <Alert color="teal" icon={<IconInfoCircle />}>
          {REPORT_MSG.sentToBackground}{' '}
          <Anchor component={Link} to="/reports/background">
            Ver relatórios em segundo plano
          </Anchor>
        </Alert>
      ) : null}
      {failed ? (
        <Alert
          color={failed instanceof ApiError && failed.status === 400 ? 'yellow' : 'red'}
          icon={<IconAlertCircle />}
          title={failed instanceof ApiError && failed.status === 400 ? 'Alerta!' : 'Erro!'}
        >
          {errorMessage(failed, REPORT_MSG.load)}
        </Alert>
      ) : null}
      {asked && report.isPending && !failed && !isReportTimeout(report.error) ? <ReportSkeleton /> : null}
      {table && !failed && !report.isPending ? (
        isEmptyReport(table) ? (
          <Card>
            <Text c="dimmed" ta="center" py="lg">
              {REPORT_MSG.empty}
            </Text>
          </Card>
        ) : (
          <Stack gap="md" style={{ opacity: report.isFetching ? 0.6 : 1 }}>
            <ReportCharts charts={table.charts ?? []} />
            {table.columns.length > 0 ? (
              <ReportTable
                title={table.title}
                columns={table.columns}
                rows={table.rows}
                totals={table.totals}
                total={table.total}
                tz={me.timezone}
                page={asked?.page ?? 1}
                pages={reportPageCount(table)}
                onPage={(page) => asked && setAsked({ ...asked, page })}
              />
            ) : null}
            {(table.tables ?? [])
              .filter((t) => t.rows.length > 0)
              .map((t) => (
                <ReportTable
                  key={t.title}
                  title={t.title}
                  columns={t.columns}
                  rows={t.rows}
                  total={t.total}
                  tz={me.timezone}
                  page={asked?.page ?? 1}
                  pages={reportPageCount(t)}
                  onPage={(page) => asked && setAsked({ ...asked, page })}
                />
              ))}
          </Stack>
        )
      ) : null}
      <ConfirmDialog
        opened={offer !== null}
        title="Enviar para segundo plano?"
        confirmLabel="Enviar"
        loading={background.isPending}
        onClose={() => setOffer(null)}
        onConfirm={() =>
          offer &&
          background.mutate(
            { type: def.key, filters: offer.filters },
            {
              onSuccess: () => setSent(true),
              onSettled: () => setOffer(null),
            },
          )
        }
      >
        <Text size="sm">{offer?.message}</Text>
        <Text size="sm" c="dimmed">
          O arquivo fica em Relatórios em segundo plano e o link chega por e-mail.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

function ReportSkeleton() {
  return (
    <Card aria-busy aria-label="Carregando relatório">
      <Stack gap="sm">
        <Skeleton h={20} w="30%" />
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
          <Skeleton key={i} h={14} />
        ))}
      </Stack>
    </Card>
  );
}
