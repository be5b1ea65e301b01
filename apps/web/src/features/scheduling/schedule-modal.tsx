import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Divider,
  Group,
  Modal,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import type { TCard } from '@prosa/shared/attendance';
import {
  formatReturnAt,
  isoToWallTime,
  returnAtError,
  SCHEDULE_MSG,
  SCHEDULE_STATUS,
  SCHEDULE_STATUS_LABEL,
  type TSchedule,
  wallTimeToIso,
} from '@prosa/shared/scheduling';
import { IconAlertCircle, IconCalendarTime, IconPencil, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import type { TSector } from '../sectors/api';
import { useCancelSchedule, useCreateSchedule, useSchedules, useUpdateSchedule } from './api';

type Props = { card: TCard; sectors: TSector[]; tz: string; opened: boolean; onClose: () => void };

const STATUS_COLOR: Record<number, string> = { 1: 'violet', 2: 'teal', 3: 'gray' };
// Above the chat modal (200) and this modal (300): pickers, menus and the confirmation.
const LAYER = 400;
const YEAR_MS = 365 * 86_400_000;

/** "Agendar retorno" (spec 1 §2 side modal): date, time and sector of the return, and the contact's schedules. */
export function ScheduleModal({ card, sectors, tz, opened, onClose }: Props) {
  const [editing, setEditing] = useState<TSchedule | null>(null);
  const [canceling, setCanceling] = useState<TSchedule | null>(null);
  const close = () => {
    setEditing(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Agendar retorno" zIndex={300} size="lg" centered>
      {opened ? (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Até o horário marcado, o atendimento sai da lista e aparece só em “Agendados”. Na hora do retorno
            ele volta, marcado como retorno, no setor escolhido.
          </Text>
          <ScheduleForm
            key={editing?.id ?? 'new'}
            card={card}
            sectors={sectors}
            tz={tz}
            editing={editing}
            onDone={() => (editing ? setEditing(null) : close())}
            onStopEditing={() => setEditing(null)}
          />
          <Divider label="Agendamentos do contato" labelPosition="left" />
          <ScheduleList
            attendanceId={card.id}
            tz={tz}
            editingId={editing?.id ?? null}
            onEdit={setEditing}
            onCancel={setCanceling}
          />
        </Stack>
      ) : null}
      <CancelDialog
        attendanceId={card.id}
        schedule={canceling}
        tz={tz}
        onClose={() => setCanceling(null)}
        onCanceled={(id) => {
          if (editing?.id === id) setEditing(null);
        }}
      />
    </Modal>
  );
}

function ScheduleForm(props: {
  card: TCard;
  sectors: TSector[];
  tz: string;
  editing: TSchedule | null;
  onDone: () => void;
  onStopEditing: () => void;
}) {
  const { card, tz, editing } = props;
  const create = useCreateSchedule(card.id);
  const update = useUpdateSchedule(card.id);
  const [when, setWhen] = useState<string | null>(editing ? isoToWallTime(editing.return_at, tz) : null);
  const [sector, setSector] = useState<string | null>(String(editing?.sector_id ?? card.sector_id));
  const [errors, setErrors] = useState<{ when?: string; sector?: string }>({});
  const saving = create.isPending || update.isPending;
  const now = Date.now();

  const submit = () => {
    const iso = when ? wallTimeToIso(when, tz) : null;
    const whenError = iso ? returnAtError(new Date(iso), new Date()) : SCHEDULE_MSG.returnAtRequired;
    const sectorError = sector ? undefined : SCHEDULE_MSG.sectorRequired;
    setErrors({ when: whenError ?? undefined, sector: sectorError });
    if (whenError || sectorError || !iso || !sector) return;
    const body = { return_at: iso, sector_id: Number(sector) };
    if (editing) update.mutate({ id: editing.id, body }, { onSuccess: props.onDone });
    else create.mutate(body, { onSuccess: props.onDone });
  };

  return (
    <form
      noValidate
      aria-label={editing ? 'Alterar agendamento' : 'Novo agendamento'}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <Group grow align="flex-start" gap="sm">
          <DateTimePicker
            label="Data e hora do retorno"
            placeholder="DD/MM/AAAA HH:mm"
            withAsterisk
            valueFormat="DD/MM/YYYY HH:mm"
            value={when}
            onChange={(v) => {
              setWhen(v);
              setErrors((e) => ({ ...e, when: undefined }));
            }}
            minDate={isoToWallTime(new Date(now).toISOString(), tz)}
            maxDate={isoToWallTime(new Date(now + YEAR_MS).toISOString(), tz)}
            popoverProps={{ zIndex: LAYER }}
            timePickerProps={{ hoursInputLabel: 'Horas', minutesInputLabel: 'Minutos' }}
            getDayAriaLabel={(d) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`}
            nextLabel="Próximo mês"
            previousLabel="Mês anterior"
            submitButtonProps={{ 'aria-label': 'Confirmar data e hora' }}
            error={errors.when}
            leftSection={<IconCalendarTime size={16} aria-hidden />}
          />
          <Select
            label="Setor do retorno"
            withAsterisk
            data={props.sectors.map((s) => ({ value: String(s.id), label: s.name }))}
            value={sector}
            onChange={(v) => {
              setSector(v);
              setErrors((e) => ({ ...e, sector: undefined }));
            }}
            allowDeselect={false}
            comboboxProps={{ zIndex: LAYER }}
            error={errors.sector}
          />
        </Group>
        <Group justify="flex-end" gap="sm">
          {editing ? (
            <Button variant="default" onClick={props.onStopEditing} disabled={saving}>
              Descartar alteração
            </Button>
          ) : null}
          <Button type="submit" loading={saving}>
            {editing ? 'Salvar alteração' : 'Agendar'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ScheduleList(props: {
  attendanceId: number;
  tz: string;
  editingId: number | null;
  onEdit: (s: TSchedule) => void;
  onCancel: (s: TSchedule) => void;
}) {
  const list = useSchedules(props.attendanceId, true);
  if (list.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle />} title={SCHEDULE_MSG.listError}>
        Tente novamente em instantes.
      </Alert>
    );
  if (list.isPending) return <Skeleton h={72} aria-label="Carregando agendamentos" />;
  if (list.data.items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nenhum agendamento encontrado.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={520} type="native" mah={260}>
      <Table verticalSpacing={6} aria-label="Agendamentos do contato">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Retorno</Table.Th>
            <Table.Th>Setor</Table.Th>
            <Table.Th>Situação</Table.Th>
            <Table.Th>Agendado por</Table.Th>
            <Table.Th w={80}>
              <VisuallyHidden>Ações</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.data.items.map((s) => {
            const when = formatReturnAt(s.return_at, props.tz);
            const open = s.status === SCHEDULE_STATUS.open;
            return (
              <Table.Tr key={s.id} bg={props.editingId === s.id ? 'var(--mantine-color-prosa-0)' : undefined}>
                <Table.Td fw={500}>{when}</Table.Td>
                <Table.Td>{s.sector_name}</Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={STATUS_COLOR[s.status] ?? 'gray'}>
                    {SCHEDULE_STATUS_LABEL[s.status] ?? '—'}
                  </Badge>
                </Table.Td>
                <Table.Td>{s.created_by_name ?? '—'}</Table.Td>
                <Table.Td>
                  {open ? (
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Tooltip label="Alterar" withArrow zIndex={LAYER}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Alterar agendamento de ${when}`}
                          onClick={() => props.onEdit(s)}
                        >
                          <IconPencil size={18} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Cancelar" withArrow zIndex={LAYER}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Cancelar agendamento de ${when}`}
                          onClick={() => props.onCancel(s)}
                        >
                          <IconX size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CancelDialog(props: {
  attendanceId: number;
  schedule: TSchedule | null;
  tz: string;
  onClose: () => void;
  onCanceled: (id: number) => void;
}) {
  const cancel = useCancelSchedule(props.attendanceId);
  const { schedule } = props;
  return (
    <Modal
      opened={schedule !== null}
      onClose={cancel.isPending ? () => {} : props.onClose}
      title="Cancelar agendamento"
      zIndex={LAYER}
      centered
    >
      <Stack gap="lg">
        <Text size="sm">
          O retorno de {schedule ? formatReturnAt(schedule.return_at, props.tz) : ''} será cancelado e o
          atendimento volta para a lista de atendimentos.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose} disabled={cancel.isPending}>
            Voltar
          </Button>
          <Button
            color="red"
            loading={cancel.isPending}
            onClick={() => {
              if (!schedule) return;
              cancel.mutate(schedule.id, {
                onSuccess: () => {
                  props.onCanceled(schedule.id);
                  props.onClose();
                },
              });
            }}
          >
            Cancelar agendamento
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
