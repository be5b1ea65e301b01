import { Alert, Button, Card, Group, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { TRIAGE_MODES, TRIAGE_MSG, TRIAGE_TEXT, type TTriageMode } from '@prosa/shared/triage';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useSaveTriage, useTriage } from './api';

/** /triage (spec 2 §2 Triage, spec 1 §6): which cards operators see; MANAGER while distribution is on. */
export function TriagePage() {
  const triage = useTriage();
  const save = useSaveTriage();
  const [choice, setChoice] = useState<TTriageMode | null>(null);
  const data = triage.data;
  const locked = data?.locked_reason ?? null;
  // The radio shows the mode in force; a choice follows the server after each load or save.
  useEffect(() => setChoice(data ? data.effective : null), [data]);

  return (
    <Stack gap="lg" maw={760}>
      <PageHeader
        title="Triagem"
        description="Defina quais atendimentos cada operador vê na lista e quem fica com um atendimento sem operador."
      />
      {triage.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title={TRIAGE_MSG.loadError}>
          <Button variant="light" size="xs" mt="xs" onClick={() => triage.refetch()}>
            Tentar novamente
          </Button>
        </Alert>
      ) : null}
      {triage.isPending ? <Skeleton height={260} radius="md" /> : null}
      {data ? (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="md">
            {locked ? (
              <Alert color="yellow" icon={<IconLock size={18} />} title="Modo bloqueado">
                <Text size="sm">{locked}</Text>
                {data.triage !== 'MANAGER' ? (
                  <Text size="sm" mt={4}>
                    Ao desligar a distribuição automática, volta a valer o modo escolhido:{' '}
                    {TRIAGE_TEXT[data.triage].label}.
                  </Text>
                ) : null}
                <Button component={Link} to="/settings?tab=distribution" variant="light" size="xs" mt="xs">
                  Abrir a distribuição automática
                </Button>
              </Alert>
            ) : null}
            <Radio.Group label="Modo de triagem" value={choice} onChange={(v) => setChoice(v as TTriageMode)}>
              <Stack gap="sm" mt="xs">
                {TRIAGE_MODES.map((mode) => (
                  <Radio.Card
                    key={mode}
                    value={mode}
                    radius="md"
                    p="md"
                    disabled={locked !== null && mode !== 'MANAGER'}
                    aria-label={TRIAGE_TEXT[mode].label}
                    style={{ opacity: locked !== null && mode !== 'MANAGER' ? 0.55 : 1 }}
                  >
                    <Group wrap="nowrap" align="flex-start">
                      <Radio.Indicator />
                      <div>
                        <Text fw={600}>{TRIAGE_TEXT[mode].label}</Text>
                        <Text size="sm" c="dimmed">
                          {TRIAGE_TEXT[mode].description}
                        </Text>
                      </div>
                    </Group>
                  </Radio.Card>
                ))}
              </Stack>
            </Radio.Group>
            <Group justify="flex-end">
              <Button
                onClick={() => choice && save.mutate(choice)}
                loading={save.isPending}
                disabled={choice === null || choice === data.effective}
              >
                Salvar
              </Button>
            </Group>
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}
