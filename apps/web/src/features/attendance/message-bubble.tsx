import {
  ActionIcon,
  Anchor,
  Box,
  Group,
  Menu,
  Paper,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import type { TDelivery, TMessage } from '@prosa/shared/attendance';
import { featureFlagActive } from '@prosa/shared/feature-flags';
import {
  IconAlertCircle,
  IconArrowForwardUp,
  IconCheck,
  IconChecks,
  IconClock,
  IconCopy,
  IconCornerUpLeft,
  IconDots,
  IconHandClick,
  IconPhoto,
} from '@tabler/icons-react';
import { memo } from 'react';
import { MessageAttachments } from '../../components/message-attachments';
import { useCompanyFeatures } from '../company-metadata/api';
import { emailOf } from '../email/email-message';
import { EmailMessageBody } from '../email/email-message-body';
import { MediaViewerLinks } from '../media-viewer/media-viewer-links';
import { formatTime } from './message-timeline';
import { metaExtrasOf, type TStoryQuote } from './meta-extras';
import { RichText } from './rich-text';

const DELIVERY: Record<TDelivery, { label: string; Icon: typeof IconCheck; color?: string }> = {
  sending: { label: 'Enviando', Icon: IconClock },
  sent: { label: 'Enviada', Icon: IconCheck },
  delivered: { label: 'Entregue', Icon: IconChecks },
  read: { label: 'Lida', Icon: IconChecks, color: 'var(--mantine-color-blue-6)' },
  error: { label: 'Erro no envio', Icon: IconAlertCircle, color: 'var(--mantine-color-red-6)' },
};

export type TMessageAction = 'reply' | 'forward' | 'copy';

type Props = {
  message: TMessage;
  author: string;
  showAuthor: boolean;
  contactName: string;
  tz: string;
  onAction: (action: TMessageAction, message: TMessage) => void;
  /** A past conversation shown read-only: no reply, forward or copy menu. */
  readOnly?: boolean;
};

function DeliveryIcon({ delivery }: { delivery: TDelivery }) {
  const d = DELIVERY[delivery];
  return (
    <Tooltip label={d.label} withArrow openDelay={200}>
      <Box component="span" display="inline-flex" c={d.color ?? 'dimmed'} aria-label={d.label} role="img">
        <d.Icon size={14} stroke={2} />
      </Box>
    </Tooltip>
  );
}

/** Reactions a WhatsApp contact put on the message (metadata.reactions: { emoji }). */
function Reactions({ metadata }: { metadata: TMessage['metadata'] }) {
  const list = Array.isArray(metadata.reactions) ? (metadata.reactions as { emoji?: unknown }[]) : [];
  const emojis = list.map((r) => r.emoji).filter((e): e is string => typeof e === 'string');
  if (emojis.length === 0) return null;
  return (
    <Text size="sm" aria-label={`Reações: ${emojis.join(' ')}`}>
      {emojis.join(' ')}
    </Text>
  );
}

function QuoteBlock({
  quote,
  contactName,
}: {
  quote: NonNullable<TMessage['quoted_message']>;
  contactName: string;
}) {
  return (
    <Box
      px="xs"
      py={4}
      mb={6}
      style={{
        borderLeft: '3px solid var(--mantine-primary-color-filled)',
        background: 'var(--mantine-color-gray-1)',
        borderRadius: 4,
      }}
    >
      <Text size="xs" fw={600} c="dimmed">
        {quote.sender_type === 0 ? contactName : 'Atendente'}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
        {quote.text || 'Mensagem citada'}
      </Text>
      {quote.expired ? (
        <Text size="xs" c="dimmed" fs="italic">
          Citação com mais de 30 dias
        </Text>
      ) : null}
    </Box>
  );
}

/** The Instagram story a message answers or mentions: a link, never the story's image loaded by itself. */
function StoryQuote({ story }: { story: TStoryQuote }) {
  return (
    <Box
      px="xs"
      py={4}
      mb={6}
      style={{
        borderLeft: '3px solid var(--mantine-color-grape-5)',
        background: 'var(--mantine-color-gray-1)',
        borderRadius: 4,
      }}
    >
      <Group gap={4} wrap="nowrap">
        <IconPhoto size={14} aria-hidden />
        <Text size="xs" fw={600} c="dimmed">
          {story.label}
        </Text>
      </Group>
      {story.url ? (
        <Anchor href={story.url} target="_blank" rel="noopener noreferrer nofollow" size="xs">
          Ver story
        </Anchor>
      ) : null}
    </Box>
  );
}

/** One message: contact on the left, operator side on the right, with quote, delivery and actions. */
export const MessageBubble = memo(function MessageBubble(props: Props) {
  const { message, author, showAuthor, tz, onAction } = props;
  const mine = message.sender_type !== 0;
  const forwarded = message.metadata.forwarded === true;
  // Message copy (attendance settings): off, the text cannot be copied from the conversation.
  const features = useCompanyFeatures().data;
  const canCopy = features?.allow['message-copy'] === true;
  // Feature flag display_midia: off, files show as a line with "Abrir" instead of inline media.
  const inlineMedia = featureFlagActive('display_midia', features?.allow);
  const time = formatTime(message.sent_at, tz);
  const extras = metaExtrasOf(message);
  const email = emailOf(message);
  const actions = props.readOnly ? null : (
    <Menu position={mine ? 'bottom-end' : 'bottom-start'} withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={`Ações da mensagem de ${author} às ${time}`}
        >
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconCornerUpLeft size={16} />} onClick={() => onAction('reply', message)}>
          Responder
        </Menu.Item>
        <Menu.Item
          leftSection={<IconArrowForwardUp size={16} />}
          onClick={() => onAction('forward', message)}
        >
          Encaminhar
        </Menu.Item>
        {canCopy ? (
          <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => onAction('copy', message)}>
            Copiar texto
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
  return (
    <Group
      justify={mine ? 'flex-end' : 'flex-start'}
      align="flex-start"
      gap={4}
      wrap="nowrap"
      data-testid="message"
      data-sender={mine ? 'operator' : 'contact'}
    >
      {mine ? actions : null}
      <Paper
        px="sm"
        py={6}
        radius="md"
        maw="min(75%, 560px)"
        bg={mine ? 'prosa.0' : 'white'}
        withBorder={!mine}
        shadow={mine ? undefined : 'xs'}
      >
        <Stack gap={2}>
          {showAuthor ? (
            <Text size="xs" fw={700} c={mine ? 'prosa.8' : 'blue.8'}>
              {author}
            </Text>
          ) : (
            <VisuallyHidden>{author}</VisuallyHidden>
          )}
          {forwarded ? (
            <Group gap={4} c="dimmed">
              <IconArrowForwardUp size={14} aria-hidden />
              <Text size="xs" fs="italic" c="dimmed">
                Encaminhada
              </Text>
            </Group>
          ) : null}
          {message.quoted_message ? (
            <QuoteBlock quote={message.quoted_message} contactName={props.contactName} />
          ) : null}
          {extras.story ? <StoryQuote story={extras.story} /> : null}
          {extras.button ? (
            <Group gap={4} wrap="nowrap">
              <IconHandClick size={14} aria-hidden />
              <Text size="sm" fw={500}>
                {extras.button}
              </Text>
            </Group>
          ) : null}
          <MessageAttachments attachments={message.attachments} inline={inlineMedia} />
          <MediaViewerLinks attachments={message.attachments} />
          {email ? <EmailMessageBody email={email} text={extras.text} /> : <RichText text={extras.text} />}
          <Reactions metadata={message.metadata} />
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Text size="xs" c="dimmed" component="time" dateTime={message.sent_at}>
              {time}
            </Text>
            {mine ? <DeliveryIcon delivery={message.delivery} /> : null}
          </Group>
        </Stack>
      </Paper>
      {mine ? null : actions}
    </Group>
  );
});
