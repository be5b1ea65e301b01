import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { REPORTS, type TReportKey } from '@prosa/shared/reports';
import { IconChartInfographic, IconClockPlay } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useCompanyFeatures } from '../company-metadata/api';
import { useCompanyMetadata } from '../company-metadata/use-company-metadata';
import { useReportLookups } from './api';
import { REPORT_GROUPS } from './report-groups';

export function ReportsIndexPage() {
  const features = useCompanyFeatures();
  const background = features.data?.allow.background_reports === true;
  // The WhatsApp Enterprise report only where the company has that module (spec 3 §6).
  const waent = useReportLookups().data?.waent_enabled !== false;
  const shown = (key: TReportKey) => key !== 'session-whatsapp-enterprise' || waent;
  // The company's complete BI report (settings tab "Relatório BI": allow['report-bi'] and its report id).
  const metadata = useCompanyMetadata();
  const biId = metadata.data?.reports.complete.reportID.trim() ?? '';
  const bi = metadata.data?.allow['report-bi'] === true && /^\d+$/.test(biId) ? biId : null;
  return (
    <Stack gap="lg">
      <PageHeader
        title="Relatórios"
        description="Escolha um relatório, defina o período e os filtros, veja na tela ou baixe em CSV."
        actions={
          background ? (
            <Button
              component={Link}
              to="/reports/background"
              variant="default"
              leftSection={<IconClockPlay size={16} />}
            >
              Relatórios em segundo plano
            </Button>
          ) : null
        }
      />
      {bi ? (
        <Card withBorder radius="md" padding="md" maw={480}>
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconChartInfographic size={22} aria-hidden />
            <Stack gap={4}>
              <Anchor component={Link} to={`/report-bi/${bi}`} fw={600}>
                Relatório completo (BI)
              </Anchor>
              <Text size="sm" c="dimmed">
                O painel de BI da empresa, incorporado.
              </Text>
            </Stack>
          </Group>
        </Card>
      ) : null}
      {REPORT_GROUPS.map((group) => (
        <Stack key={group.title} gap="sm" component="section" aria-label={group.title}>
          <Title order={3} size="h4">
            {group.title}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {group.keys.filter(shown).map((key) => (
              <Card key={key} withBorder radius="md" padding="md">
                <Stack gap={4}>
                  <Anchor component={Link} to={`/reports/${key}`} fw={600}>
                    {REPORTS[key].title}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {REPORTS[key].description}
                  </Text>
                  {REPORTS[key].maxDays ? (
                    <Text size="xs" c="dimmed">
                      Período máximo: {REPORTS[key].maxDays} dias.
                    </Text>
                  ) : null}
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}
