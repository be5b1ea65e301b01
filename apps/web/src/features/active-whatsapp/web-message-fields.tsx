import {
  Alert,
  Button,
  CloseButton,
  FileButton,
  Group,
  Progress,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { ATTACHMENT_ACCEPT, checkFilesBeforeUpload, formatBytes } from '@prosa/shared/attachment-rules';
import { activeMediaError, type TActiveMedia } from '@prosa/shared/hsm';
import { IconAlertCircle, IconPaperclip } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { uploadActiveMedia } from './upload-media';

/**
 * What a WhatsApp number by QR code sends (spec 1 §2): a free-text message and, optionally, one file of up to
 * 2MB, uploaded at once with its progress; its failure is shown beside the button.
 */
export function WebMessageFields({
  message,
  onMessage,
  media,
  onMedia,
  onUploading,
}: {
  message: string;
  onMessage: (v: string) => void;
  media: TActiveMedia | null;
  onMedia: (m: TActiveMedia | null) => void;
  onUploading: (busy: boolean) => void;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  // Closing the modal mid-upload cancels it.
  useEffect(() => () => abort.current?.abort(), []);

  const choose = (file: File | null) => {
    if (!file) return;
    setError(null);
    const refused = activeMediaError(file.size) ?? checkFilesBeforeUpload([file], 0);
    if (refused) return setError(refused);
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    onUploading(true);
    uploadActiveMedia({ file, signal: controller.signal, onProgress: setProgress })
      .then((m) => onMedia(m))
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setError(err instanceof Error ? err.message : String(err));
      })
      .finally(() => {
        if (abort.current === controller) {
          setProgress(null);
          onUploading(false);
        }
      });
  };

  return (
    <Stack gap="xs">
      <Textarea
        label="Mensagem"
        required
        autosize
        minRows={3}
        maxRows={8}
        maxLength={4096}
        value={message}
        onChange={(e) => onMessage(e.currentTarget.value)}
      />
      <Group gap="xs">
        <FileButton accept={ATTACHMENT_ACCEPT} onChange={choose}>
          {(p) => (
            <Button
              {...p}
              variant="light"
              leftSection={<IconPaperclip size={16} />}
              loading={progress !== null}
            >
              Anexar arquivo (opcional)
            </Button>
          )}
        </FileButton>
        {media ? (
          <Group gap={4} data-testid="active-media">
            <Text size="sm">
              {media.name} ({formatBytes(media.size)})
            </Text>
            <CloseButton size="sm" aria-label="Remover arquivo" onClick={() => onMedia(null)} />
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Até 2MB: BMP, GIF, JPG, MP4, PDF ou PNG.
          </Text>
        )}
      </Group>
      {progress !== null ? (
        <Progress value={Math.round(progress * 100)} aria-label="Enviando arquivo" size="sm" />
      ) : null}
      {error ? (
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}
