import { Anchor, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import type { TWebchat } from '@prosa/shared/webchat';
import { IconCopy, IconExternalLink } from '@tabler/icons-react';
import { toast } from '../../lib/toast';
import { installSnippet } from './webchat-form-values';

export const COPIED = 'Link copiado com sucesso!';

/** Clipboard API where allowed (https, localhost); else the old selection copy, so plain http also works. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

type Props = { webchat: TWebchat | null; demoLink: boolean; onClose: () => void };

/** "Instalação": the <script> tag of the web chat for the customer's site, with copy and the demo page. */
export function InstallSnippetModal({ webchat, demoLink, onClose }: Props) {
  const snippet = webchat ? installSnippet(window.location.origin, webchat.code) : '';
  const copy = async () => {
    if (await copyText(snippet)) toast.success(COPIED);
    else toast.error('Não foi possível copiar. Selecione o código e copie manualmente.');
  };
  return (
    <Modal opened={webchat !== null} onClose={onClose} title="Instalação do web chat" size="lg" centered>
      {webchat ? (
        <Stack gap="md">
          <Text size="sm">
            Cole esta tag no HTML do site de <strong>{webchat.name}</strong>, antes do fechamento de{' '}
            <Code>{'</body>'}</Code>. O botão de conversa aparece no canto inferior direito.
          </Text>
          <Code
            block
            aria-label="Código de instalação"
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
          >
            {snippet}
          </Code>
          <Group justify="space-between">
            {demoLink ? (
              <Anchor href="/demo/webchat" target="_blank" rel="noopener" size="sm">
                <Group gap={4} component="span">
                  Testar na página de demonstração
                  <IconExternalLink size={14} />
                </Group>
              </Anchor>
            ) : (
              <span />
            )}
            <Group gap="sm">
              <Button variant="default" onClick={onClose}>
                Fechar
              </Button>
              <Button leftSection={<IconCopy size={16} />} onClick={copy}>
                Copiar
              </Button>
            </Group>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
