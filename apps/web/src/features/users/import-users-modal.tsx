import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  List,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import {
  IMPORT_MAX_USERS,
  IMPORT_MSG,
  IMPORT_STATUS_LABEL,
  type TImportRowOutput,
  type TImportStatus,
} from '@prosa/shared/users-import';
import { IconAlertCircle, IconCheck, IconDownload, IconFileTypeCsv } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';
import { adminKeys } from './api';
import { downloadImportModel, saveImport, useImportProgress, validateImport } from './import-api';

const STATUS_COLOR: Record<TImportStatus, string> = {
  FINISHED: 'teal',
  PROCESS: 'blue',
  PENDING: 'gray',
  FAILED: 'red',
};

export function ImportUsersModal(props: { companyId: number; opened: boolean; onClose: () => void }) {
  // A fresh form each time the modal opens.
  const [round, setRound] = useState(0);
  const close = () => {
    props.onClose();
    setRound((r) => r + 1);
  };
  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title="Importar usuários"
      size={980}
      closeOnClickOutside={false}
    >
      {props.opened ? <ImportFlow key={round} companyId={props.companyId} onClose={close} /> : null}
    </Modal>
  );
}

function ImportFlow({ companyId, onClose }: { companyId: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [rows, setRows] = useState<TImportRowOutput[] | null>(null);
  const [busy, setBusy] = useState<'validate' | 'save' | 'model' | null>(null);
  const [importId, setImportId] = useState<number | null>(null);
  const progress = useImportProgress(companyId, importId);
  const valid = rows?.every((r) => r.status_messages.length === 0) === true;
  const finished = progress.data?.finished === true;

  useEffect(() => {
    if (progress.isError) toast.error(IMPORT_MSG.loadFailed);
  }, [progress.isError]);

  useEffect(() => {
    if (!finished) return;
    toast.success(IMPORT_MSG.finished);
    void queryClient.invalidateQueries({ queryKey: adminKeys.users(companyId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.users });
  }, [finished, companyId, queryClient]);

  const checkFile = () => {
    if (!file || !/\.csv$/i.test(file.name)) {
      setFileError(IMPORT_MSG.notCsv);
      return null;
    }
    return file;
  };

  const onValidate = async () => {
    const chosen = checkFile();
    if (!chosen) return;
    setBusy('validate');
    try {
      const answer = await validateImport(companyId, chosen);
      setRows(answer.users);
    } catch (err) {
      setRows(null);
      toast.apiError(err, IMPORT_MSG.loadFailed);
    } finally {
      setBusy(null);
    }
  };

  const onSave = async () => {
    const chosen = checkFile();
    if (!chosen) return;
    setBusy('save');
    try {
      const answer = await saveImport(companyId, chosen);
      if (answer.ok) setImportId(answer.importId);
      else {
        setRows(answer.users);
        toast.error(IMPORT_MSG.saveFailed);
      }
    } catch (err) {
      toast.apiError(err, IMPORT_MSG.saveFailed);
    } finally {
      setBusy(null);
    }
  };

  const onModel = async () => {
    setBusy('model');
    try {
      await downloadImportModel(companyId);
    } catch (err) {
      toast.apiError(err);
    } finally {
      setBusy(null);
    }
  };

  if (importId !== null) {
    return (
      <Stack gap="md">
        {progress.isPending ? (
          <Group gap="sm">
            <Loader size="sm" />
            <Text size="sm">Carregando o andamento…</Text>
          </Group>
        ) : null}
        {progress.isError ? (
          <Alert color="red" icon={<IconAlertCircle />} title={IMPORT_MSG.loadFailed} />
        ) : null}
        {progress.data ? (
          <>
            <Text size="sm" c="dimmed">
              {finished
                ? 'Importação concluída.'
                : 'Os usuários estão sendo cadastrados. Esta tabela se atualiza sozinha.'}
            </Text>
            <ScrollArea.Autosize mah={420}>
              <Table verticalSpacing="xs" aria-label="Resultado da importação">
                <Table.Thead bg="gray.0">
                  <Table.Tr>
                    <Table.Th w={70}>Linha</Table.Th>
                    <Table.Th>Nome</Table.Th>
                    <Table.Th>E-mail</Table.Th>
                    <Table.Th>Status</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {progress.data.rows.map((r) => (
                    <Table.Tr key={r.line}>
                      <Table.Td>{r.line}</Table.Td>
                      <Table.Td>{r.name}</Table.Td>
                      <Table.Td>{r.email}</Table.Td>
                      <Table.Td>
                        <Badge color={STATUS_COLOR[r.status]} variant="light">
                          {IMPORT_STATUS_LABEL[r.status]}
                        </Badge>
                        {r.message ? (
                          <Text size="xs" c="red.7" mt={4}>
                            {r.message}
                          </Text>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </>
        ) : null}
        <Group justify="flex-end">
          <Button onClick={onClose}>Fechar</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Arquivo .csv separado por ponto e vírgula (;), com até {IMPORT_MAX_USERS} usuários. Colunas: nome,
        email, nome_de_exibicao, senha, genero (M ou F), funcao (O operador, G gestor) e setores (separados
        por vírgula). Os usuários terão de trocar a senha no primeiro acesso.
      </Text>
      <Group align="flex-end" gap="sm">
        <FileInput
          label="Arquivo .csv"
          placeholder="Selecione um arquivo .csv"
          accept=".csv,text/csv"
          clearable
          leftSection={<IconFileTypeCsv size={16} />}
          value={file}
          error={fileError}
          onChange={(f) => {
            setFile(f);
            setFileError(null);
            setRows(null);
          }}
          style={{ flex: 1 }}
        />
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={busy === 'model'}
          onClick={onModel}
        >
          Baixar modelo
        </Button>
        <Button
          variant={rows === null ? 'filled' : 'default'}
          loading={busy === 'validate'}
          disabled={busy !== null}
          onClick={onValidate}
        >
          Validar
        </Button>
      </Group>
      {rows ? (
        <>
          {valid ? (
            <Alert color="teal" icon={<IconCheck />}>
              Todos os usuários estão válidos. Clique em Salvar para cadastrá-los.
            </Alert>
          ) : (
            <Alert color="red" icon={<IconAlertCircle />}>
              Corrija as linhas com erro no arquivo e valide novamente.
            </Alert>
          )}
          <ScrollArea.Autosize mah={380}>
            <Table verticalSpacing="xs" aria-label="Validação da importação">
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th w={70}>Linha</Table.Th>
                  <Table.Th>Nome</Table.Th>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th>Função</Table.Th>
                  <Table.Th>Setores</Table.Th>
                  <Table.Th>Situação</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.line}>
                    <Table.Td>{r.line}</Table.Td>
                    <Table.Td>{r.name || '—'}</Table.Td>
                    <Table.Td>{r.email || '—'}</Table.Td>
                    <Table.Td>{r.role_label || '—'}</Table.Td>
                    <Table.Td>{r.sectors.join(', ') || '—'}</Table.Td>
                    <Table.Td>
                      {r.status_messages.length === 0 ? (
                        <Text size="sm" c="teal.8" fw={600}>
                          OK
                        </Text>
                      ) : (
                        <List size="sm" c="red.7" spacing={2}>
                          {r.status_messages.map((m) => (
                            <List.Item key={m}>{m}</List.Item>
                          ))}
                        </List>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={busy === 'save'}>
          Cancelar
        </Button>
        <Button onClick={onSave} disabled={!valid || busy !== null} loading={busy === 'save'}>
          Salvar
        </Button>
      </Group>
    </Stack>
  );
}
