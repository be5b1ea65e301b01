import {
  Alert,
  Button,
  Card,
  FileInput,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  MAILING_MSG,
  paramsFromHeader,
  type TMailing,
  type TMailingParam,
  type TMailingUpload,
  ZMailingInput,
} from '@prosa/shared/mailing';
import { IconAlertCircle, IconArrowLeft, IconFileTypeCsv } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useMailing, useReprocessMailing, useSaveMailing, useUploadMailingFile } from './api';
import { MailingImport, MailingStateBadge } from './mailing-badges';
import { MailingParamsTable } from './mailing-params-table';
import { MailingUploadResult } from './mailing-upload-result';

/** 'Novo Mailing' / 'Editar Mailing' (spec 3 §2): title, validity, active, the CSV and its params. */
export function MailingFormPage() {
  const { id: idParam } = useParams();
  const id = idParam && /^\d+$/.test(idParam) ? Number(idParam) : null;
  const editing = idParam !== undefined && idParam !== 'new';
  const navigate = useNavigate();
  const loaded = useMailing(editing ? (id ?? 0) : null);

  // Spec 3 §8: 404 on load → 'Mailing não encontrada.' and back to the list.
  useEffect(() => {
    if (!editing) return;
    if (id === null || (loaded.isError && loaded.error instanceof ApiError && loaded.error.status < 500)) {
      toast.warning(MAILING_MSG.notFound);
      navigate('/mailings', { replace: true });
    }
  }, [editing, id, loaded.isError, loaded.error, navigate]);

  return (
    <Stack gap="lg">
      <PageHeader
        title={editing ? 'Editar Mailing' : 'Novo Mailing'}
        actions={
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => navigate('/mailings')}
          >
            Voltar
          </Button>
        }
      />
      {editing && loaded.isPending ? (
        <Card>
          <Stack>
            <Skeleton h={36} />
            <Skeleton h={36} />
            <Skeleton h={120} />
          </Stack>
        </Card>
      ) : editing && loaded.isError ? (
        <Alert color="red" icon={<IconAlertCircle />} title={MAILING_MSG.loadError} />
      ) : (
        <MailingForm mailing={editing ? (loaded.data ?? null) : null} />
      )}
    </Stack>
  );
}

