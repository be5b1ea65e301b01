import {
  Alert,
  Button,
  Card,
  Group,
  Modal,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  COMPANY_AUTOMATION_MSG,
  type TCompanyAutomation,
  WEEKDAY_LABEL,
  ZAutomaticAttendance,
  ZCompanyAutomation,
} from '@prosa/shared/company-automation';
import { z } from '@prosa/shared/zod';
import { IconAlertCircle, IconClock, IconUserOff } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest, errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { hoursSummary } from './automatic-attendance';

type TAuto = TCompanyAutomation['automatic_attendance'];
const key = (companyId: number) => ['companies', 'automation', companyId] as const;
const ZSaved = ZCompanyAutomation.extend({ message: z.string() });

function useAutomation(companyId: number) {
  return useQuery({
    queryKey: key(companyId),
    queryFn: () => apiRequest(`/api/companies/${companyId}/automation`, { schema: ZCompanyAutomation }),
  });
}

function useSave(companyId: number, path: 'default-status' | 'automatic-attendance') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) =>
      apiRequest(`/api/companies/${companyId}/${path}`, { method: 'PUT', body, schema: ZSaved }),
    onSuccess: ({ message, ...data }) => {
      toast.success(message);
      queryClient.setQueryData(key(companyId), data);
    },
    onError: (error) => toast.apiError(error),
  });
}

/**
 * Company edit, "Atendimento automático" (spec 2 §2 automatic-attendance modals, §3 default_status; issue 24): the
 * default finalization status, and the business hours with the automatic replies, each edited in a modal.
 */
export function AutomaticAttendanceTab({ companyId }: { companyId: number }) {
  const current = useAutomation(companyId);
  const [modal, setModal] = useState<'hours' | 'offline' | null>(null);
  if (current.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle />} title={COMPANY_AUTOMATION_MSG.loadError}>
        {errorMessage(current.error, COMPANY_AUTOMATION_MSG.loadError)}
      </Alert>
    );
  if (!current.data) return <Skeleton height={260} maw={640} />;
  const data = current.data;
  const auto = data.automatic_attendance;
  return (
    <Stack gap="lg" maw={640}>
      <DefaultStatusCard companyId={companyId} data={data} />
      <Card withBorder component="section" aria-labelledby="auto-attendance-title">
        <Stack gap="sm">
          <Title order={4} id="auto-attendance-title">
            Atendimento automático
          </Title>
          <Text size="sm" c="dimmed">
            Respostas automáticas da empresa, no fuso horário da empresa. Um canal com gatilhos próprios de
            expediente ou de operadores offline usa os seus.
          </Text>
          <Text size="sm">
            Fora do horário:{' '}
            <b>{auto.out_of_hours.enabled ? 'responde automaticamente' : 'sem resposta automática'}</b> —{' '}
            {hoursSummary(auto.hours)}
          </Text>
          <Text size="sm">
            Sem operadores online:{' '}
            <b>{auto.offline.enabled ? 'responde automaticamente' : 'sem resposta automática'}</b>
          </Text>
          <Group gap="sm">
            <Button variant="light" leftSection={<IconClock size={16} />} onClick={() => setModal('hours')}>
              Horário de atendimento
            </Button>
            <Button
              variant="light"
              leftSection={<IconUserOff size={16} />}
              onClick={() => setModal('offline')}
            >
              Sem operadores online
            </Button>
          </Group>
        </Stack>
      </Card>
      <HoursModal
        companyId={companyId}
        auto={auto}
        opened={modal === 'hours'}
        onClose={() => setModal(null)}
      />
      <OfflineModal
        companyId={companyId}
        auto={auto}
        opened={modal === 'offline'}
        onClose={() => setModal(null)}
      />
    </Stack>
  );
}

