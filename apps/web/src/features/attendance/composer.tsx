import { ActionIcon, Box, CloseButton, Group, Paper, Text, Textarea, Tooltip } from '@mantine/core';
import type { TCard, TMessage } from '@prosa/shared/attendance';
import { capabilitiesOf } from '@prosa/shared/channel-capabilities';
import type { TEmailReplyExtras } from '@prosa/shared/email';
import { NEWCHAT_MSG_TYPING } from '@prosa/shared/newchat-queue';
import { IconCornerUpLeft, IconSend } from '@tabler/icons-react';
import { type Ref, useEffect, useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import { EmailReplyFields } from '../email/email-reply-fields';
import { WaentWindowBanner } from '../waent/window-banner';
import { AttachControls } from './attachments/attach-controls';
import { CHAT_WARNING_MS } from './chat-realtime';
import { channelLimit, prepareOutgoing, quoteTooOld } from './composer-rules';
import { ReadyAnswerSuggestions, ReadyAnswersButton, useReadyAnswers } from './ready-answers';
import { operatorTypingEnded, sendOperatorTyping, useVisitorTyping } from './typing-realtime';
import { useSendMessage } from './use-card-actions';

// Spec 1 §4: the sending flag clears by itself 10 s after sending.
const SENDING_MAX_MS = 10_000;

type Props = {
  card: TCard;
  quote: TMessage | null;
  quoteAuthor: string;
  onCancelQuote: () => void;
};

function QuotePreview({
  quote,
  author,
  onCancel,
}: {
  quote: TMessage;
  author: string;
  onCancel: () => void;
}) {
  const old = quoteTooOld(quote.sent_at, Date.now());
  return (
    <Paper withBorder radius="sm" px="sm" py={6} mb="xs" bg="gray.0" aria-label="Mensagem citada">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Box miw={0}>
          <Group gap={4} c="dimmed">
            <IconCornerUpLeft size={14} aria-hidden />
            <Text size="xs" fw={600}>
              Respondendo a {author}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" lineClamp={2} style={{ whiteSpace: 'pre-wrap' }}>
            {quote.text}
          </Text>
          {old ? (
            <Text size="xs" c="orange.8" mt={2}>
              Esta mensagem tem mais de 30 dias: a resposta será enviada sem a citação.
            </Text>
          ) : null}
        </Box>
        <CloseButton size="sm" aria-label="Cancelar citação" onClick={onCancel} />
      </Group>
    </Paper>
  );
}

/** The text box: Enter sends, Shift+Enter breaks the line, *text* is bold; checks of spec 1 §5 first. */
/** NewChat: the visitor is typing (their socket's ephemeral event). */
function VisitorTyping({ card }: { card: TCard }) {
  const typing = useVisitorTyping(card.id);
  if (!typing) return null;
  return (
    <Text size="xs" c="dimmed" fs="italic" mb={4} aria-live="polite">
      {card.name} está {NEWCHAT_MSG_TYPING}
    </Text>
  );
}

export function Composer(props: Props & { ref?: Ref<HTMLTextAreaElement> }) {
  const { ref } = props;
  const { card, quote } = props;
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const send = useSendMessage(card);
  const isEmail = capabilitiesOf(card.channel_kind).subject;
  const [emailOut, setEmailOut] = useState<TEmailReplyExtras>({});
  const limit = channelLimit(card);
  const over = limit !== null && text.length > limit;
  const ready = useReadyAnswers(text, setText);

  useEffect(() => () => clearTimeout(timer.current), []);

  const stopSending = () => {
    clearTimeout(timer.current);
    setSending(false);
  };

  const submit = () => {
    if (sending) return;
    const checked = prepareOutgoing(text, limit);
    if (!checked.ok) {
      toast.warning(checked.warning, { autoClose: CHAT_WARNING_MS });
      return;
    }
    const replyMessage = quote && !quoteTooOld(quote.sent_at, Date.now()) ? quote.message_id : undefined;
    setSending(true);
    timer.current = setTimeout(() => setSending(false), SENDING_MAX_MS);
    setText('');
    operatorTypingEnded(card.id);
    props.onCancelQuote();
    send.mutate(
      { message: checked.text, replyMessage, ...(isEmail ? { email: emailOut } : {}) },
      {
        onSettled: stopSending,
        // The text comes back when nothing new was typed meanwhile, so it is not lost.
        onError: () => setText((current) => (current === '' ? checked.text : current)),
      },
    );
  };

  return (
    <Box
      px={{ base: 'xs', sm: 'md' }}
      pt="xs"
      pb="sm"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <WaentWindowBanner card={card} />
      <VisitorTyping card={card} />
      {isEmail ? <EmailReplyFields value={emailOut} onChange={setEmailOut} /> : null}
      {quote ? (
        <QuotePreview quote={quote} author={props.quoteAuthor} onCancel={props.onCancelQuote} />
      ) : null}
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <AttachControls card={card} />
        <ReadyAnswerSuggestions ready={ready}>
          <Textarea
            ref={ref}
            aria-label="Mensagem"
            placeholder="Escreva sua mensagem…"
            autosize
            minRows={1}
            maxRows={6}
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              if (e.currentTarget.value.trim() && capabilitiesOf(card.channel_kind).typing)
                sendOperatorTyping(card.id);
            }}
            onKeyDown={(e) => {
              if (ready.onKeyDown(e)) return;
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                submit();
              }
            }}
            aria-describedby={`composer-hint-${card.id}`}
            {...ready.inputProps}
          />
        </ReadyAnswerSuggestions>
        <ReadyAnswersButton ready={ready} />
        <Tooltip label="Enviar (Enter)" withArrow>
          <ActionIcon size={36} radius="md" aria-label="Enviar mensagem" loading={sending} onClick={submit}>
            <IconSend size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Group justify="space-between" mt={4} gap="xs" wrap="nowrap">
        <Text id={`composer-hint-${card.id}`} size="xs" c="dimmed" truncate>
          Enter envia · Shift+Enter quebra a linha · *texto* fica em negrito
        </Text>
        {limit !== null ? (
          <Text size="xs" c={over ? 'red.7' : 'dimmed'} style={{ flexShrink: 0 }} aria-live="polite">
            {text.length}/{limit}
          </Text>
        ) : null}
      </Group>
      {over ? (
        <Text size="xs" c="red.7" role="status">
          A mensagem passa do limite de {limit} caracteres deste canal e será enviada cortada.
        </Text>
      ) : null}
    </Box>
  );
}
