import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { CONTROL_WORD_MAX, CONTROL_WORDS_MSG, ZControlWordInput } from '@prosa/shared/control-words';
import { formatDateTime } from '@prosa/shared/dates';
import { can } from '@prosa/shared/permissions';
import { IconAlertCircle, IconFilterOff, IconHistory, IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { CardTitle } from '../account/card-title';
import { useCurrentUser } from '../auth/session-context';
import {
  useAddControlWord,
  useControlWordLogs,
  useControlWords,
  useRemoveControlWord,
  useSetControlWordsEnabled,
} from './api';

/**
 * Settings tab "Palavras de controle" (spec 1 §5, spec 3 settings): the on/off switch (allow.controlwords),
 * the company's word list and the latest blocked messages and names.
 */
export function ControlWordsTab() {
  const user = useCurrentUser();
  const canWrite = can(user.permissions, 'configuracoes_gerais', 'write');
  const words = useControlWords();
  const toggle = useSetControlWordsEnabled();

  if (words.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle />} title={CONTROL_WORDS_MSG.loadError}>
        {errorMessage(words.error, 'Tente novamente em instantes.')}
      </Alert>
    );
  }
  if (words.isPending) {
    return (
      <Stack gap="lg" aria-busy="true" aria-label="Carregando configurações">
        <Skeleton h={260} radius="md" />
        <Skeleton h={180} radius="md" />
      </Stack>
    );
  }
  const enabled = toggle.isPending ? toggle.variables : words.data.enabled;

  return (
    <Stack gap="lg">
      <Card component="section" aria-labelledby="control-words-title">
        <Stack gap="md">
          <CardTitle
            id="control-words-title"
            icon={<IconFilterOff size={22} color="var(--mantine-color-prosa-7)" aria-hidden />}
          >
            Palavras de controle
          </CardTitle>
          <Switch
            checked={enabled}
            disabled={!canWrite || toggle.isPending}
            onChange={(e) => toggle.mutate(e.currentTarget.checked)}
            label="Bloquear mensagens e nomes com palavras de controle"
            description="Com o filtro ligado, a mensagem de um operador que contém uma palavra da lista não é enviada, e o nome editado de um contato não é salvo. Cada bloqueio fica registrado."
          />
          <Text size="sm" c="dimmed">
            Maiúsculas e acentos não importam e só palavras inteiras contam: “bobo” bloqueia “Seu BÔBO!”, mas
            não “bobos”. Uma entrada pode ter mais de uma palavra.
          </Text>
          {canWrite ? <AddWord /> : null}
          <WordList words={words.data.items} canWrite={canWrite} />
        </Stack>
      </Card>
      <BlockedLog />
    </Stack>
  );
}

function AddWord() {
  const add = useAddControlWord();
  const [word, setWord] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const parsed = ZControlWordInput.safeParse({ word });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? CONTROL_WORDS_MSG.wordRequired);
      return;
    }
    add.mutate(parsed.data.word, {
      onSuccess: () => setWord(''),
      onError: (e) => setError(errorMessage(e, CONTROL_WORDS_MSG.loadError) ?? null),
    });
  };
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap" maw={520}>
      <TextInput
        aria-label="Nova palavra de controle"
        placeholder="Nova palavra"
        value={word}
        maxLength={CONTROL_WORD_MAX + 1}
        error={error}
        onChange={(e) => {
          setWord(e.currentTarget.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            submit();
          }
        }}
        style={{ flex: 1 }}
      />
      <Button leftSection={<IconPlus size={16} />} loading={add.isPending} onClick={submit}>
        Adicionar
      </Button>
    </Group>
  );
}

function WordList({ words, canWrite }: { words: { id: number; word: string }[]; canWrite: boolean }) {
  const remove = useRemoveControlWord();
  if (words.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nenhuma palavra cadastrada.
      </Text>
    );
  }
  return (
    <Group gap={6} role="list" aria-label="Palavras de controle cadastradas">
      {words.map((w) => (
        <Badge
          key={w.id}
          role="listitem"
          size="lg"
          variant="light"
          color="red"
          tt="none"
          pr={canWrite ? 4 : undefined}
          rightSection={
            canWrite ? (
              <Tooltip label="Remover" withArrow>
                <ActionIcon
                  size="xs"
                  variant="transparent"
                  color="red"
                  aria-label={`Remover ${w.word}`}
                  loading={remove.isPending && remove.variables === w.id}
                  onClick={() => remove.mutate(w.id)}
                >
                  <IconX size={14} />
                </ActionIcon>
              </Tooltip>
            ) : null
          }
        >
          {w.word}
        </Badge>
      ))}
    </Group>
  );
}

function BlockedLog() {
  const user = useCurrentUser();
  const [page, setPage] = useState(1);
  const logs = useControlWordLogs(page);
  const pages = logs.data ? Math.max(1, Math.ceil(logs.data.total / logs.data.count)) : 1;
  return (
    <Card component="section" aria-labelledby="control-words-log-title" padding={0}>
      <Group p="lg" pb="md">
        <CardTitle
          id="control-words-log-title"
          icon={<IconHistory size={22} color="var(--mantine-color-prosa-7)" aria-hidden />}
        >
          Bloqueios registrados
        </CardTitle>
      </Group>
      {logs.isError ? (
        <Alert mx="lg" mb="lg" color="red" icon={<IconAlertCircle />} title={CONTROL_WORDS_MSG.loadError}>
          {errorMessage(logs.error, 'Tente novamente em instantes.')}
        </Alert>
      ) : logs.isPending ? (
        <Skeleton mx="lg" mb="lg" h={80} />
      ) : logs.data.items.length === 0 ? (
        <Text size="sm" c="dimmed" px="lg" pb="lg">
          Nenhum bloqueio registrado.
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={560} type="native">
            <Table verticalSpacing="xs" horizontalSpacing="lg" aria-label="Bloqueios registrados">
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>Quando</Table.Th>
                  <Table.Th>Quem</Table.Th>
                  <Table.Th>Onde</Table.Th>
                  <Table.Th>Palavras</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {logs.data.items.map((l) => (
                  <Table.Tr key={l.id}>
                    <Table.Td>{formatDateTime(l.created_at, user.timezone)}</Table.Td>
                    <Table.Td>{l.user_name ?? '—'}</Table.Td>
                    <Table.Td>
                      {l.kind === 'name'
                        ? 'Nome de contato'
                        : `Mensagem${l.protocol ? ` · ${l.protocol}` : ''}`}
                    </Table.Td>
                    <Table.Td>{l.words.join(', ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages > 1 ? (
            <Group justify="flex-end" p="md" px="lg">
              <Pagination total={pages} value={page} onChange={setPage} />
            </Group>
          ) : null}
        </>
      )}
    </Card>
  );
}
