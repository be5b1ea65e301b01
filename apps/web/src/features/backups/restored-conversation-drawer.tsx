import {
  Alert,
  Badge,
  Box,
  Center,
  Drawer,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { BACKUP_MSG, type TRestoredAttendance, type TRestoredMessage } from '@prosa/shared/backups';
import { IconAlertCircle, IconPaperclip } from '@tabler/icons-react';
import { errorMessage } from '../../lib/api';
import { useRestoredConversation } from './restored-api';
import { formatRestoredTime } from './restored-time';

/** One restored attendance's conversation, oldest first: the contact on the left, operators on the right. */
export function RestoredConversationDrawer(props: {
  backupId: number;
  attendance: TRestoredAttendance | null;
  tz: string;
  onClose: () => void;
}) {
  const { attendance, tz } = props;
  const conversation = useRestoredConversation(props.backupId, attendance?.id ?? null);
  const messages = conversation.data?.messages ?? [];
  return (
    <Drawer
      opened={attendance !== null}
      onClose={props.onClose}
      position="right"
      size="lg"
      title={attendance ? `Protocolo ${attendance.protocol}` : ''}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      {attendance ? (
        <Stack gap="md">
          <Stack gap={2}>
            <Text fw={600}>{attendance.contact_name}</Text>
            <Text size="sm" c="dimmed">
              {[attendance.contact_number, attendance.sector].filter(Boolean).join(' · ')}
            </Text>
            <Text size="xs" c="dimmed">
              Aberto em {formatRestoredTime(attendance.opened_at, tz)}
              {attendance.closed_at ? ` · finalizado em ${formatRestoredTime(attendance.closed_at, tz)}` : ''}
            </Text>
            {attendance.status ? (
              <Group>
                <Badge variant="light" color="gray" size="sm">
                  {attendance.status}
                </Badge>
              </Group>
            ) : null}
          </Stack>
          {conversation.isPending ? (
            <Center h={200} aria-label="Carregando mensagens">
              <Loader />
            </Center>
          ) : conversation.isError ? (
            <Alert color="red" icon={<IconAlertCircle />} title={BACKUP_MSG.conversationLoadError}>
              {errorMessage(conversation.error, 'Tente novamente em instantes.')}
            </Alert>
          ) : messages.length === 0 ? (
            <Text size="sm" c="dimmed" ta="center" py="xl">
              Este atendimento não tem mensagens.
            </Text>
          ) : (
            <Stack gap="xs" aria-label="Mensagens do atendimento" role="log">
              {messages.map((m) => (
                <Bubble key={m.id} message={m} tz={tz} />
              ))}
            </Stack>
          )}
        </Stack>
      ) : null}
    </Drawer>
  );
}

function Bubble(props: { message: TRestoredMessage; tz: string }) {
  const { message: m, tz } = props;
  const fromContact = m.direction === 'in';
  return (
    <Group justify={fromContact ? 'flex-start' : 'flex-end'} wrap="nowrap">
      <Paper
        px="sm"
        py={6}
        maw="80%"
        radius="md"
        bg={fromContact ? 'gray.1' : 'prosa.0'}
        data-sender={fromContact ? 'contact' : 'operator'}
      >
        <Group justify="space-between" gap="md" wrap="nowrap">
          <Text size="xs" fw={600} c={fromContact ? 'dark.4' : 'prosa.8'}>
            {m.author ?? 'Automático'}
          </Text>
          <Text size="xs" c="dimmed" component="time" dateTime={m.sent_at}>
            {formatRestoredTime(m.sent_at, tz)}
          </Text>
        </Group>
        {m.type !== 'text' ? (
          <Group gap={4} c="dimmed">
            <IconPaperclip size={12} />
            {/* The restored copy keeps the attachment's record, not the file: only its kind is shown. */}
            <Text size="xs">Anexo ({m.type})</Text>
          </Group>
        ) : null}
        {/* Contact and operator text is shown as plain text, never as HTML. */}
        <Box component="p" m={0} fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {m.text}
        </Box>
      </Paper>
    </Group>
  );
}
