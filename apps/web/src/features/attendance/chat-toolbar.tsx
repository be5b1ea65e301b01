import { ActionIcon, Group, Indicator, Tooltip } from '@mantine/core';
import { ATT_MSG, type TCard } from '@prosa/shared/attendance';
import { can } from '@prosa/shared/permissions';
import { ROLE } from '@prosa/shared/roles';
import { canScheduleChannel } from '@prosa/shared/scheduling';
import {
  IconAddressBook,
  IconArrowsExchange,
  IconCalendarTime,
  IconClockPause,
  IconCopy,
  IconEye,
  IconHistory,
  IconInfoCircle,
  IconNotes,
  IconReportMoney,
  IconRobot,
  IconUserShare,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { toast } from '../../lib/toast';
import { useCurrentUser } from '../auth/session-context';
import { ChatBlockActions } from '../blacklist/chat-block-actions';
import { useCompanyFeatures } from '../company-metadata/api';
import type { TStatus } from '../statuses/api';
import { MarkUnreadAction } from './mark-unread';
import { StatusSelect } from './status-select';
import { SupervisorActions } from './supervisor-actions';
import { useBusyClient } from './use-card-actions';

export type TSidePanel =
  | 'sector'
  | 'operator'
  | 'notes'
  | 'info'
  | 'timeline'
  | 'viewed'
  | 'person'
  | 'schedule'
  | 'bot'
  | 'opportunities';

type Props = {
  card: TCard;
  statuses: TStatus[];
  allow: Record<string, boolean>;
  onOpen: (panel: TSidePanel) => void;
  onCopyConversation: () => void;
  onDialog: (open: boolean) => void;
};

function Action(props: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  pressed?: boolean;
  loading?: boolean;
}) {
  return (
    <Tooltip label={props.label} withArrow>
      <ActionIcon
        variant={props.pressed ? 'light' : 'default'}
        size={36}
        aria-label={props.label}
        aria-pressed={props.pressed}
        loading={props.loading}
        onClick={props.onClick}
      >
        {props.icon}
      </ActionIcon>
    </Tooltip>
  );
}

/** The status and the actions on the attendance, above the conversation. */
export function ChatToolbar({ card, statuses, allow, onOpen, onCopyConversation, onDialog }: Props) {
  const user = useCurrentUser();
  const readUnread = useCompanyFeatures().data?.settings.read_unread === true;
  const busy = useBusyClient(card);
  // With opTransfer an operator may not transfer (spec 1 §6); the server refuses it too.
  const transfer = (panel: 'sector' | 'operator') => {
    if (allow.opTransfer && user.role === ROLE.operator)
      toast.warning(ATT_MSG.noPermission, { permission: true });
    else onOpen(panel);
  };
  return (
    <Group
      justify="space-between"
      gap="xs"
      px={{ base: 'xs', sm: 'md' }}
      py="xs"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <StatusSelect card={card} statuses={statuses} allow={allow} onDialog={onDialog} />
      <Group gap={6} role="toolbar" aria-label="Ações do atendimento">
        <Action
          label="Alterar setor"
          icon={<IconArrowsExchange size={18} />}
          onClick={() => transfer('sector')}
        />
        <Action
          label="Alterar operador"
          icon={<IconUserShare size={18} />}
          onClick={() => transfer('operator')}
        />
        <Indicator disabled={!card.notes} size={8} offset={4} color="orange">
          <Action label="Anotações" icon={<IconNotes size={18} />} onClick={() => onOpen('notes')} />
        </Indicator>
        {/* Spec 1: transfer to the chatbot needs the allow flag and a contact not in auto mode. */}
        {allow.allowTransferToAuto && !card.auto ? (
          <Action
            label="Transferir para o BOT"
            icon={<IconRobot size={18} />}
            onClick={() => onOpen('bot')}
          />
        ) : null}
        <Action
          label={card.busy_client ? 'Desmarcar cliente ocupado' : 'Marcar cliente ocupado'}
          icon={<IconClockPause size={18} />}
          pressed={card.busy_client}
          loading={busy.isPending}
          onClick={() => busy.mutate(!card.busy_client)}
        />
        <Action label="Informações" icon={<IconInfoCircle size={18} />} onClick={() => onOpen('info')} />
        {allow.person && can(user.permissions, 'contatos', 'read') ? (
          <Action
            label="Dados do contato"
            icon={<IconAddressBook size={18} />}
            onClick={() => onOpen('person')}
          />
        ) : null}
        <Action
          label="Histórico do contato"
          icon={<IconHistory size={18} />}
          onClick={() => onOpen('timeline')}
        />
        {/* Spec 1 §2: the scheduling link is hidden for web chat and NewChat, and while the company has it off. */}
        {allow.scheduling && canScheduleChannel(card.channel_kind) ? (
          <Action
            label="Agendar retorno"
            icon={<IconCalendarTime size={18} />}
            onClick={() => onOpen('schedule')}
          />
        ) : null}
        {/* Issue 22: the contact's opportunities, with the CRM on and the user's CRM view. */}
        {allow.allowCosmosCRM && user.crm?.view ? (
          <Action
            label="Oportunidades"
            icon={<IconReportMoney size={18} />}
            onClick={() => onOpen('opportunities')}
          />
        ) : null}
        {user.role >= ROLE.manager && allow.viewedby ? (
          <Action label="Visualizado por" icon={<IconEye size={18} />} onClick={() => onOpen('viewed')} />
        ) : null}
        {allow['message-copy'] ? (
          <Action label="Copiar conversa" icon={<IconCopy size={18} />} onClick={onCopyConversation} />
        ) : null}
        {readUnread ? <MarkUnreadAction card={card} /> : null}
        <ChatBlockActions card={card} />
        <SupervisorActions card={card} onDialog={onDialog} />
      </Group>
    </Group>
  );
}
