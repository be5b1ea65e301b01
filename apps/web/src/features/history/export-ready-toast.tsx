import { Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TOAST } from '@prosa/shared/messages';
import { IconCheck } from '@tabler/icons-react';
import { downloadFile } from '../../lib/download';
import { toast } from '../../lib/toast';

const READY_TOAST_MS = 15_000;

export const exportDownloadPath = (exportId: string) =>
  `/api/exports/${encodeURIComponent(exportId)}/download`;

/** The success toast of a finished background export (event export:ready), with its download. */
export function showExportReadyToast({ exportId, message }: { exportId: string; message: string }) {
  const download = () => {
    downloadFile(exportDownloadPath(exportId), 'historico.csv').catch((error) => toast.apiError(error));
  };
  notifications.show({
    id: `export-ready-${exportId}`,
    title: TOAST.successTitle,
    color: 'teal',
    icon: <IconCheck size={18} stroke={2} />,
    autoClose: READY_TOAST_MS,
    message: (
      <Stack gap={4} align="flex-start">
        <Text size="sm">{message}</Text>
        <Anchor component="button" type="button" size="sm" fw={600} onClick={download}>
          Baixar arquivo
        </Anchor>
      </Stack>
    ),
  });
}
