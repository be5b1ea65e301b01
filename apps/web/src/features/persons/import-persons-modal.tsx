import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { channelLabel } from '@prosa/shared/channels';
import type { TPersonImportResult } from '@prosa/shared/person';
import { PERSON_IMPORT_CHUNK, PERSON_MSG } from '@prosa/shared/person';
import { IconAlertCircle, IconCheck, IconDownload, IconFileTypeCsv } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { importPersons, personKeys, useImportChannels } from './api';
import {
  IMPORT_COLUMNS,
  IMPORT_MODEL,
  isCsvName,
  previewCsv,
  shownRows,
  type TPreview,
} from './import-preview';

export function ImportPersonsModal(props: { opened: boolean; onClose: () => void }) {
  // A fresh flow each time the modal opens.
  const [round, setRound] = useState(0);
  const [busy, setBusy] = useState(false);
  const close = () => {
    if (busy) return;
    props.onClose();
    setRound((r) => r + 1);
  };
  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title="Importar contatos"
      size="72rem"
      closeOnClickOutside={false}
    >
      {props.opened ? <ImportFlow key={round} onBusy={setBusy} onClose={close} /> : null}
    </Modal>
  );
}

function downloadModel() {
  const url = URL.createObjectURL(new Blob([`\uFEFF${IMPORT_MODEL}`], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = 'modelo-importacao-contatos.csv';
  a.click();
  URL.revokeObjectURL(url);
}

/** Pick a .csv, preview it 300 rows at a time (spec 3 §9), send it, then show what came in and what failed. */
function ImportFlow({ onBusy, onClose }: { onBusy: (busy: boolean) => void; onClose: () => void }) {
  const queryClient = useQueryClient();
  const importChannels = useImportChannels(true);
  const [channelId, setChannelId] = useState<string | null>(null);
  const [channelError, setChannelError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<TPreview | null>(null);
  const [loads, setLoads] = useState(0);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<TPersonImportResult | null>(null);

  const pick = async (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    setLoads(0);
    setFileError(null);
    if (!chosen) return;
    if (!isCsvName(chosen.name)) {
      setFileError(PERSON_MSG.csvRequired);
      return;
    }
    try {
      setPreview(previewCsv(await chosen.text()));
    } catch {
      setFileError(PERSON_MSG.csvRequired);
    }
  };

  const send = async () => {
    // Spec 2 §5: the channel first, then the file.
    if (!channelId) {
      setChannelError(PERSON_MSG.channelRequired);
      return;
    }
    if (!file) {
      setFileError(PERSON_MSG.csvMissing);
      return;
    }
    if (!isCsvName(file.name)) {
      setFileError(PERSON_MSG.csvRequired);
      return;
    }
    setSending(true);
    onBusy(true);
    try {
      const answer = await importPersons(Number(channelId), file);
      setResult(answer);
      if (answer.imported > 0) {
        toast.success(
          answer.imported === 1 ? '1 contato importado.' : `${answer.imported} contatos importados.`,
        );
        await queryClient.invalidateQueries({ queryKey: personKeys.all });
      }
    } catch (err) {
      toast.apiError(err);
    } finally {
      setSending(false);
      onBusy(false);
    }
  };

  if (result) {
    return (
      <Stack gap="md">
        <Alert
          color={result.failed.length === 0 ? 'teal' : 'yellow'}
          variant="light"
          icon={result.failed.length === 0 ? <IconCheck /> : <IconAlertCircle />}
          title={`${result.imported} de ${result.total} contatos importados.`}
        >
          {result.linked > 0 ? (
            <Text size="sm" mb={4}>
              {result.linked === 1
                ? '1 contato vinculado ao canal escolhido.'
                : `${result.linked} contatos vinculados ao canal escolhido.`}
            </Text>
          ) : null}
          {result.failed.length === 0
            ? 'Todas as linhas do arquivo foram importadas.'
            : `${result.failed.length} ${result.failed.length === 1 ? 'linha não foi importada' : 'linhas não foram importadas'}. Corrija-as no arquivo e importe somente elas de novo.`}
        </Alert>
        {result.failed.length > 0 ? (
          <ScrollArea.Autosize mah={380}>
            <Table verticalSpacing="xs" aria-label="Linhas não importadas">
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th w={80}>Linha</Table.Th>
                  <Table.Th>Motivo</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.failed.map((f) => (
                  <Table.Tr key={f.line}>
                    <Table.Td>{f.line}</Table.Td>
                    <Table.Td c="red.8">{f.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        ) : null}
        <Group justify="flex-end">
          <Button onClick={onClose}>Fechar</Button>
        </Group>
      </Stack>
    );
  }

  const total = preview?.rows.length ?? 0;
  const shown = shownRows(total, loads);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Arquivo .csv separado por ponto e vírgula (;) com as colunas:{' '}
        {IMPORT_COLUMNS.map((c) => c.label).join(', ')}. Cada linha precisa de um nome e de um e-mail ou
        telefone; datas no formato DD/MM/AAAA.
      </Text>
      <Select
        label="Canal"
        description="Os contatos importados passam a ser contatos deste canal (pelo telefone ou, num canal de e-mail, pelo e-mail)."
        placeholder={importChannels.isPending ? 'Carregando canais…' : 'Selecione o canal'}
        required
        searchable
        nothingFoundMessage="Nenhum canal encontrado"
        data={(importChannels.data ?? []).map((c) => ({
          value: String(c.id),
          label: `${c.name} (${channelLabel(c.kind)})`,
        }))}
        value={channelId}
        error={channelError ?? (importChannels.isError ? 'Erro ao carregar os canais.' : null)}
        onChange={(v) => {
          setChannelId(v);
          setChannelError(null);
        }}
      />
      {importChannels.data?.length === 0 ? (
        <Alert color="yellow" variant="light" icon={<IconAlertCircle />}>
          A empresa não tem canais de WhatsApp, SMS ou e-mail para vincular os contatos.
        </Alert>
      ) : null}
      <Group align="flex-end" gap="sm">
        <FileInput
          label="Arquivo .csv"
          placeholder="Selecione um arquivo .csv"
          accept=".csv,text/csv"
          clearable
          leftSection={<IconFileTypeCsv size={16} />}
          value={file}
          error={fileError}
          onChange={(f) => void pick(f)}
          style={{ flex: 1 }}
        />
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={downloadModel}>
          Baixar modelo
        </Button>
      </Group>
      {preview?.missingName ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />}>
          O arquivo não tem a coluna "Nome". Use o modelo.
        </Alert>
      ) : null}
      {preview && !preview.missingName ? (
        total === 0 ? (
          <Alert color="yellow" variant="light" icon={<IconAlertCircle />}>
            O arquivo não contém contatos.
          </Alert>
        ) : (
          <Stack gap="xs">
            <Text size="sm" fw={500} aria-live="polite">
              {`Mostrando ${shown} de ${total} ${total === 1 ? 'linha' : 'linhas'} do arquivo`}
            </Text>
            <ScrollArea.Autosize mah={360} type="auto">
              <Table verticalSpacing={6} fz="sm" aria-label="Prévia da importação" miw={1000}>
                <Table.Thead bg="gray.0" style={{ position: 'sticky', top: 0, zIndex: 1 }}>
                  <Table.Tr>
                    <Table.Th w={60}>Linha</Table.Th>
                    {IMPORT_COLUMNS.map((c) => (
                      <Table.Th key={c.key}>{c.label}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.rows.slice(0, shown).map((r) => (
                    <Table.Tr key={r.line}>
                      <Table.Td c="dimmed">{r.line}</Table.Td>
                      {IMPORT_COLUMNS.map((c) => (
                        <Table.Td key={c.key}>{r.values[c.key] || '—'}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
            {shown < total ? (
              <Group justify="center">
                <Button variant="light" onClick={() => setLoads((n) => n + 1)}>
                  {`Carregar mais ${Math.min(PERSON_IMPORT_CHUNK, total - shown)}`}
                </Button>
              </Group>
            ) : null}
          </Stack>
        )
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={sending}>
          Cancelar
        </Button>
        <Button
          onClick={send}
          loading={sending}
          disabled={Boolean(preview && (preview.missingName || total === 0)) || fileError !== null}
        >
          Importar
        </Button>
      </Group>
    </Stack>
  );
}
