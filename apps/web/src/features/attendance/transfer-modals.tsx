import { Badge, Button, Group, Modal, Radio, Select, Skeleton, Stack, Text } from '@mantine/core';
import type { TCard } from '@prosa/shared/attendance';
import { ROLE } from '@prosa/shared/roles';
import { useState } from 'react';
import { useCurrentUser } from '../auth/session-context';
import type { TSector } from '../sectors/api';
import { useSectorOperators } from './api';
import { useSwitchOperator, useSwitchSector } from './use-card-actions';

type ModalProps = { card: TCard; opened: boolean; onClose: () => void };

const OPERATOR_STATUS: Record<string, { label: string; color: string }> = {
  online: { label: 'Disponível', color: 'teal' },
  paused: { label: 'Em pausa', color: 'yellow' },
  offline: { label: 'Desconectado', color: 'gray' },
};

/** switch-sector: the attendance goes to another sector's queue. */
export function SectorModal({
  card,
  opened,
  onClose,
  sectors,
  allow,
}: ModalProps & { sectors: TSector[]; allow: Record<string, boolean> }) {
  const user = useCurrentUser();
  const switchSector = useSwitchSector(card);
  const [sectorId, setSectorId] = useState<string | null>(null);
  // With allowedSectors an operator may only send to their own sectors (the server checks it too).
  const choices = sectors.filter(
    (s) =>
      s.id !== card.sector_id &&
      (!allow.allowedSectors || user.role >= ROLE.manager || user.sectorIds.includes(s.id)),
  );
  const submit = () => {
    if (!sectorId) return;
    switchSector.mutate(Number(sectorId), { onSuccess: onClose });
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Alterar setor" zIndex={300} centered>
      <Stack>
        <Select
          label="Novo setor"
          placeholder="Selecione um setor"
          data={choices.map((s) => ({ value: String(s.id), label: s.name }))}
          value={sectorId}
          onChange={setSectorId}
          nothingFoundMessage="Nenhum outro setor disponível"
          comboboxProps={{ zIndex: 350 }}
          data-autofocus
        />
        <Text size="xs" c="dimmed">
          O atendimento vai para a fila do setor escolhido. Se o responsável não trabalha nesse setor, ele
          fica sem responsável.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={submit} disabled={!sectorId} loading={switchSector.isPending}>
            Alterar setor
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** switch-operator: hands the attendance to an active user of its sector. */
export function OperatorModal({ card, opened, onClose }: ModalProps) {
  const operators = useSectorOperators(card.id, opened);
  const switchOperator = useSwitchOperator(card);
  const [operatorId, setOperatorId] = useState<string | null>(null);
  const submit = () => {
    if (!operatorId) return;
    switchOperator.mutate(Number(operatorId), { onSuccess: onClose });
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Alterar operador" zIndex={300} centered>
      <Stack>
        {operators.isPending ? (
          <Stack gap="xs" aria-label="Carregando operadores">
            <Skeleton h={20} />
            <Skeleton h={20} />
            <Skeleton h={20} />
          </Stack>
        ) : operators.isError ? (
          <Text size="sm" c="red.7">
            Não foi possível carregar os operadores do setor.
          </Text>
        ) : (
          <Radio.Group
            label="Novo responsável"
            description="Usuários ativos do setor do atendimento"
            value={operatorId}
            onChange={setOperatorId}
          >
            <Stack gap="xs" mt="xs" mah={320} style={{ overflowY: 'auto' }}>
              {operators.data.map((op) => {
                const current = op.id === card.operator_assigned_id;
                const status = OPERATOR_STATUS[op.operator_status];
                return (
                  <Group key={op.id} justify="space-between" wrap="nowrap">
                    <Radio
                      value={String(op.id)}
                      label={current ? `${op.name} (atual)` : op.name}
                      disabled={current}
                    />
                    <Badge size="sm" variant="light" color={status?.color ?? 'gray'}>
                      {status?.label ?? op.operator_status}
                    </Badge>
                  </Group>
                );
              })}
              {operators.data.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Nenhum usuário ativo neste setor.
                </Text>
              ) : null}
            </Stack>
          </Radio.Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={submit} disabled={!operatorId} loading={switchOperator.isPending}>
            Alterar operador
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
