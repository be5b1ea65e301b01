import { ActionIcon, Box, Group, Loader, Text, Tooltip } from '@mantine/core';
import { ATTACHMENT_ACCEPT } from '@prosa/shared/attachment-rules';
import type { TCard } from '@prosa/shared/attendance';
import { IconMicrophone, IconPaperclip, IconSend, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { lazyComponent } from '../../../lib/lazy-page';
import { useCompanyFeatures } from '../../company-metadata/api';
import { formatDuration } from './pcm';
import { PendingMediaModal } from './pending-media-modal';
import { usePendingMedia } from './use-pending-media';
import { useVoiceNote } from './use-voice-note';

function RecordingBar(props: {
  seconds: number;
  sending: boolean;
  onCancel: () => void;
  onSend: () => void;
}) {
  return (
    <Group
      gap={6}
      wrap="nowrap"
      px="xs"
      h={36}
      role="status"
      aria-label="Gravando áudio"
      style={{ borderRadius: 18, background: 'var(--mantine-color-red-0)' }}
    >
      {props.sending ? (
        <Loader size={14} color="red" />
      ) : (
        <Box
          w={10}
          h={10}
          style={{ borderRadius: 5, background: 'var(--mantine-color-red-6)' }}
          aria-hidden
        />
      )}
      <Text size="sm" fw={600} c="red.8" ff="monospace" data-testid="voice-timer">
        {props.sending ? 'Enviando…' : formatDuration(props.seconds)}
      </Text>
      <Tooltip label="Cancelar gravação" withArrow>
        <ActionIcon variant="subtle" color="gray" aria-label="Cancelar gravação" onClick={props.onCancel}>
          <IconX size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Enviar áudio" withArrow>
        <ActionIcon
          color="red"
          aria-label="Enviar áudio"
          onClick={props.onSend}
          disabled={props.sending}
          radius="xl"
        >
          <IconSend size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

// The permission screen loads only when the microphone was refused.
const MicrophonePermissionModal = lazyComponent(
  () => import('./microphone-permission-modal').then((m) => m.MicrophonePermissionModal),
  () => null,
);

/** The composer's attach and microphone buttons, with the pending-media modal and the voice recorder. */
export function AttachControls({ card }: { card: TCard }) {
  const input = useRef<HTMLInputElement>(null);
  const media = usePendingMedia(card);
  const voice = useVoiceNote(card);
  // The audio setting (attendance settings): off, no recording (the server refuses voice uploads too).
  const audio = useCompanyFeatures().data?.settings.audio === true;
  const [caption, setCaption] = useState('');

  const cancel = () => {
    media.cancelAll();
    setCaption('');
  };
  const send = async () => {
    if (await media.send(caption)) setCaption('');
  };

  if (voice.state === 'recording' || voice.state === 'sending') {
    return (
      <RecordingBar
        seconds={voice.seconds}
        sending={voice.state === 'sending'}
        onCancel={voice.cancel}
        onSend={() => void voice.send()}
      />
    );
  }
  return (
    <Group gap={2} wrap="nowrap">
      <Tooltip label="Anexar arquivo" withArrow>
        <ActionIcon
          size={36}
          variant="subtle"
          color="gray"
          aria-label="Anexar arquivo"
          onClick={() => input.current?.click()}
        >
          <IconPaperclip size={20} />
        </ActionIcon>
      </Tooltip>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={ATTACHMENT_ACCEPT}
        data-testid="attach-input"
        onChange={(e) => {
          media.add(Array.from(e.currentTarget.files ?? []));
          e.currentTarget.value = '';
        }}
      />
      {audio ? (
        <Tooltip label="Gravar áudio" withArrow>
          <ActionIcon
            size={36}
            variant="subtle"
            color="gray"
            aria-label="Gravar áudio"
            loading={voice.state === 'asking'}
            onClick={() => void voice.start()}
          >
            <IconMicrophone size={20} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {voice.micProblem ? (
        <MicrophonePermissionModal problem={voice.micProblem} onClose={voice.clearMicProblem} />
      ) : null}
      <PendingMediaModal
        items={media.items}
        caption={caption}
        onCaption={setCaption}
        onAdd={media.add}
        onRemove={media.remove}
        onCancel={cancel}
        onSend={() => void send()}
        ready={media.ready}
        sending={media.sending}
      />
    </Group>
  );
}
