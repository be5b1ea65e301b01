import { ActionIcon, Text, Tooltip } from '@mantine/core';
import type { TCard } from '@prosa/shared/attendance';
import { BLACKLIST_MSG } from '@prosa/shared/blacklist';
import { IconBan, IconShieldOff } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useBlacklistAccess, useBlockFromChat, useSuggestBlock } from './api';
import { ReasonModal } from './reason-modal';

function Action(props: { label: string; icon: ReactNode; onClick: () => void }) {
  return (
    <Tooltip label={props.label} withArrow>
      <ActionIcon variant="default" size={36} aria-label={props.label} onClick={props.onClick}>
        {props.icon}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * The chat's blacklist buttons: "Sugerir bloqueio" when the company's blacklist and its suggestions are on (a
 * manager decides), and "Bloquear contato" for a lord (role 1000; spec 1 §6: a role below 1000 hides it).
 */
export function ChatBlockActions({ card }: { card: TCard }) {
  const access = useBlacklistAccess().data;
  const suggest = useSuggestBlock();
  const block = useBlockFromChat();
  const [open, setOpen] = useState<'suggest' | 'block' | null>(null);
  if (!access?.enabled) return null;
  const who = (
    <Text size="sm">
      Contato: <b>{card.name}</b> (protocolo {card.protocol})
    </Text>
  );
  return (
    <>
      {access.can_suggest ? (
        <Action label="Sugerir bloqueio" icon={<IconBan size={18} />} onClick={() => setOpen('suggest')} />
      ) : null}
      {access.can_block_from_chat ? (
        <Action
          label="Bloquear contato"
          icon={<IconShieldOff size={18} />}
          onClick={() => setOpen('block')}
        />
      ) : null}
      <ReasonModal
        opened={open === 'suggest'}
        title="Sugerir bloqueio"
        label="Motivo"
        requiredMessage={BLACKLIST_MSG.reasonRequired}
        confirmLabel="Enviar sugestão"
        loading={suggest.isPending}
        onClose={() => setOpen(null)}
        onConfirm={(description) => suggest.mutateAsync({ attendance_id: card.id, description })}
      >
        {who}
        <Text size="sm" c="dimmed">
          Um gestor vai aprovar ou reprovar a sugestão. Aprovada, as novas mensagens do contato são
          finalizadas automaticamente.
        </Text>
      </ReasonModal>
      <ReasonModal
        opened={open === 'block'}
        title="Bloquear contato"
        label="Motivo"
        requiredMessage={BLACKLIST_MSG.reasonRequired}
        confirmLabel="Bloquear"
        confirmColor="red"
        loading={block.isPending}
        onClose={() => setOpen(null)}
        onConfirm={(description) => block.mutateAsync({ attendance_id: card.id, description })}
      >
        {who}
      </ReasonModal>
    </>
  );
}
