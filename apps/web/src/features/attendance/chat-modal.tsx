import { Center, Loader, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ATT_MSG, type TMessage } from '@prosa/shared/attendance';
import type { TCompanyFeatures } from '@prosa/shared/company-metadata';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { applyCard } from '../../lib/attendance-cache';
import { copyText } from '../../lib/clipboard';
import { toast } from '../../lib/toast';
import { useCurrentUser } from '../auth/session-context';
import { OpportunitiesModal } from '../crm/opportunities-modal';
import { PersonModal } from '../persons/person-modal';
import { ScheduleModal } from '../scheduling/schedule-modal';
import type { TSector } from '../sectors/api';
import type { TStatus } from '../statuses/api';
import { chatApi, useAttendance } from './api';
import { ChatHeader } from './chat-header';
import { ChatToolbar, type TSidePanel } from './chat-toolbar';
import { Composer } from './composer';
import { formatConversation } from './copy-conversation';
import { ForwardModal } from './forward-modal';
import { TimelineModal, ViewedByModal } from './history-modals';
import { InfoModal } from './info-modal';
import type { TMessageAction } from './message-bubble';
import { MessageList } from './message-list';
import { authorName } from './message-timeline';
import { NotesModal } from './notes-modal';
import { OperatorModal, SectorModal } from './transfer-modals';
import { TransferToBotModal } from './transfer-to-bot-modal';

type Props = {
  attendanceId: number;
  onClose: () => void;
  features: TCompanyFeatures | undefined;
  statuses: TStatus[];
  sectors: TSector[];
};

// The modal's content as a column: the messages take the height left by header, toolbar and text box.
function ChatFrame({ children }: { children?: ReactNode }) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>{children}</div>
  );
}

async function copyWithToast(text: string) {
  try {
    await copyText(text);
    toast.success(ATT_MSG.copied);
  } catch {
    toast.error();
  }
}

/** The conversation of one attendance: header, status and actions, messages and the text box. */
export function ChatModal({ attendanceId, onClose, features, statuses, sectors }: Props) {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const tz = features?.timezone ?? user.timezone;
  const allow = features?.allow ?? {};
  const narrow = useMediaQuery('(max-width: 48em)');
  const cardQuery = useAttendance(attendanceId, queryClient);
  const card = cardQuery.data;
  const [quote, setQuote] = useState<TMessage | null>(null);
  const [forwarding, setForwarding] = useState<TMessage | null>(null);
  const [panel, setPanel] = useState<TSidePanel | null>(null);
  const [confirming, setConfirming] = useState(false);
  const loaded = useRef<TMessage[]>([]);
  const composer = useRef<HTMLTextAreaElement>(null);
  const contactName = card?.name ?? '';

  // Opening records "viewed by" and, in triage OPERATOR, gives an unassigned card to the operator.
  useEffect(() => {
    chatApi
      .markViewed(attendanceId)
      .then(({ card: viewed }) => applyCard(queryClient, viewed))
      .catch(() => undefined);
  }, [attendanceId, queryClient]);

  const failed = cardQuery.isError;
  const failure = cardQuery.error;
  useEffect(() => {
    if (!failed) return;
    toast.error(errorMessage(failure, ATT_MSG.attendanceNotFound));
    onClose();
  }, [failed, failure, onClose]);

  const onAction = useCallback((action: TMessageAction, message: TMessage) => {
    if (action === 'reply') {
      setQuote(message);
      composer.current?.focus();
    } else if (action === 'forward') {
      setForwarding(message);
    } else {
      copyWithToast(message.text);
    }
  }, []);
  const onLoaded = useCallback((messages: TMessage[]) => {
    loaded.current = messages;
  }, []);

  const sectorName = (id: number) => sectors.find((s) => s.id === id)?.name ?? 'Setor';
  const closePanel = () => setPanel(null);
  const height = narrow ? '100dvh' : 'min(88dvh, 900px)';

  return (
    <Modal.Root
      opened
      onClose={onClose}
      size="72rem"
      fullScreen={narrow}
      centered
      // Escape closes the dialog on top (side modal, forward, confirmation), not the conversation under it.
      closeOnEscape={panel === null && forwarding === null && !confirming}
      scrollAreaComponent={ChatFrame}
      styles={{ content: { height } }}
    >
      <Modal.Overlay />
      <Modal.Content data-testid="chat-modal">
        {card ? (
          <>
            <Modal.Header
              px={{ base: 'xs', sm: 'md' }}
              py="xs"
              style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
            >
              <ChatHeader card={card} sectorName={sectorName(card.sector_id)} />
              <Modal.CloseButton aria-label="Fechar conversa" />
            </Modal.Header>
            <ChatToolbar
              card={card}
              statuses={statuses}
              allow={allow}
              onOpen={setPanel}
              onDialog={setConfirming}
              onCopyConversation={() => copyWithToast(formatConversation(loaded.current, contactName, tz))}
            />
            <MessageList
              attendanceId={card.id}
              contactName={contactName}
              tz={tz}
              onAction={onAction}
              onLoaded={onLoaded}
            />
            <Composer
              ref={composer}
              card={card}
              quote={quote}
              quoteAuthor={quote ? authorName(quote, contactName) : ''}
              onCancelQuote={() => setQuote(null)}
            />
            <SectorModal
              card={card}
              sectors={sectors}
              allow={allow}
              opened={panel === 'sector'}
              onClose={closePanel}
            />
            <OperatorModal card={card} opened={panel === 'operator'} onClose={closePanel} />
            <TransferToBotModal card={card} opened={panel === 'bot'} onClose={closePanel} />
            <NotesModal card={card} opened={panel === 'notes'} onClose={closePanel} />
            <InfoModal
              card={card}
              opened={panel === 'info'}
              onClose={closePanel}
              sectorName={sectorName(card.sector_id)}
              statusName={statuses.find((s) => s.id === card.status)?.name}
              tz={tz}
            />
            <TimelineModal
              attendanceId={card.id}
              opened={panel === 'timeline'}
              onClose={closePanel}
              tz={tz}
            />
            <ViewedByModal attendanceId={card.id} opened={panel === 'viewed'} onClose={closePanel} tz={tz} />
            <ScheduleModal
              card={card}
              sectors={sectors}
              tz={tz}
              opened={panel === 'schedule'}
              onClose={closePanel}
            />
            <PersonModal
              target={panel === 'person' ? { attendanceId: card.id } : null}
              onClose={closePanel}
            />
            {panel === 'opportunities' ? (
              <OpportunitiesModal card={card} opened onClose={closePanel} />
            ) : null}
            <ForwardModal card={card} message={forwarding} onClose={() => setForwarding(null)} />
          </>
        ) : (
          <Center h="100%">
            <Loader aria-label="Carregando atendimento" />
          </Center>
        )}
      </Modal.Content>
    </Modal.Root>
  );
}
