import { Button } from '@mantine/core';
import { REPORT_MSG } from '@prosa/shared/reports';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../lib/api';
import { downloadResponse, fetchOrThrow } from '../../lib/download';
import { toast } from '../../lib/toast';

/**
 * 'Baixar PDF' (spec 2 §7 PDF): the filtered history of the period as a PDF named by the server. No rows:
 * the server's 'Sem dados neste período.' as a warning; any other failure: 'Erro ao gerar relatório.'.
 */
export function HistoryPdfButton({ query, disabled }: { query: string; disabled: boolean }) {
  const [loading, setLoading] = useState(false);
  const run = async () => {
    setLoading(true);
    try {
      await downloadResponse(await fetchOrThrow(`/api/history/pdf?${query}`), 'historico.pdf');
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400) && error.fromServer)
        toast.warning(error.message);
      else toast.error(REPORT_MSG.historyPdf);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconFileTypePdf size={16} />}
      loading={loading}
      disabled={disabled}
      onClick={() => void run()}
    >
      Baixar PDF
    </Button>
  );
}
