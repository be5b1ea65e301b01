import { Anchor, Box, Button, Group, Image, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { TNewchatSettings } from '@prosa/shared/newchat';

/** A live picture of the public page while personalizing: header, form or greeting, footer and launcher. */
export function NewchatPreview({ s, name }: { s: TNewchatSettings; name: string }) {
  return (
    <Stack gap="xs" aria-label="Pré-visualização">
      <Text size="sm" fw={600}>
        Pré-visualização
      </Text>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }} data-testid="newchat-preview">
        <Group gap="sm" p="sm" bg={s.baseColor} c="white" wrap="nowrap">
          {s.img192 ? <Image src={s.img192} w={40} h={40} radius="sm" alt="" /> : null}
          <Box style={{ minWidth: 0 }}>
            <Title order={5} c="white" lineClamp={1}>
              {s.title || name || 'Título'}
            </Title>
            {s.description ? (
              <Text size="xs" c="white" lineClamp={2}>
                {s.description}
              </Text>
            ) : null}
          </Box>
        </Group>
        <Stack gap="xs" p="sm" mih={200} bg="gray.0">
          {s.showForm ? (
            s.form.map((f) => (
              <TextInput key={f.name} size="xs" label={f.label} withAsterisk={f.required} readOnly />
            ))
          ) : (
            <Text size="sm" c="dimmed">
              Envie sua mensagem. Um de nossos atendentes vai responder por aqui.
            </Text>
          )}
          <Button size="xs" color={s.baseColor} tabIndex={-1}>
            {s.customButton || 'Iniciar conversa'}
          </Button>
        </Stack>
        {s.footerText ? (
          <Text size="xs" ta="center" c="dimmed" p={6}>
            {s.footerUrl ? <Anchor size="xs">{s.footerText}</Anchor> : s.footerText}
          </Text>
        ) : null}
      </Paper>
      <Group justify={s.position === 'left' ? 'flex-start' : 'flex-end'}>
        <Button size="xs" radius="xl" color={s.baseColor} tabIndex={-1}>
          {s.customButton || 'Fale conosco'}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        O botão acima aparece no site quando o código de instalação é usado.
      </Text>
    </Stack>
  );
}
