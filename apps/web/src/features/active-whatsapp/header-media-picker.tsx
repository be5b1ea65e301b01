import { Button, FileButton, Group, Text } from '@mantine/core';
import { HSM_MEDIA_LIMITS, hsmMediaError, type THsmMediaType } from '@prosa/shared/hsm';
import { IconUpload } from '@tabler/icons-react';
import { toast } from '../../lib/toast';
import { useUploadHsmMedia } from '../hsm/api';

/** An Enterprise template's own header file for this send (optional: without it, the template's is used). */
export function HeaderMediaPicker({
  mediaType,
  media,
  onMedia,
}: {
  mediaType: THsmMediaType;
  media: { key: string; name: string } | null;
  onMedia: (m: { key: string; name: string }) => void;
}) {
  const upload = useUploadHsmMedia();
  return (
    <Group gap="xs">
      <FileButton
        accept={HSM_MEDIA_LIMITS[mediaType].accept}
        onChange={(file) => {
          if (!file) return;
          const refused = hsmMediaError(mediaType, file.type, file.size);
          if (refused) return toast.warning(refused);
          upload.mutate(
            { headerType: mediaType, file },
            { onSuccess: (r) => onMedia({ key: r.key, name: file.name }) },
          );
        }}
      >
        {(p) => (
          <Button {...p} variant="light" leftSection={<IconUpload size={16} />} loading={upload.isPending}>
            Mídia do cabeçalho (opcional)
          </Button>
        )}
      </FileButton>
      <Text size="sm" c="dimmed">
        {media?.name ?? 'Sem mídia: usa a do modelo.'}
      </Text>
    </Group>
  );
}
