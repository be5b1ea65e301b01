import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
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
import { MESSENGER_FLAG } from '@prosa/shared/messenger-constants';
import { ROLE } from '@prosa/shared/roles';
import { IconAlertCircle, IconMessages, IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useCurrentUser } from '../auth/session-context';
import { useCompanyFeatures } from '../company-metadata/api';
import { useAnswer, useChatMessages, useChats, useSendMessage } from './api';
import { NewMessageModal, OperatorMessageModal } from './new-message-modal';

/** The messenger is a company feature: with it off, the page says so and sends the user to the chat. */
export function MessengerPage() {
  const features = useCompanyFeatures();
  const off = features.data !== undefined && features.data.allow[MESSENGER_FLAG] !== true;
  useEffect(() => {
    if (off) toast.error(MESSENGER_MSG.disabled);
  }, [off]);
  if (off) return <Navigate to="/chat" replace />;
  return <Messenger />;
}

/** The internal messenger: chats on the left (filter by name, sort), the conversation on the right. */
function Messenger() {
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
        description={isManager ? 'Mensagens para os operadores.' : 'Mensagens com os gestores.'}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setComposing(true)}>
            Nova mensagem
          </Button>
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
                {errorMessage(chats.error, MESSENGER_MSG.chatsError)}
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
            <Conversation chatId={selected} asManager={isManager} />
          )}
        </Grid.Col>
      </Grid>
      {isManager ? (
        <NewMessageModal opened={composing} onClose={() => setComposing(false)} />
      ) : (
        <OperatorMessageModal opened={composing} onClose={() => setComposing(false)} />
      )}
    </Stack>
  );
}

/** A chat's messages and its answer box: an operator answers; a manager writes again to that operator. */
function Conversation({ chatId, asManager }: { chatId: number; asManager: boolean }) {
  const q = useChatMessages(chatId);
  const answer = useAnswer(chatId);
  const write = useSendMessage();
  const [text, setText] = useState('');
  const [needAnswer, setNeedAnswer] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pending = answer.isPending || write.isPending;
  const submit = () => {
    if (!text.trim()) return setError(MESSENGER_MSG.answerRequired);
    setError(null);
    if (!asManager) return answer.mutate(text.trim(), { onSuccess: () => setText('') });
    const operatorId = q.data?.chat.with_user_id;
    if (operatorId === undefined) return;
    write.mutate(
      { send_to: 'specific', operator_ids: [operatorId], message: text.trim(), need_answer: needAnswer },
      {
        onSuccess: () => {
          setText('');
          setNeedAnswer(false);
        },
      },
    );
  };
  if (q.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle />}>
        {errorMessage(q.error, MESSENGER_MSG.chatsError)}
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
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="xs">
            <Textarea
              label={asManager ? 'Mensagem' : 'Resposta'}
              autosize
              minRows={2}
              maxLength={4000}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              error={error}
            />
            <Group justify={asManager ? 'space-between' : 'flex-end'}>
              {asManager ? (
                <Checkbox
                  label="Precisa de resposta"
                  checked={needAnswer}
                  onChange={(e) => setNeedAnswer(e.currentTarget.checked)}
                />
              ) : null}
              <Button type="submit" loading={pending}>
                {asManager ? 'Enviar' : 'Responder'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}
