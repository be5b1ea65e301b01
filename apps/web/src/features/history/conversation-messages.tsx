import {
  Alert,
  Box,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import type { TMessage } from '@prosa/shared/attendance';
import { HISTORY_MSG } from '@prosa/shared/history';
import { IconAlertCircle } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useLayoutEffect, useRef } from 'react';
import { MessageAttachments } from '../../components/message-attachments';
import { errorMessage } from '../../lib/api';
import { useConversation } from './api';
import { buildTimeline } from './conversation-timeline';

const NEAR_TOP_PX = 80;

/** The messages of one attendance, oldest first; scrolling to the top loads the older pages. */
export function ConversationMessages(props: { attendanceId: number; contactName: string; tz: string }) {
  const { attendanceId, contactName, tz } = props;
  const conversation = useConversation(attendanceId);
  const viewport = useRef<HTMLDivElement>(null);
  // Height and offset before an older page is prepended, to keep the reader on the same message.
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const pages = conversation.data?.pages ?? [];
  const timeline = buildTimeline(
    pages.map((p) => p.items),
    tz,
  );
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = conversation;

  const loadOlder = () => {
    const el = viewport.current;
    if (!el || !hasNextPage || isFetchingNextPage) return;
    anchor.current = { height: el.scrollHeight, top: el.scrollTop };
    void fetchNextPage();
  };

  // First page: start at the newest message. Older pages: stay where the reader was.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a page arrives
  useLayoutEffect(() => {
    const el = viewport.current;
    if (!el || pages.length === 0) return;
    if (anchor.current) {
      el.scrollTop = el.scrollHeight - anchor.current.height + anchor.current.top;
      anchor.current = null;
    } else if (pages.length === 1) {
      el.scrollTop = el.scrollHeight;
    }
    // A short first page leaves nothing to scroll: fetch the next one straight away.
    if (el.scrollHeight <= el.clientHeight && hasNextPage && !isFetchingNextPage) loadOlder();
  }, [pages.length]);

  if (conversation.isPending) {
    return (
      <Center h={420} aria-label="Carregando mensagens">
        <Loader />
      </Center>
    );
  }
  if (conversation.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle />} title={HISTORY_MSG.loadError}>
        {errorMessage(conversation.error, 'Tente novamente em instantes.')}
      </Alert>
    );
  }

  return (
    <ScrollArea
      h={420}
      viewportRef={viewport}
      onScrollPositionChange={({ y }) => {
        if (y < NEAR_TOP_PX) loadOlder();
      }}
      type="auto"
      offsetScrollbars
    >
      <Stack gap="xs" p="xs" aria-label="Mensagens do atendimento" role="log">
        {hasNextPage ? (
          <Center>
            <Button variant="subtle" size="xs" loading={isFetchingNextPage} onClick={loadOlder}>
              Carregar mensagens anteriores
            </Button>
          </Center>
        ) : (
          <Text size="xs" c="dimmed" ta="center">
            {timeline.length > 0 ? 'Início da conversa' : 'Não tem mensagens desse histórico.'}
          </Text>
        )}
        {timeline.map((item) =>
          item.kind === 'day' ? (
            <Divider key={item.key} label={item.label} labelPosition="center" my={4} />
          ) : (
            <MessageBubble key={item.key} message={item.message} contactName={contactName} tz={tz} />
          ),
        )}
      </Stack>
    </ScrollArea>
  );
}

function MessageBubble(props: { message: TMessage; contactName: string; tz: string }) {
  const { message, tz } = props;
  const fromContact = message.sender_type === 0;
  const sender = fromContact ? props.contactName : (message.operator_name ?? 'Automático');
  return (
    <Group justify={fromContact ? 'flex-start' : 'flex-end'} wrap="nowrap">
      <Paper
        px="sm"
        py={6}
        maw="78%"
        radius="md"
        bg={fromContact ? 'gray.1' : 'prosa.0'}
        data-sender={fromContact ? 'contact' : 'operator'}
      >
        <Group justify="space-between" gap="md" wrap="nowrap">
          <Text size="xs" fw={600} c={fromContact ? 'dark.4' : 'prosa.8'}>
            {sender}
          </Text>
          <Text size="xs" c="dimmed" component="time" dateTime={message.sent_at}>
            {dayjs(message.sent_at).tz(tz).format('HH:mm')}
          </Text>
        </Group>
        <MessageAttachments attachments={message.attachments} />
        {/* Contact and operator text is shown as plain text, never as HTML. */}
        <Box component="p" m={0} fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.text}
        </Box>
      </Paper>
    </Group>
  );
}
