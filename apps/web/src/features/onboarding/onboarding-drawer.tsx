import { Alert, Badge, Button, Drawer, Group, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { ONBOARDING_STEPS, type TOnboardingOutput } from '@prosa/shared/onboarding';
import { IconCheck } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useDismissOnboarding } from './api';

type Props = { opened: boolean; data: TOnboardingOutput | undefined; onClose: () => void };

/** "Guia de primeiros passos": the four steps of a new company, each done from the company's real data. */
export function OnboardingDrawer({ opened, data, onClose }: Props) {
  const navigate = useNavigate();
  const dismiss = useDismissOnboarding();
  const steps = data?.steps ?? [];
  const doneCount = steps.filter((s) => s.done).length;

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title="Guia de primeiros passos"
      // The guide stays beside the screens it sends to: the admin works with it open.
      withOverlay={false}
      lockScroll={false}
      trapFocus={false}
      closeOnClickOutside={false}
      shadow="xl"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Prepare a empresa para atender: cada etapa é marcada como concluída assim que o Prosa encontra o que
          você criou.
        </Text>
        <Stack gap={4}>
          <Text size="sm" fw={600} data-testid="onboarding-progress">
            {doneCount} de {steps.length} etapas concluídas
          </Text>
          <Progress
            value={steps.length ? (doneCount / steps.length) * 100 : 0}
            aria-label="Progresso do guia"
          />
        </Stack>
        {data?.all_done ? (
          <Alert color="teal" title="Tudo pronto!">
            A empresa já tem setor, usuários e um canal, e o chat do site foi testado.
          </Alert>
        ) : null}
        <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {steps.map((step, i) => {
            const info = ONBOARDING_STEPS[step.key];
            return (
              <Paper
                key={step.key}
                component="li"
                withBorder
                p="sm"
                radius="md"
                aria-label={info.title}
                data-done={step.done}
              >
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap">
                    <Group gap="xs" wrap="nowrap">
                      <ThemeIcon size="sm" radius="xl" color={step.done ? 'teal' : 'gray'} variant="light">
                        {step.done ? <IconCheck size={14} /> : <Text size="xs">{i + 1}</Text>}
                      </ThemeIcon>
                      <Text fw={600} size="sm">
                        {info.title}
                      </Text>
                    </Group>
                    {step.done ? (
                      <Badge color="teal" variant="light">
                        Concluída
                      </Badge>
                    ) : (
                      <Badge color="gray" variant="outline">
                        Pendente
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {info.text}
                  </Text>
                  <Group>
                    <Button
                      size="xs"
                      variant={step.done ? 'default' : 'light'}
                      onClick={() => {
                        navigate(info.path);
                        onClose();
                      }}
                    >
                      {info.action}
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            );
          })}
        </Stack>
        <Group justify="space-between">
          {data && !data.dismissed ? (
            <Button
              variant="subtle"
              color="gray"
              loading={dismiss.isPending}
              onClick={() => dismiss.mutate(undefined, { onSuccess: onClose })}
            >
              Dispensar
            </Button>
          ) : (
            <Text size="xs" c="dimmed">
              Reabra este guia pelo botão de foguete no topo da tela.
            </Text>
          )}
          <Button variant="default" onClick={onClose}>
            Fechar
          </Button>
        </Group>
      </Stack>
    </Drawer>
  );
}
