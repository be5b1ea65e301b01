import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconPlugConnected, IconRefresh } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { RealtimeBadge } from '../../components/realtime-badge';
import { useRealtime } from '../../lib/realtime-provider';
import { toast } from '../../lib/toast';
import { CardTitle } from './card-title';

const TOKEN_RESET = 'Token de tempo real redefinido com sucesso!';

export function RealtimeTokenCard() {
  const realtime = useRealtime();
  const reset = useMutation({
    mutationFn: realtime.resetToken,
    onSuccess: () => toast.success(TOKEN_RESET),
    onError: (error) => toast.apiError(error),
  });

  return (
    <Card component="section" aria-labelledby="realtime-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <CardTitle
            id="realtime-title"
            icon={<IconPlugConnected size={22} color="var(--mantine-color-prosa-7)" />}
          >
            Tempo real
          </CardTitle>
          <RealtimeBadge />
        </Group>
        <Text size="sm" c="dimmed">
          Novas mensagens e atualizações chegam pela conexão em tempo real. Se ela falhar com frequência, ou
          se você suspeitar que o token foi exposto, gere um novo: as conexões abertas com o token anterior
          são encerradas e esta tela se conecta de novo.
        </Text>
        <Group justify="flex-end">
          <Button
            variant="light"
            leftSection={<IconRefresh size={18} />}
            onClick={() => reset.mutate()}
            loading={reset.isPending}
          >
            Redefinir token de tempo real
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
