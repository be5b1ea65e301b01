import { Button, List, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { TRIAL_INCLUDES, type TTrialInfo } from '@prosa/shared/onboarding';
import { IconCheck } from '@tabler/icons-react';
import { useMarkTrialSeen } from './api';

/** A calendar day (YYYY-MM-DD) as the screens show dates. */
function brDate(day: string) {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

function daysLeftText(days: number) {
  if (days === 0) return 'Hoje é o último dia do seu período de teste.';
  return days === 1
    ? 'Falta 1 dia para o fim do seu período de teste.'
    : `Faltam ${days} dias para o fim do seu período de teste.`;
}

/** "Bem-vindo ao período de teste" (spec 1 §2 trial welcome): once per user, remembered by the server. */
export function TrialWelcomeModal({ trial, onClose }: { trial: TTrialInfo; onClose: () => void }) {
  const seen = useMarkTrialSeen();
  const close = () => {
    seen.mutate();
    onClose();
  };
  return (
    <Modal opened onClose={close} title="Bem-vindo ao período de teste" centered size="lg">
      <Stack gap="md">
        <Text fw={600} data-testid="trial-days-left">
          {daysLeftText(trial.days_left)}
        </Text>
        <Text size="sm" c="dimmed">
          O teste vai até {brDate(trial.until)}. Durante o teste, a sua empresa tem:
        </Text>
        <List
          spacing="xs"
          size="sm"
          icon={
            <ThemeIcon color="teal" size={20} radius="xl" variant="light">
              <IconCheck size={12} />
            </ThemeIcon>
          }
        >
          {TRIAL_INCLUDES.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
        <Text size="sm">
          Para continuar depois do teste, fale com o seu consultor para ativar o contrato. O guia de primeiros
          passos ajuda a deixar tudo pronto.
        </Text>
        <Button onClick={close} loading={seen.isPending}>
          Começar
        </Button>
      </Stack>
    </Modal>
  );
}
