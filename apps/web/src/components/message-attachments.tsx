import { Anchor, Box, Group, Image, Stack, Text } from '@mantine/core';
import { formatBytes } from '@prosa/shared/attachment-rules';
import { readAttachments, type TAttachment } from '@prosa/shared/attachments';
import { IconDownload } from '@tabler/icons-react';
import { AttachmentIcon } from './attachment-icon';

function DownloadLink({ a }: { a: TAttachment }) {
  return (
    <Anchor href={a.url} download={a.originalName} target="_blank" rel="noopener" size="xs">
      <Group gap={4} wrap="nowrap" component="span">
        <IconDownload size={14} aria-hidden />
        <span>Baixar</span>
      </Group>
    </Anchor>
  );
}

function OpenLink({ a }: { a: TAttachment }) {
  return (
    <Anchor href={a.url} target="_blank" rel="noopener" size="xs" aria-label={`Abrir ${a.originalName}`}>
      Abrir
    </Anchor>
  );
}

function FileLine({ a, open = false }: { a: TAttachment; open?: boolean }) {
  return (
    <Group gap={6} wrap="nowrap" justify="space-between">
      <Group gap={6} wrap="nowrap" miw={0}>
        <AttachmentIcon kind={a.type} size={16} />
        <Text size="xs" truncate title={a.originalName}>
          {a.originalName}
        </Text>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {formatBytes(a.size)}
        </Text>
      </Group>
      <Group gap={8} wrap="nowrap" style={{ flexShrink: 0 }}>
        {open ? <OpenLink a={a} /> : null}
        <DownloadLink a={a} />
      </Group>
    </Group>
  );
}

function OneAttachment({ a }: { a: TAttachment }) {
  if (a.type === 'image') {
    return (
      <Anchor href={a.url} target="_blank" rel="noopener" aria-label={`Abrir imagem ${a.originalName}`}>
        {/* A fixed height keeps the conversation in place while the picture loads. */}
        <Image src={a.url} alt={a.originalName} h={200} w="auto" maw={280} fit="contain" radius="sm" />
      </Anchor>
    );
  }
  if (a.type === 'video') {
    return (
      <Stack gap={4}>
        {/* biome-ignore lint/a11y/useMediaCaption: videos sent by people in a chat have no captions */}
        <video
          src={a.url}
          controls
          preload="metadata"
          style={{ width: 320, maxWidth: '100%', height: 180, borderRadius: 6, background: 'black' }}
        />
        <FileLine a={a} />
      </Stack>
    );
  }
  if (a.type === 'audio') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: a voice note has no captions
      <audio
        src={a.url}
        controls
        preload="metadata"
        aria-label={`Áudio ${a.originalName}`}
        style={{ width: 280 }}
      />
    );
  }
  if (a.mimeType === 'application/pdf') {
    return (
      <Stack gap={4}>
        <Box
          component="iframe"
          src={a.url}
          title={`Pré-visualização de ${a.originalName}`}
          w={320}
          maw="100%"
          h={220}
          style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6, background: 'white' }}
        />
        <FileLine a={a} />
      </Stack>
    );
  }
  return <FileLine a={a} />;
}

/**
 * A message's files inline (spec 1 §2): images, video and PDF previewed, audio playable, all downloadable.
 * `inline` false (the company's feature flag display_midia off): each file is a line with "Abrir" and "Baixar".
 */
export function MessageAttachments({
  attachments,
  inline = true,
}: {
  attachments: readonly unknown[];
  inline?: boolean;
}) {
  const list = readAttachments(attachments);
  if (list.length === 0) return null;
  return (
    <Stack gap={6} mt={2} mb={2} data-testid="message-attachments">
      {list.map((a) => (inline ? <OneAttachment key={a.id} a={a} /> : <FileLine key={a.id} a={a} open />))}
    </Stack>
  );
}
