import { Alert, Button, Group, List, Modal, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { browserOf, MICROPHONE_HELP, MICROPHONE_RESULT } from './microphone-help';
import { type MicrophoneProblem, requestMicrophone } from './record-voice';

type Props = { problem: MicrophoneProblem; onClose: () => void };

/** "Permissão de microfone" (spec 2 §2): how to allow the microphone per browser, and "Tentar novamente". */
export function MicrophonePermissionModal({ problem, onClose }: Props) {
  const [result, setResult] = useState<'granted' | MicrophoneProblem | null>(null);
  const [asking, setAsking] = useState(false);
  const detected = browserOf(navigator.userAgent);
  const retry = async () => {
    setAsking(true);
    try {
      setResult(await requestMicrophone());
    } finally {
      setAsking(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Permissão de microfone" size="lg" centered>
      <Stack gap="md">
        <Text size="sm">
          {problem === 'denied'
            ? 'Para gravar áudios, o navegador precisa permitir que o Prosa use o microfone. O acesso está bloqueado para este site.'
            : 'Não foi possível acessar o microfone deste dispositivo. Verifique se há um microfone conectado e se o navegador pode usá-lo.'}
        </Text>
        <Tabs defaultValue={detected === 'other' ? 'chrome' : detected}>
          <Tabs.List>
            {MICROPHONE_HELP.map((h) => (
              <Tabs.Tab key={h.browser} value={h.browser}>
                {h.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {MICROPHONE_HELP.map((h) => (
            <Tabs.Panel key={h.browser} value={h.browser} pt="sm">
              <List type="ordered" spacing="xs" size="sm">
                {h.steps.map((step) => (
                  <List.Item key={step}>{step}</List.Item>
                ))}
              </List>
            </Tabs.Panel>
          ))}
        </Tabs>
        {result ? (
          <Alert
            color={result === 'granted' ? 'teal' : 'orange'}
            role="status"
            data-testid="microphone-result"
          >
            {MICROPHONE_RESULT[result]}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Fechar
          </Button>
          <Button loading={asking} onClick={() => void retry()}>
            Tentar novamente
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
