import { ActionIcon, Button, FileButton, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { ZUploadResult } from '@prosa/shared/attachments';
import { CHATBOT_API, type TFlowMedia, ZFlowMedia } from '@prosa/shared/chatbot';
import { IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { AttachmentIcon } from '../../components/attachment-icon';
import { apiRequest } from '../../lib/api';
import { toast } from '../../lib/toast';

// The kinds the server stores for a message node (POST /api/chatbot/media).
const ACCEPT = 'image/bmp,image/gif,image/jpeg,image/png,video/mp4,application/pdf';

/** A message node's file: sent to the server first; the node keeps the stored reference the answer gives. */
export function MediaField(props: { value: unknown; onChange: (media: TFlowMedia | null) => void }) {
  const parsed = ZFlowMedia.safeParse(props.value);
  const media = props.value && parsed.success ? parsed.data : null;
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return apiRequest(CHATBOT_API.media, { method: 'POST', body, schema: ZUploadResult });
    },
    onSuccess: (result) => props.onChange(result.file),
    onError: (error) => toast.apiError(error),
  });

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        Mídia (opcional)
      </Text>
      {media ? (
        <Paper withBorder p="xs" radius="sm">
          <Group gap="xs" wrap="nowrap">
            {media.type === 'image' && media.url ? (
              <Image src={media.url} alt={media.originalName} w={48} h={48} fit="cover" radius="sm" />
            ) : (
              <AttachmentIcon kind={media.type} size={24} />
            )}
            <Text size="sm" style={{ flex: 1 }} truncate>
              {media.originalName}
            </Text>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remover mídia ${media.originalName}`}
              onClick={() => props.onChange(null)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Paper>
      ) : null}
      <FileButton onChange={(file) => file && upload.mutate(file)} accept={ACCEPT}>
        {(fileProps) => (
          <Button
            {...fileProps}
            variant="default"
            size="xs"
            leftSection={<IconPaperclip size={14} />}
            loading={upload.isPending}
          >
            {media ? 'Trocar arquivo' : 'Anexar arquivo'}
          </Button>
        )}
      </FileButton>
      <Text size="xs" c="dimmed">
        Imagem (BMP, GIF, JPG, PNG), vídeo MP4 ou PDF. O texto, se houver, vai na mesma mensagem.
      </Text>
    </Stack>
  );
}
