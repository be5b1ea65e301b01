import { Alert, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import type { TCard } from '@prosa/shared/attendance';
import {
  CHATBOT_API,
  CHATBOT_MSG,
  type TTransferToChatbotInput,
  ZCanTransfer,
  ZTransferToChatbotAnswer,
} from '@prosa/shared/chatbot';
import { IconAlertCircle, IconRobot } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../lib/api';
import { openAttendance } from '../../lib/attendance-cache';
import { toast } from '../../lib/toast';
import { useCurrentUser } from '../auth/session-context';

type Props = { card: TCard; opened: boolean; onClose: () => void };

/**
 * Transfer to the chatbot (spec 1): the channel's linked flow takes the attendance from its start. Asks first
 * whether the channel has a bot (can-transfer → hasChatbot); the card then leaves the operator by realtime.
 */
export function TransferToBotModal({ card, opened, onClose }: Props) {
  const user = useCurrentUser();
  const check = useQuery({
    queryKey: ['attendances', 'can-transfer-bot', card.id],
    queryFn: () => {
      const query = new URLSearchParams({
        company_id: String(user.companyId),
        channel: card.channel_kind,
        contact_id: String(card.id),
      });
      return apiRequest(`${CHATBOT_API.canTransfer}?${query}`, { schema: ZCanTransfer });
    },
    enabled: opened,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
  const transfer = useMutation({
    mutationFn: () => {
      const body: TTransferToChatbotInput = {
        company_id: user.companyId,
        contact_id: card.id,
        sector_id: card.sector_id,
        data: { user_id: user.id, protocol: card.protocol },
      };
      return apiRequest(CHATBOT_API.toChatbot, { method: 'POST', body, schema: ZTransferToChatbotAnswer });
    },
    onSuccess: (answer) => {
      toast.success(answer.message || CHATBOT_MSG.transferred);
      onClose();
      if (openAttendance.get() === card.id) openAttendance.close();
    },
    onError: (error) => toast.error(errorMessage(error, CHATBOT_MSG.transferError)),
  });
  const hasBot = check.data?.hasChatbot === true;

  return (
    <Modal opened={opened} onClose={onClose} title="Transferir para o BOT" zIndex={300} centered>
      <Stack>
        {check.isPending ? (
          <Stack gap="xs" aria-label="Verificando o BOT do canal">
            <Skeleton h={18} />
            <Skeleton h={18} w="70%" />
          </Stack>
        ) : check.isError ? (
          <Alert color="red" icon={<IconAlertCircle />}>
            {errorMessage(check.error, CHATBOT_MSG.transferError)}
          </Alert>
        ) : hasBot ? (
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconRobot size={28} color="var(--mantine-color-prosa-7)" style={{ flexShrink: 0 }} aria-hidden />
            <Text size="sm">
              O fluxo de chatbot vinculado a este canal assume o atendimento de <strong>{card.name}</strong>{' '}
              desde o início, e ele sai da sua lista. Quando o fluxo transferir, o atendimento volta para as
              pessoas com toda a conversa.
            </Text>
          </Group>
        ) : (
          <Alert color="yellow" icon={<IconAlertCircle />}>
            {CHATBOT_MSG.noBot}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={transfer.isPending}>
            Cancelar
          </Button>
          <Button onClick={() => transfer.mutate()} disabled={!hasBot} loading={transfer.isPending}>
            Transferir
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
