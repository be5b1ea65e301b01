import { Button, FileButton, Group, Image, Loader, Stack, Text } from '@mantine/core';
import {
  TRIGGER_IMAGE_ACCEPT,
  TRIGGER_IMAGE_MAX_BYTES,
  TRIGGER_IMAGE_MIMES,
  TRIGGER_MSG,
  type TTriggerImage,
} from '@prosa/shared/triggers';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { uploadTriggerImage } from './api';

/** Checks made before sending; the server checks the content again and its message wins. */
export function imageProblem(file: { size: number; type: string }): string | null {
  if (!(TRIGGER_IMAGE_MIMES as readonly string[]).includes(file.type)) return TRIGGER_MSG.imageType;
  if (file.size > TRIGGER_IMAGE_MAX_BYTES) return TRIGGER_MSG.imageTooLarge;
  return null;
}

export type TImageStage = 'none' | 'uploading' | 'done';

type Props = {
  channel: { type: string; id: number };
  value: TTriggerImage | null;
  onChange: (image: TTriggerImage | null) => void;
  label: string;
  error?: string;
  readOnly?: boolean;
};

/** An image of a trigger in its three stages (spec 2 §4): none, uploading, done (shown once uploaded). */
export function ImageField({ channel, value, onChange, label, error, readOnly }: Props) {
  const [uploading, setUploading] = useState(false);
  const stage: TImageStage = uploading ? 'uploading' : value ? 'done' : 'none';
  const onFile = async (file: File | null) => {
    if (!file) return;
    const problem = imageProblem(file);
    if (problem) {
      toast.warning(problem);
      return;
    }
    setUploading(true);
    try {
      const answer = await uploadTriggerImage(channel, file);
      onChange(answer.image);
    } catch (e) {
      toast.apiError(e, TRIGGER_MSG.uploadError);
    } finally {
      setUploading(false);
    }
  };
  return (
    <Stack gap={6} data-stage={stage}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="md" align="center">
        {stage === 'uploading' ? (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              Enviando imagem…
            </Text>
          </Group>
        ) : null}
        {stage === 'done' && value ? (
          <Image
            src={value.url}
            alt={`Imagem ${value.name}`}
            w={96}
            h={96}
            fit="contain"
            radius="md"
            bg="gray.0"
          />
        ) : null}
        {stage === 'none' ? (
          <Text size="sm" c={error ? 'red' : 'dimmed'}>
            Nenhuma imagem (JPEG ou PNG, até 2MB)
          </Text>
        ) : null}
        {readOnly ? null : (
          <FileButton onChange={onFile} accept={TRIGGER_IMAGE_ACCEPT}>
            {(p) => (
              <Button
                {...p}
                variant="default"
                size="xs"
                leftSection={<IconPhotoUp size={16} />}
                disabled={stage === 'uploading'}
              >
                {value ? 'Trocar imagem' : 'Enviar imagem'}
              </Button>
            )}
          </FileButton>
        )}
        {value && !readOnly && stage !== 'uploading' ? (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={16} />}
            onClick={() => onChange(null)}
          >
            Remover
          </Button>
        ) : null}
      </Group>
      {error ? (
        <Text size="xs" c="red">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
