import { Alert, Anchor, Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import { NEWCHAT_MSG } from '@prosa/shared/newchat';
import { IconCopy, IconDeviceMobile, IconExternalLink } from '@tabler/icons-react';
import { copyText } from '../../lib/clipboard';
import { toast } from '../../lib/toast';
import { embedSnippet, publicLink } from './wizard-state';

const copy = (text: string) =>
  copyText(text).then(
    () => toast.success(NEWCHAT_MSG.linkCopied),
    () => toast.error('Não foi possível copiar. Selecione o texto e copie manualmente.'),
  );

/** Step 5: the public link, how to install it as an app, and the button for the company's site. */
export function StepPublish({ code, name }: { code: string | null; name: string }) {
  if (!code) return <Text c="dimmed">Salve o NewChat para publicá-lo.</Text>;
  const link = publicLink(window.location.origin, code);
  const snippet = embedSnippet(window.location.origin, code);
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={4}>{name} está publicado</Title>
        <Text size="sm">Compartilhe o link com seus clientes:</Text>
        <Group gap="sm">
          <Code aria-label="Link público" fz="sm">
            {link}
          </Code>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconCopy size={14} />}
            onClick={() => void copy(link)}
          >
            Copiar link
          </Button>
          <Anchor href={link} target="_blank" rel="noopener" size="sm">
            <Group gap={4} component="span">
              Abrir página
              <IconExternalLink size={14} />
            </Group>
          </Anchor>
        </Group>
      </Stack>
      <Alert icon={<IconDeviceMobile />} color="blue" title="Instalar como aplicativo">
        No celular, abra o link e toque em "Adicionar à tela inicial" (ou "Instalar app" no computador): o
        atendimento abre como um aplicativo, com o ícone e as cores configurados.
      </Alert>
      <Stack gap={6}>
        <Text size="sm">
          Para mostrar um botão que abre o NewChat no site da empresa, cole antes de <Code>{'</body>'}</Code>:
        </Text>
        <Code
          block
          aria-label="Código de instalação"
          style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
        >
          {snippet}
        </Code>
        <Group>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconCopy size={14} />}
            onClick={() => void copy(snippet)}
          >
            Copiar código
          </Button>
        </Group>
      </Stack>
    </Stack>
  );
}