function MailingForm(props: { mailing: TMailing | null }) {
  const m = props.mailing;
  const navigate = useNavigate();
  const upload = useUploadMailingFile();
  const save = useSaveMailing();
  const reprocess = useReprocessMailing();
  const [title, setTitle] = useState(m?.title ?? '');
  const [active, setActive] = useState(m?.active ?? true);
  const [dueMin, setDueMin] = useState(m?.due_date_min ?? '');
  const [dueMax, setDueMax] = useState(m?.due_date_max ?? '');
  const [reply, setReply] = useState<TMailingUpload | null>(null);
  const [header, setHeader] = useState<string[]>(m?.fields ?? []);
  const [params, setParams] = useState<TMailingParam[]>(m?.params ?? []);
  const [file, setFile] = useState<File | null>(null);

  const onFile = (f: File | null) => {
    setFile(f);
    setReply(null);
    if (!f) return;
    if (!/\.csv$/i.test(f.name)) {
      toast.warning(MAILING_MSG.notCsv);
      setFile(null);
      return;
    }
    upload.mutate(
      { file: f, layoutId: m?.id ?? null },
      {
        onSuccess: (r) => {
          setReply(r);
          if (!r.valid) return;
          // Spec 3 §4: a file creates one param per header column (kept when the header is the same).
          const same = m !== null && !r.diff && header.length === r.header.length;
          if (!same) {
            setHeader(r.header);
            setParams(paramsFromHeader(r.header));
          }
        },
      },
    );
  };

  const submit = () => {
    const urlFile = reply?.valid ? reply.url : null;
    if (!m && !urlFile) {
      toast.warning(reply && !reply.valid ? MAILING_MSG.invalidFile : MAILING_MSG.fileRequired);
      return;
    }
    const body = {
      title,
      active,
      due_date_min: dueMin,
      due_date_max: dueMax,
      params,
      ...(urlFile ? { urlFile, fileName: reply?.name } : {}),
    };
    const parsed = ZMailingInput.safeParse(body);
    if (!parsed.success) {
      toast.warning(parsed.error.issues[0]?.message ?? MAILING_MSG.saveError);
      return;
    }
    save.mutate({ id: m?.id ?? null, body }, { onSuccess: () => navigate('/mailings') });
  };

  const dateError = (v: string) =>
    v.trim() !== '' && !/^\d{2}\/\d{2}\/\d{4}$/.test(v.trim()) ? true : undefined;

  return (
    <Stack gap="lg">
      <Card>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <TextInput
              label="Nome"
              required
              maxLength={120}
              value={title}
              onChange={(e) => setTitle(e.currentTarget.value)}
            />
            <Group align="flex-end" gap="md">
              <Switch
                label="Ativo"
                checked={active}
                onChange={(e) => setActive(e.currentTarget.checked)}
                mb={8}
              />
              {m ? (
                <Group gap="xs" mb={6}>
                  <MailingStateBadge state={m.state} />
                  <MailingImport mailing={m} />
                  {m.processing === 'error' ? (
                    <Button
                      size="xs"
                      variant="light"
                      loading={reprocess.isPending}
                      onClick={() => reprocess.mutate(m.id)}
                    >
                      Importar novamente
                    </Button>
                  ) : null}
                </Group>
              ) : null}
            </Group>
            <TextInput
              label="Validade: de"
              placeholder="DD/MM/AAAA"
              value={dueMin}
              error={dateError(dueMin)}
              onChange={(e) => setDueMin(e.currentTarget.value)}
              maxLength={10}
            />
            <TextInput
              label="Validade: até"
              placeholder="DD/MM/AAAA"
              value={dueMax}
              error={dateError(dueMax)}
              onChange={(e) => setDueMax(e.currentTarget.value)}
              maxLength={10}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            Sem datas, o mailing vale sempre. Fora do período ele fica Expirado e não é oferecido a campanhas
            e gatilhos.
          </Text>
        </Stack>
      </Card>

      <Card>
        <Stack gap="md">
          <Title order={4}>Arquivo</Title>
          <FileInput
            label={m ? 'Substituir arquivo (.csv)' : 'Arquivo (.csv)'}
            description="Primeira linha com os nomes das colunas; separador ; , | ou tabulação; UTF-8 ou Windows-1252."
            placeholder={m?.fileName || 'Selecione o arquivo'}
            accept=".csv,text/csv"
            leftSection={<IconFileTypeCsv size={16} />}
            value={file}
            onChange={onFile}
            clearable
            required={!m}
            disabled={upload.isPending}
          />
          {upload.isPending ? <Skeleton h={60} /> : null}
          {reply ? <MailingUploadResult reply={reply} /> : null}
          {m && m.row_errors.length > 0 && !reply ? (
            <Alert color="yellow" icon={<IconAlertCircle />} title="Linhas com dados inválidos na importação">
              <Table verticalSpacing={2} aria-label="Erros da importação">
                <Table.Tbody>
                  {m.row_errors.slice(0, 10).map((e) => (
                    <Table.Tr key={`${e.row}-${e.message}`}>
                      <Table.Td w={80}>Linha {e.row}</Table.Td>
                      <Table.Td>{e.message}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Alert>
          ) : null}
        </Stack>
      </Card>

      <Card>
        <Stack gap="md">
          <Title order={4}>Parâmetros</Title>
          {params.length === 0 ? (
            <Text size="sm" c="dimmed">
              Faça o upload do arquivo para configurar os parâmetros de cada coluna.
            </Text>
          ) : (
            <>
              <Text size="sm" c="dimmed">
                Marque até 4 parâmetros para exibir na tela do atendimento e as colunas que identificam o
                contato em cada canal (telefone para WhatsApp e SMS, e-mail para E-mail e Web chat).
              </Text>
              <Table.ScrollContainer minWidth={820} type="native">
                <MailingParamsTable header={header} params={params} onChange={setParams} />
              </Table.ScrollContainer>
            </>
          )}
        </Stack>
      </Card>

      <Group justify="flex-end">
        <Button variant="default" onClick={() => navigate('/mailings')}>
          Cancelar
        </Button>
        <Button onClick={submit} loading={save.isPending} disabled={upload.isPending}>
          Salvar
        </Button>
      </Group>
    </Stack>
  );
}
