import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { RichText } from '../attendance/rich-text';
import { splitQuotedHtml, splitQuotedText, type TEmailView } from './email-message';

/**
 * An e-mail in the chat: its subject, the HTML the server sanitized (remote images held back until a click, so
 * no tracking pixel fires on opening) or the text, and the quoted history hidden behind "mostrar histórico".
 */
export function EmailMessageBody({ email, text }: { email: TEmailView; text: string }) {
  const [showHistory, setShowHistory] = useState(false);
  const [imagesOn, setImagesOn] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const parts = useMemo(
    () =>
      email.html ? { html: true, ...splitQuotedHtml(email.html) } : { html: false, ...splitQuotedText(text) },
    [email.html, text],
  );
  const remote = parts.html
    ? (`${parts.body}${showHistory ? parts.history : ''}`.match(/data-remote-src=/g) ?? []).length
    : 0;
  // Asked for once, the images load in the history shown later too.
  useEffect(() => {
    if (!imagesOn || showHistory === undefined) return;
    for (const img of ref.current?.querySelectorAll<HTMLImageElement>('img[data-remote-src]') ?? []) {
      const src = img.dataset.remoteSrc;
      if (src && /^https?:\/\//i.test(src)) img.src = src;
    }
  }, [imagesOn, showHistory]);
  const html = (h: string) => (
    <Box
      className="email-html"
      style={{ overflowWrap: 'anywhere', fontSize: 'var(--mantine-font-size-sm)' }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server when the e-mail arrived (channels/email/sanitize.ts)
      dangerouslySetInnerHTML={{ __html: h }}
    />
  );
  return (
    <Stack gap={4} ref={ref} data-testid="email-message">
      {email.subject ? (
        <Text size="sm" fw={700}>
          {email.subject}
        </Text>
      ) : null}
      {email.cc.length > 0 ? (
        <Text size="xs" c="dimmed">
          Cópia: {email.cc.join(', ')}
        </Text>
      ) : null}
      {parts.html ? html(parts.body) : <RichText text={parts.body} />}
      {parts.history ? (
        <>
          <Button
            variant="subtle"
            size="compact-xs"
            w="fit-content"
            onClick={() => setShowHistory((v) => !v)}
            aria-expanded={showHistory}
          >
            {showHistory ? 'ocultar histórico' : 'mostrar histórico'}
          </Button>
          {showHistory ? (
            <Box pl="xs" style={{ borderLeft: '2px solid var(--mantine-color-gray-4)' }} c="dimmed">
              {parts.html ? html(parts.history) : <RichText text={parts.history} />}
            </Box>
          ) : null}
        </>
      ) : null}
      {remote > 0 && !imagesOn ? (
        <Group gap={4}>
          <Button
            variant="light"
            size="compact-xs"
            leftSection={<IconPhoto size={14} />}
            onClick={() => setImagesOn(true)}
          >
            Carregar imagens externas ({remote})
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
