import { Anchor, Group, Stack } from '@mantine/core';
import { IconMaximize } from '@tabler/icons-react';
import { Link } from 'react-router';
import { mediaViewerHref } from './media-url';

type TLinkable = { id: string; url: string; type: string; mimeType?: string; originalName?: string };

// Zod-free (the chat's first load): the message's attachments are read field by field.
function linkable(item: unknown): TLinkable | null {
  if (typeof item !== 'object' || item === null) return null;
  const a = item as Record<string, unknown>;
  if (typeof a.id !== 'string' || typeof a.url !== 'string' || typeof a.type !== 'string') return null;
  return {
    id: a.id,
    url: a.url,
    type: a.type,
    mimeType: typeof a.mimeType === 'string' ? a.mimeType : undefined,
    originalName: typeof a.originalName === 'string' ? a.originalName : undefined,
  };
}

/** "Abrir no visualizador" under a message's attachments: each one full-size in the media viewer. */
export function MediaViewerLinks({ attachments }: { attachments: readonly unknown[] }) {
  const list = attachments.map(linkable).filter((a): a is TLinkable => a !== null);
  if (list.length === 0) return null;
  return (
    <Stack gap={0}>
      {list.map((a) => (
        <Anchor
          key={a.id}
          component={Link}
          to={mediaViewerHref(a)}
          size="xs"
          aria-label={`Abrir no visualizador ${a.originalName ?? ''}`.trim()}
        >
          <Group gap={4} wrap="nowrap" component="span">
            <IconMaximize size={12} aria-hidden />
            <span>
              {list.length > 1
                ? `Abrir no visualizador: ${a.originalName ?? 'arquivo'}`
                : 'Abrir no visualizador'}
            </span>
          </Group>
        </Anchor>
      ))}
    </Stack>
  );
}
