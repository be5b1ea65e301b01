import {
  Alert,
  Badge,
  Button,
  Card,
  EmptyState,
  Grid,
  Group,
  Paper,
  ScrollArea,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { formatDateTime } from '@prosa/shared/dates';
import { MESSENGER_MSG } from '@prosa/shared/messenger';
import { ROLE } from '@prosa/shared/roles';
import { IconAlertCircle, IconMessages, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api';
import { useCurrentUser } from '../auth/session-context';
import { useAnswer, useChatMessages, useChats } from './api';
import { NewMessageModal } from './new-message-modal';

/** The internal messenger: chats on the left (filter by name, sort), the conversation on the right. */
export function MessengerPage() {
  const user = useCurrentUser();
  const isManager = user.role >= ROLE.manager;
  const [name, setName] = useState('');
  const [sort, setSort] = useState<'recent' | 'oldest'>('recent');
  const [selected, setSelected] = useState<number | null>(null);
  const [composing, setComposing] = useState(false);
  const chats = useChats(name, sort);
  return (
    <Stack gap="lg">
      <PageHeader
        title="Comunicação interna"
        description={isManager ? 'Mensagens para os operadores.' : 'Mensagens dos gestores.'}
        actions={
          isManager ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setComposing(true)}>
              Nova mensagem
            </Button>
          ) : undefined
        }
      />
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="sm">
            <Group grow>
              <TextInput
                aria-label="Filtrar por nome"
                placeholder="Filtrar por nome"
                leftSection={<IconSearch size={16} />}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
              />
              <Select
                aria-label="Ordenar"
                value={sort}
                onChange={(v) => setSort(v === 'oldest' ? 'oldest' : 'recent')}
                data={[
                  { value: 'recent', label: 'Mais recentes' },
                  { value: 'oldest', label: 'Mais antigas' },
                ]}
                allowDeselect={false}
              />
            </Group>
            {chats.isError ? (
              <Alert color="red" icon={<IconAlertCircle />}>
                {errorMessage(chats.error)}
              </Alert>
            ) : null}
            {chats.isPending ? <Skeleton h={72} radius="md" /> : null}
            {chats.data?.length === 0 ? (
              <EmptyState py="lg" icon={<IconMessages size={28} />} title="Nenhuma conversa." />
            ) : null}
            <Stack gap="xs" aria-label="Conversas">
              {chats.data?.map((c) => (
                <UnstyledButton
                  key={c.id}
                  onClick={() => setSelected(c.id)}
                  aria-label={`Conversa com ${c.with_name}`}
                >
                  <Card
                    withBorder
                    radius="md"
                    padding="sm"
                    bg={selected === c.id ? 'var(--mantine-color-blue-light)' : undefined}
                  >
                    <Group justify="space-between" wrap="nowrap">
                      <Text fw={600} truncate>
                        {c.with_name}
                      </Text>
                      {c.unread > 0 ? (
                        <Badge color="red" size="sm" circle>
                          {c.unread}
                        </Badge>
                      ) : null}
                    </Group>
                    <Text size="sm" c="dimmed" truncate>
                      {c.last_text ?? ''}
                    </Text>
                    <Group justify="space-between">
                      <Text size="xs" c="dimmed">
                        {formatDateTime(c.last_message_at)}
                      </Text>
                      {c.pending_answers > 0 ? (
                        <Badge size="xs" color="orange" variant="light">
                          Aguardando resposta
                        </Badge>
                      ) : null}
                    </Group>
                  </Card>
                </UnstyledButton>
              ))}
            </Stack>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {selected === null ? (
            <EmptyState py="xl" icon={<IconMessages size={28} />} title="Escolha uma conversa." />
          ) : (
            <Conversation chatId={selected} canAnswer={!isManager} />
          )}
        </Grid.Col>
      </Grid>
      {isManager ? <NewMessageModal opened={composing} onClose={() => setComposing(false)} /> : null}
    </Stack>
  );
}

function Conversation({ chatId, canAnswer }: { chatId: number; canAnswer: boolean }) {
  const q = useChatMessages(chatId);
  const answer = useAnswer(chatId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!text.trim()) return setError(MESSENGER_MSG.answerRequired);
    setError(null);
    answer.mutate(text.trim(), { onSuccess: () => setText('') });
  };
  if (q.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle />}>
        {errorMessage(q.error)}
      </Alert>
    );
  if (!q.data) return <Skeleton h={240} radius="md" />;
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="md">
        <Text fw={700}>{q.data.chat.with_name}</Text>
        <ScrollArea.Autosize mah={420}>
          <Stack gap="xs" aria-label="Mensagens">
            {q.data.messages.map((m) => (
              <Paper
                key={m.id}
                p="sm"
                radius="md"
                withBorder
                ml={m.mine ? 'xl' : 0}
                mr={m.mine ? 0 : 'xl'}
                bg={m.mine ? 'var(--mantine-color-blue-light)' : undefined}
              >
                <Text size="xs" c="dimmed">
                  {m.from_name} · {formatDateTime(m.created_at)}
                </Text>
                <Text style={{ whiteSpace: 'pre-wrap' }}>{m.text}</Text>
                {m.need_answer ? (
                  <Badge size="xs" mt={4} color={m.answered_at ? 'teal' : 'orange'} variant="light">
                    {m.answered_at ? 'Respondida' : 'Precisa de resposta'}
                  </Badge>
                ) : null}
              </Paper>
            ))}
          </Stack>
        </ScrollArea.Autosize>
        {canAnswer ? (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <Stack gap="xs">
              <Textarea
                label="Resposta"
                autosize
                minRows={2}
                maxLength={4000}
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                error={error}
              />
              <Group justify="flex-end">
                <Button type="submit" loading={answer.isPending}>
                  Responder
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}
      </Stack>
    </Card>
  );
}
