import { Alert, Button, Center, Divider, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { ATT_MSG, type TMessage, ZMessagePage } from '@prosa/shared/attendance';
import { formatDateTime } from '@prosa/shared/dates';
import type { TTimelineEntry } from '@prosa/shared/history';
import { IconAlertCircle } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiRequest, errorMessage } from '../../lib/api';
import { MESSAGES_PER_PAGE } from './api';
import { MessageBubble } from './message-bubble';
import { messagesOldestFirst, type TMessagePage } from './message-cache';
import { authorName, buildTimeline } from './message-timeline';

const noAction = () => undefined;

/** A past protocol's messages (GET /api/history/:id/messages: the history's permission), oldest first. */
function usePastMessages(id: number | null) {
  return useInfiniteQuery({
    queryKey: ['history', 'past-messages', id ?? 0],
    enabled: id !== null,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }): Promise<TMessagePage> => {
      const search = new URLSearchParams({ limit: String(MESSAGES_PER_PAGE) });
      if (pageParam !== undefined) search.set('before', String(pageParam));
      return apiRequest(`/api/history/${id}/messages?${search}`, { schema: ZMessagePage });
    },
    getNextPageParam: (last) => (last.has_more ? last.items[last.items.length - 1]?.id : undefined),
  });
}

type Props = { entry: TTimelineEntry | null; contactName: string; tz: string; onClose: () => void };

/** "Ver conversa" of the contact's timeline: a past conversation, read-only, drawn like the chat. */
export function PastConversationModal({ entry, contactName, tz, onClose }: Props) {
  const query = usePastMessages(entry?.id ?? null);
  const messages: TMessage[] = useMemo(() => messagesOldestFirst(query.data), [query.data]);
  const items = useMemo(() => buildTimeline(messages, tz), [messages, tz]);
  return (
    <Modal
      opened={entry !== null}
      onClose={onClose}
      zIndex={400}
      size="xl"
      centered
      title={
        <Stack gap={0}>
          <Text fw={650}>{entry ? `Protocolo ${entry.protocol}` : 'Protocolo'}</Text>
          {entry ? (
            <Text size="xs" c="dimmed">
              Início {formatDateTime(entry.first_start_chat_at, tz)}
              {entry.closed_at ? ` · finalizado em ${formatDateTime(entry.closed_at, tz)}` : ' · em aberto'}
              {entry.status_name ? ` · ${entry.status_name}` : ''}
            </Text>
          ) : null}
        </Stack>
      }
    >
      {query.isPending ? (
        <Center h={240}>
          <Loader size="sm" aria-label="Carregando mensagens" />
        </Center>
      ) : query.isError ? (
        <Alert color="red" icon={<IconAlertCircle />} title={ATT_MSG.historyLoadError}>
          {errorMessage(query.error, 'Tente novamente em instantes.')}
        </Alert>
      ) : (
        <ScrollArea.Autosize mah="65dvh" type="auto" offsetScrollbars>
          <Stack gap={6} p="xs" bg="gray.0" role="log" aria-label="Mensagens do protocolo anterior">
            {query.hasNextPage ? (
              <Center>
                <Button
                  variant="subtle"
                  size="xs"
                  loading={query.isFetchingNextPage}
                  onClick={() => query.fetchNextPage()}
                >
                  Carregar mensagens anteriores
                </Button>
              </Center>
            ) : (
              <Text size="xs" c="dimmed" ta="center">
                {messages.length > 0 ? 'Início da conversa' : ATT_MSG.noHistoryMessages}
              </Text>
            )}
            {items.map((item) =>
              item.kind === 'date' ? (
                <Divider key={item.key} my={4} labelPosition="center" label={item.label} />
              ) : (
                <MessageBubble
                  key={item.key}
                  message={item.message}
                  author={authorName(item.message, contactName)}
                  showAuthor={item.showAuthor}
                  contactName={contactName}
                  tz={tz}
                  onAction={noAction}
                  readOnly
                />
              ),
            )}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Modal>
  );
}
