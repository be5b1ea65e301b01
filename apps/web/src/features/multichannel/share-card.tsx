import { Button, Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import { IconCopy, IconExternalLink } from '@tabler/icons-react';
import { copyWithToast, embedSnippet, hotsiteUrl } from './links';

/** The saved link's hotsite address and the <script> tag of its widget, each with copy. */
export function ShareCard({ hash }: { hash: string }) {
  const url = hotsiteUrl(hash);
  const snippet = embedSnippet(hash);
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={5}>Divulgação</Title>
        <Text size="sm">Link do hotsite</Text>
        <Group gap="sm" wrap="nowrap">
          <Code aria-label="Link do hotsite" style={{ flex: 1, wordBreak: 'break-all' }}>
            {url}
          </Code>
          <Button variant="light" leftSection={<IconCopy size={16} />} onClick={() => copyWithToast(url)}>
            Copiar link
          </Button>
          <Button
            variant="default"
            component="a"
            href={url}
            target="_blank"
            rel="noopener"
            leftSection={<IconExternalLink size={16} />}
          >
            Abrir
          </Button>
        </Group>
        <Text size="sm" mt="xs">
          Widget para o seu site: cole antes de <Code>{'</body>'}</Code>
        </Text>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Code
            block
            aria-label="Código do widget"
            style={{ flex: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
          >
            {snippet}
          </Code>
          <Button variant="light" leftSection={<IconCopy size={16} />} onClick={() => copyWithToast(snippet)}>
            Copiar código
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
