import { Badge, Group, Text } from '@mantine/core';
import type { TCard } from '@prosa/shared/attendance';
import { IconUser } from '@tabler/icons-react';
import { memo } from 'react';
import { ChannelIcon, channelLabel } from '../../components/channel-icon';
import { useNow } from '../../lib/use-now';
import { useCompanyFeatures } from '../company-metadata/api';
import type { TStatus } from '../statuses/api';
import classes from './attendance-card.module.css';
import { cardFlags, previewPrefix } from './card-flags';
import { timeLabel, waitingSince } from './card-times';
import { ContactAvatar, useContactPicture } from './contact-avatar';
import { RichParts } from './rich-text';
import { statusColor } from './status-options';

type CardProps = {
  card: TCard;
  status: TStatus | undefined;
  userId: number;
  layout: 'list' | 'grid';
  onOpen: (id: number) => void;
};

/** Time since the last message; only this label (and the badges) re-render every second. */
export function Elapsed({ from, prefix = '' }: { from: string; prefix?: string }) {
  const now = useNow();
  const seconds = useCompanyFeatures().data?.settings.seconds_control === true;
  const text = timeLabel(Date.parse(from), now, seconds);
  return (
    <Text
      size="xs"
      c="dimmed"
      fw={500}
      title="Tempo desde a última mensagem"
      style={{ whiteSpace: 'nowrap' }}
    >
      {prefix}
      {text}
    </Text>
  );
}

/** The flags alone (busy client, SLA, offline…), for the chat header. */
export function CardFlags({ card }: { card: TCard }) {
  const now = useNow();
  return cardFlags(card, now).map((f) => (
    <Badge key={f.key} size="xs" variant="light" color={f.color}>
      {f.label}
    </Badge>
  ));
}

/** How long the contact has waited for an answer, when the company shows it (view options "viewtmr"). */
function waitingLabel(card: TCard, now: number, features: ReturnType<typeof useCompanyFeatures>['data']) {
  const since = features?.allow.viewtmr ? waitingSince(card) : null;
  return since ? timeLabel(Date.parse(since), now, features?.settings.seconds_control === true) : null;
}

export function CardBadges({ card, status }: { card: TCard; status: TStatus | undefined }) {
  const now = useNow();
  const flags = cardFlags(card, now);
  const color = statusColor(status?.color);
  const waiting = waitingLabel(card, now, useCompanyFeatures().data);
  if (!status && flags.length === 0 && !waiting) return null;
  return (
    <Group gap={4} wrap="wrap">
      {status ? (
        <Badge
          size="sm"
          variant="light"
          color="gray"
          leftSection={
            <span aria-hidden style={{ width: 8, height: 8, borderRadius: 4, background: color }} />
          }
        >
          {status.name}
        </Badge>
      ) : null}
      {waiting ? (
        <Badge
          size="sm"
          variant="outline"
          color="orange"
          title="Há quanto tempo o contato espera uma resposta"
          data-testid="waiting-time"
        >
          Aguardando há {waiting}
        </Badge>
      ) : null}
      {flags.map((f) => (
        <Badge key={f.key} size="sm" variant="light" color={f.color}>
          {f.label}
        </Badge>
      ))}
    </Group>
  );
}

/** One attendance of the list: who, where from, the last message, how long ago, and its state. */
export const AttendanceCard = memo(function AttendanceCard({
  card,
  status,
  userId,
  layout,
  onOpen,
}: CardProps) {
  const previewId = `card-preview-${card.id}`;
  const unread = card.unread_count > 0;
  const seconds = useCompanyFeatures().data?.settings.seconds_control === true;
  const picture = useContactPicture(card);
  const who = (
    <>
      <Text fw={unread ? 700 : 600} size="sm" truncate>
        {card.name}
      </Text>
      <Group gap={4} wrap="nowrap" c="dimmed">
        <ChannelIcon kind={card.channel_kind} size={14} />
        <Text size="xs" c="dimmed" truncate>
          {channelLabel(card.channel_kind)} · {card.protocol}
        </Text>
      </Group>
    </>
  );
  return (
    <button
      type="button"
      className={classes.card}
      data-layout={layout}
      data-unread={unread || undefined}
      data-seconds={seconds || undefined}
      onClick={() => onOpen(card.id)}
      aria-label={`Abrir conversa com ${card.name}`}
      aria-describedby={previewId}
      data-testid="attendance-card"
    >
      <div className={classes.who}>
        {/* The contact's WhatsApp picture beside the name, when there is one to show. */}
        {picture ? (
          <Group gap="xs" wrap="nowrap" miw={0}>
            <ContactAvatar card={card} size={32} />
            <div style={{ minWidth: 0, flex: 1 }}>{who}</div>
          </Group>
        ) : (
          who
        )}
      </div>
      <div className={classes.meta}>
        <Elapsed from={card.last_message_at} />
        {unread ? (
          <Badge size="sm" circle={card.unread_count < 10} aria-label={`${card.unread_count} não lidas`}>
            {card.unread_count > 99 ? '99+' : card.unread_count}
          </Badge>
        ) : null}
      </div>
      <Text
        id={previewId}
        className={classes.preview}
        size="sm"
        c={unread ? undefined : 'dimmed'}
        lineClamp={layout === 'grid' ? 2 : 1}
      >
        {previewPrefix(card, userId)}
        <RichParts text={card.last_message_preview} />
      </Text>
      <div className={classes.badges}>
        <CardBadges card={card} status={status} />
      </div>
      <div className={classes.operator}>
        <IconUser size={14} aria-hidden style={{ flexShrink: 0 }} />
        <Text size="xs" c="dimmed" truncate>
          {card.operator_assigned_name ?? 'Sem responsável'}
        </Text>
      </div>
    </button>
  );
});
