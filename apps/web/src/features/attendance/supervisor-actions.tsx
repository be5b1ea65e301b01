import { ActionIcon, Menu, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TCard } from '@prosa/shared/attendance';
import { IconArrowBackUp, IconArrowBarToUp, IconShieldCog, IconTrash } from '@tabler/icons-react';
import { useCurrentUser } from '../auth/session-context';
import { useCompanyFeatures } from '../company-metadata/api';
import { supervisorActions } from './supervisor-rules';
import { useRemoveLocked, useReturnToQueue } from './use-card-actions';

/**
 * The managers' actions on an attendance (issue 24 item 2): back to the distribution's queue or its front (with
 * automatic distribution on) and removing a locked ("Travado") one. Operators never see them.
 */
export function SupervisorActions({ card, onDialog }: { card: TCard; onDialog: (open: boolean) => void }) {
  const user = useCurrentUser();
  const autoDist = useCompanyFeatures().data?.auto_dist === true;
  const remove = useRemoveLocked(card);
  const queue = useReturnToQueue(card);
  const actions = supervisorActions({ role: user.role, autoDist, locked: card.locked });
  if (actions.length === 0) return null;

  const confirmRemove = () => {
    onDialog(true);
    modals.openConfirmModal({
      onClose: () => onDialog(false),
      title: 'Remover atendimento travado',
      zIndex: 400,
      children: (
        <Text size="sm">
          {`O atendimento de ${card.name} (protocolo ${card.protocol}) será finalizado e sairá da lista. Continuar?`}
        </Text>
      ),
      labels: { confirm: 'Remover', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(),
    });
  };

  return (
    <Menu position="bottom-end" withinPortal zIndex={350} shadow="md">
      <Menu.Target>
        <Tooltip label="Ações do gestor" withArrow>
          <ActionIcon
            variant="default"
            size={36}
            aria-label="Ações do gestor"
            loading={remove.isPending || queue.isPending}
          >
            <IconShieldCog size={18} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.includes('queue') ? (
          <>
            <Menu.Item leftSection={<IconArrowBackUp size={16} />} onClick={() => queue.mutate(false)}>
              Devolver para a fila
            </Menu.Item>
            <Menu.Item leftSection={<IconArrowBarToUp size={16} />} onClick={() => queue.mutate(true)}>
              Devolver para o início da fila
            </Menu.Item>
          </>
        ) : null}
        {actions.includes('remove-locked') ? (
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={confirmRemove}>
            Remover atendimento travado
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
