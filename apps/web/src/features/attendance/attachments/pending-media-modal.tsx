import {
  ActionIcon,
  Box,
  Button,
  Group,
  Image,
  Modal,
  Progress,
  Stack,
  Text,
  Textarea,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import { ATTACHMENT_ACCEPT, formatBytes, MAX_ATTACHMENTS } from '@prosa/shared/attachment-rules';
import { IconCheck, IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import { useRef } from 'react';
import { AttachmentIcon } from '../../../components/attachment-icon';
import type { TPendingItem } from './use-pending-media';

function PendingRow({ item, onRemove }: { item: TPendingItem; onRemove: () => void }) {
  const uploading = item.attachState === 2;
  const percent = Math.round(item.progress * 100);
  return (
    <Group
      wrap="nowrap"
      gap="sm"
      p="xs"
      data-testid="pending-file"
      data-state={uploading ? 'uploading' : 'ready'}
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
    >
      {item.previewUrl ? (
        <Image src={item.previewUrl} alt="" w={44} h={44} radius="sm" fit="cover" />
      ) : (
        <ThemeIcon size={44} radius="sm" variant="light">
          <AttachmentIcon kind={item.kind} size={24} />
        </ThemeIcon>
      )}
      <Box miw={0} style={{ flex: 1 }}>
        <Text size="sm" fw={500} truncate title={item.name}>
          {item.name}
        </Text>
        <Group gap={6} wrap="nowrap">
          <Text size="xs" c="dimmed">
            {formatBytes(item.size)}
          </Text>
          <Text size="xs" c={uploading ? 'dimmed' : 'teal.7'} aria-live="polite">
            {uploading ? `Enviando… ${percent}%` : 'Pronto'}
          </Text>
          {uploading ? null : <IconCheck size={14} color="var(--mantine-color-teal-7)" aria-hidden />}
        </Group>
        <Progress
          value={uploading ? percent : 100}
          size="sm"
          mt={4}
          color={uploading ? 'prosa' : 'teal'}
          animated={uploading}
          aria-label={`Progresso do envio de ${item.name}`}
        />
      </Box>
      <Tooltip label="Remover" withArrow>
        <ActionIcon variant="subtle" color="red" aria-label={`Remover ${item.name}`} onClick={onRemove}>
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

type Props = {
  items: TPendingItem[];
  caption: string;
  onCaption: (text: string) => void;
  onAdd: (files: File[]) => void;
  onRemove: (localId: string) => void;
  onCancel: () => void;
  onSend: () => void;
  ready: boolean;
  sending: boolean;
};

/** Pending media (spec 1 §2): the chosen files with size and progress, a caption, and one send for all. */
export function PendingMediaModal(props: Props) {
  const input = useRef<HTMLInputElement>(null);
  const { items } = props;
  const uploading = items.some((i) => i.attachState === 2);
  return (
    <Modal
      opened={items.length > 0}
      onClose={props.onCancel}
      title={`Anexos (${items.length}/${MAX_ATTACHMENTS})`}
      zIndex={300}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Cancelar anexos' }}
    >
      <Stack gap="sm">
        <Stack
          component="ul"
          gap="xs"
          aria-label="Arquivos a enviar"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {items.map((item) => (
            <li key={item.localId}>
              <PendingRow item={item} onRemove={() => props.onRemove(item.localId)} />
            </li>
          ))}
        </Stack>
        {items.length < MAX_ATTACHMENTS ? (
          <Group>
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={16} />}
              onClick={() => input.current?.click()}
            >
              Adicionar arquivo
            </Button>
            <input
              ref={input}
              type="file"
              multiple
              hidden
              accept={ATTACHMENT_ACCEPT}
              aria-label="Adicionar mais arquivos"
              onChange={(e) => {
                props.onAdd(Array.from(e.currentTarget.files ?? []));
                e.currentTarget.value = '';
              }}
            />
          </Group>
        ) : null}
        <Textarea
          label="Legenda"
          placeholder="Escreva uma mensagem (opcional)"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={20_000}
          value={props.caption}
          onChange={(e) => props.onCaption(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              if (props.ready) props.onSend();
            }
          }}
          data-autofocus
        />
        <Text size="xs" c="dimmed">
          BMP, GIF, JPG, MP4, PDF e PNG · até 5 arquivos · imagens até 5 MB, PDF até 10 MB, vídeos até 16 MB
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            Cancelar
          </Button>
          <Button
            leftSection={<IconSend size={16} />}
            onClick={props.onSend}
            disabled={!props.ready}
            loading={props.sending}
          >
            {uploading ? 'Aguardando envio…' : 'Enviar'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
