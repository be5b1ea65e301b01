import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { KNOWLEDGE_MSG, KNOWLEDGE_TAG_MAX, ZKnowledgeTagInput } from '@prosa/shared/knowledge';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { toast } from '../../lib/toast';
import { useCreateTag, useDeleteTag, useKnowledgeTags } from './api';

/** The company's tags: add one, or remove one from the company and from every answer that has it. */
export function TagsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const tags = useKnowledgeTags('', opened);
  const create = useCreateTag();
  const remove = useDeleteTag();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<{ id: number; tag: string } | null>(null);

  const add = () => {
    const parsed = ZKnowledgeTagInput.safeParse({ tag: name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? KNOWLEDGE_MSG.tagRequired);
      return;
    }
    create.mutate(parsed.data.tag, {
      onSuccess: (result) => {
        toast.success(result.message);
        setName('');
      },
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Tags das respostas" centered>
      <Stack gap="md">
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            aria-label="Nova tag"
            placeholder="Nova tag"
            value={name}
            maxLength={KNOWLEDGE_TAG_MAX + 1}
            error={error}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
            style={{ flex: 1 }}
          />
          <Button leftSection={<IconPlus size={16} />} loading={create.isPending} onClick={add}>
            Adicionar
          </Button>
        </Group>
        {tags.isError ? (
          <Alert color="red" icon={<IconAlertCircle />} title={KNOWLEDGE_MSG.tagsLoadError} />
        ) : tags.isPending ? (
          <Loader size="sm" aria-label="Carregando tags" />
        ) : tags.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhuma tag cadastrada.
          </Text>
        ) : (
          <ScrollArea.Autosize mah={320}>
            <Group gap={6} role="list" aria-label="Tags cadastradas">
              {tags.data.map((t) => (
                <Badge
                  key={t.id}
                  role="listitem"
                  variant="light"
                  size="lg"
                  tt="none"
                  pr={4}
                  rightSection={
                    <Tooltip label="Remover tag" withArrow>
                      <ActionIcon
                        size="xs"
                        variant="transparent"
                        color="red"
                        aria-label={`Remover tag ${t.tag}`}
                        onClick={() => setRemoving(t)}
                      >
                        <IconTrash size={14} />
                      </ActionIcon>
                    </Tooltip>
                  }
                >
                  {t.tag}
                </Badge>
              ))}
            </Group>
          </ScrollArea.Autosize>
        )}
      </Stack>
      <ConfirmDialog
        opened={removing !== null}
        title="Remover tag"
        confirmLabel="Remover"
        confirmColor="red"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSettled: () => setRemoving(null) })}
      >
        <Text size="sm">
          Deseja remover a tag <strong>{removing?.tag}</strong>? Ela sai de todas as respostas que a usam.
        </Text>
      </ConfirmDialog>
    </Modal>
  );
}
