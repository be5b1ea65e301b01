import { Box, Button, Center, Divider, Loader, Stack, Text } from '@mantine/core';
import type { TMessage } from '@prosa/shared/attendance';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useCompanyFeatures } from '../company-metadata/api';
import { useMessages } from './api';
import { MessageBubble, type TMessageAction } from './message-bubble';
import { messagesOldestFirst } from './message-cache';
import { authorName, buildTimeline } from './message-timeline';

type Props = {
  attendanceId: number;
  contactName: string;
  tz: string;
  onAction: (action: TMessageAction, message: TMessage) => void;
  /** Loaded messages (oldest first), for copying the conversation. */
  onLoaded: (messages: TMessage[]) => void;
};

// Within this distance of the bottom the list follows new messages; farther up, the reader keeps their place.
const STICK_PX = 120;

/**
 * The conversation, newest at the bottom. Scrolling to the top loads the previous 50 messages and keeps the
 * reader's place; only loaded messages are rendered.
 */
export function MessageList({ attendanceId, contactName, tz, onAction, onLoaded }: Props) {
  const query = useMessages(attendanceId);
  const canCopy = useCompanyFeatures().data?.allow['message-copy'] === true;
  const messages = useMemo(() => messagesOldestFirst(query.data), [query.data]);
  const items = useMemo(() => buildTimeline(messages, tz), [messages, tz]);
  const scroller = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const before = useRef<{ height: number; top: number } | null>(null);
  const edges = useRef<{ first?: number; last?: number }>({});

  useEffect(() => onLoaded(messages), [messages, onLoaded]);

  // Where to put the scroll after a render: keep the place when older messages came in at the top, follow
  // the bottom when a new one arrived there (always for the operator's own message).
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const first = messages[0]?.id;
    const lastMessage = messages[messages.length - 1];
    const last = lastMessage?.id;
    const prev = edges.current;
    if (prev.first !== undefined && first !== prev.first && before.current) {
      el.scrollTop = el.scrollHeight - before.current.height + before.current.top;
    } else if (
      last !== prev.last &&
      (prev.last === undefined || nearBottom.current || lastMessage?.sender_type === 1)
    ) {
      el.scrollTop = el.scrollHeight;
    }
    before.current = null;
    edges.current = { first, last };
  }, [messages]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    const el = scroller.current;
    const sentinel = top.current;
    if (!el || !sentinel || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting) || isFetchingNextPage) return;
        before.current = { height: el.scrollHeight, top: el.scrollTop };
        fetchNextPage();
      },
      { root: el, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <Box
      ref={scroller}
      onScroll={(e) => {
        const el = e.currentTarget;
        nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
      }}
      role="log"
      aria-label="Mensagens"
      // Message copy off: selecting and copying the conversation (Ctrl+C, menu) is refused too.
      onCopy={canCopy ? undefined : (e) => e.preventDefault()}
      onCut={canCopy ? undefined : (e) => e.preventDefault()}
      tabIndex={0}
      bg="gray.0"
      px={{ base: 'xs', sm: 'md' }}
      py="sm"
      style={{ flex: 1, minHeight: 0, overflowY: 'auto', overscrollBehavior: 'contain' }}
    >
      <div ref={top} aria-hidden style={{ height: 1 }} />
      {query.isPending ? (
        <Center h="100%">
          <Loader size="sm" aria-label="Carregando mensagens" />
        </Center>
      ) : query.isError && messages.length === 0 ? (
        <Center h="100%">
          <Stack align="center" gap="xs">
            <Text size="sm" c="dimmed">
              Não foi possível carregar as mensagens.
            </Text>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconRefresh size={14} />}
              onClick={() => query.refetch()}
            >
              Tentar novamente
            </Button>
          </Stack>
        </Center>
      ) : (
        <Stack gap={6}>
          {isFetchingNextPage ? (
            <Center py="xs">
              <Loader size="xs" aria-label="Carregando mensagens anteriores" />
            </Center>
          ) : null}
          {!hasNextPage && messages.length > 0 ? (
            <Text size="xs" c="dimmed" ta="center" py={4}>
              Início da conversa
            </Text>
          ) : null}
          {items.map((item) =>
            item.kind === 'date' ? (
              <Divider
                key={item.key}
                my={4}
                labelPosition="center"
                label={
                  <Text size="xs" c="dimmed" fw={600} component="span">
                    {item.label}
                  </Text>
                }
              />
            ) : (
              <MessageBubble
                key={item.key}
                message={item.message}
                author={authorName(item.message, contactName)}
                showAuthor={item.showAuthor}
                contactName={contactName}
                tz={tz}
                onAction={onAction}
              />
            ),
          )}
        </Stack>
      )}
    </Box>
  );
}