function DefaultStatusCard({ companyId, data }: { companyId: number; data: TCompanyAutomation }) {
  const save = useSave(companyId, 'default-status');
  const [value, setValue] = useState<string | null>(null);
  useEffect(() => setValue(data.default_status === null ? null : String(data.default_status)), [data]);
  const dirty = value !== (data.default_status === null ? null : String(data.default_status));
  return (
    <Card withBorder component="section" aria-labelledby="default-status-title">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ default_status: value ? Number(value) : null });
        }}
      >
        <Stack gap="sm">
          <Title order={4} id="default-status-title">
            Status padrão
          </Title>
          <Select
            label="Status de finalização padrão"
            description="Usado quando um atendimento é finalizado sem escolher status: atendimento travado removido e finalização automática por silêncio sem status próprio. Sem status padrão, o atendimento é apenas finalizado."
            placeholder="Finalizar"
            data={data.statuses.map((s) => ({ value: String(s.id), label: s.name }))}
            value={value}
            onChange={setValue}
            clearable
            nothingFoundMessage="Nenhum status de finalização cadastrado"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={!dirty}>
              Salvar
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** The first problem of the automatic attendance, with the spec's text, or null. */
function problemOf(value: TAuto): string | null {
  const parsed = ZAutomaticAttendance.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/** A modal's rule error and its Cancelar / Salvar buttons. */
function ModalFooter(props: {
  error: string | null;
  saving: boolean;
  onCancel: () => void;
  onSave: () => void;
}) {
  return (
    <>
      {props.error ? (
        <Text c="red" size="sm" role="alert">
          {props.error}
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onCancel}>
          Cancelar
        </Button>
        <Button onClick={props.onSave} loading={props.saving}>
          Salvar
        </Button>
      </Group>
    </>
  );
}

type ModalProps = { companyId: number; auto: TAuto; opened: boolean; onClose: () => void };

function HoursModal({ companyId, auto, opened, onClose }: ModalProps) {
  const save = useSave(companyId, 'automatic-attendance');
  const [draft, setDraft] = useState<TAuto>(auto);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setDraft(auto);
      setError(null);
    }
  }, [opened, auto]);
  const setDay = (i: number, change: Partial<TAuto['hours'][number]>) =>
    setDraft((d) => ({ ...d, hours: d.hours.map((h, j) => (j === i ? { ...h, ...change } : h)) }));
  const submit = () => {
    const problem = problemOf(draft);
    setError(problem);
    if (!problem) save.mutate(draft, { onSuccess: onClose });
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Horário de atendimento" size="lg">
      <Stack gap="md">
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Dia (aberto)</Table.Th>
              <Table.Th>Início</Table.Th>
              <Table.Th>Fim</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {draft.hours.map((h, i) => (
              <Table.Tr key={WEEKDAY_LABEL[i]}>
                <Table.Td>
                  <Switch
                    label={WEEKDAY_LABEL[i]}
                    checked={h.open}
                    onChange={(e) => setDay(i, { open: e.currentTarget.checked })}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    type="time"
                    aria-label={`${WEEKDAY_LABEL[i]} início`}
                    value={h.start}
                    disabled={!h.open}
                    onChange={(e) => setDay(i, { start: e.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    type="time"
                    aria-label={`${WEEKDAY_LABEL[i]} fim`}
                    value={h.end}
                    disabled={!h.open}
                    onChange={(e) => setDay(i, { end: e.currentTarget.value })}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Switch
          label="Responder automaticamente fora do horário"
          description="Enviada uma vez, quando o atendimento é aberto fora do horário (num dia fechado, o dia todo)."
          checked={draft.out_of_hours.enabled}
          onChange={(e) => {
            const enabled = e.currentTarget.checked;
            setDraft((d) => ({ ...d, out_of_hours: { ...d.out_of_hours, enabled } }));
          }}
        />
        <Textarea
          label="Mensagem fora do horário"
          autosize
          minRows={2}
          maxLength={1000}
          value={draft.out_of_hours.message}
          onChange={(e) => {
            const message = e.currentTarget.value;
            setDraft((d) => ({ ...d, out_of_hours: { ...d.out_of_hours, message } }));
          }}
        />
        <ModalFooter error={error} saving={save.isPending} onCancel={onClose} onSave={submit} />
      </Stack>
    </Modal>
  );
}

function OfflineModal({ companyId, auto, opened, onClose }: ModalProps) {
  const save = useSave(companyId, 'automatic-attendance');
  const [offline, setOffline] = useState(auto.offline);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setOffline(auto.offline);
      setError(null);
    }
  }, [opened, auto]);
  const submit = () => {
    const value = { ...auto, offline };
    const problem = problemOf(value);
    setError(problem);
    if (!problem) save.mutate(value, { onSuccess: onClose });
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Sem operadores online">
      <Stack gap="md">
        <Switch
          label="Responder quando nenhum operador do setor estiver online"
          description="Enviada quando o atendimento chega às pessoas e ninguém do setor está online."
          checked={offline.enabled}
          onChange={(e) => {
            const enabled = e.currentTarget.checked;
            setOffline((o) => ({ ...o, enabled }));
          }}
        />
        <Textarea
          label="Mensagem sem operadores online"
          autosize
          minRows={2}
          maxLength={1000}
          value={offline.message}
          onChange={(e) => {
            const message = e.currentTarget.value;
            setOffline((o) => ({ ...o, message }));
          }}
        />
        <ModalFooter error={error} saving={save.isPending} onCancel={onClose} onSave={submit} />
      </Stack>
    </Modal>
  );
}
