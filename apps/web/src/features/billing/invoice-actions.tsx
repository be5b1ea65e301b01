import { ActionIcon, Button, FileButton, Group, Tooltip } from '@mantine/core';
import type { TInvoice } from '@prosa/shared/billing';
import { INVOICE_FILE_LABEL, type TInvoiceFileKind } from '@prosa/shared/billing-texts';
import { IconDownload, IconFileInvoice, IconFileUpload, IconReceipt, IconUpload } from '@tabler/icons-react';
import { useDownloadInvoice, useInvoiceAttachment, useUploadInvoiceFile } from './api';

const ACCEPT = 'application/pdf,image/png,image/jpeg';

/** A row's buttons: the invoice PDF, its nota fiscal and boleto (when uploaded), and the owner's uploads. */
export function InvoiceActions({ invoice, owner }: { invoice: TInvoice; owner: boolean }) {
  const download = useDownloadInvoice();
  const attachment = useInvoiceAttachment();
  const upload = useUploadInvoiceFile();
  const label = `${invoice.month.slice(5, 7)}/${invoice.month.slice(0, 4)}`;
  const open = (kind: TInvoiceFileKind, url: string | null) =>
    url &&
    attachment.mutate({
      url,
      name: `${kind === 'receipt' ? 'nota-fiscal' : 'boleto'}-${invoice.month}`,
    });

  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      <Button
        size="xs"
        variant="light"
        leftSection={<IconDownload size={14} />}
        loading={download.isPending}
        onClick={() => download.mutate(invoice)}
        aria-label={`Baixar fatura ${label}`}
      >
        Baixar fatura
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconFileInvoice size={14} />}
        disabled={!invoice.receipt_url}
        onClick={() => open('receipt', invoice.receipt_url)}
        aria-label={`Nota fiscal ${label}`}
      >
        Nota fiscal
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconReceipt size={14} />}
        disabled={!invoice.billet_url}
        onClick={() => open('billet', invoice.billet_url)}
        aria-label={`Boleto ${label}`}
      >
        Boleto
      </Button>
      {owner
        ? (['receipt', 'billet'] as const).map((kind) => (
            <FileButton
              key={kind}
              accept={ACCEPT}
              onChange={(file) => file && upload.mutate({ id: invoice.id, kind, file })}
            >
              {(props) => (
                <Tooltip label={`Enviar ${INVOICE_FILE_LABEL[kind].toLowerCase()}`} withArrow>
                  <ActionIcon
                    {...props}
                    variant="subtle"
                    size="md"
                    loading={upload.isPending && upload.variables?.kind === kind}
                    aria-label={`Enviar ${INVOICE_FILE_LABEL[kind].toLowerCase()} da fatura ${label} de ${invoice.company_name}`}
                  >
                    {kind === 'receipt' ? <IconFileUpload size={18} /> : <IconUpload size={18} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </FileButton>
          ))
        : null}
    </Group>
  );
}
