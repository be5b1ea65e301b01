import {
  Button,
  ColorInput,
  FileButton,
  Grid,
  Group,
  Image,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useUploadNewchatFile } from './api';
import { NewchatPreview } from './newchat-preview';
import { errorOf, type StepProps, withSettings } from './step-props';

/** Step 2: the page's look (title, texts, colour, icons, launcher) with a live preview. */
export function StepPersonalize(p: StepProps & { channelId: number | null }) {
  const { values: v, onChange } = p;
  const s = v.settings;
  const upload = useUploadNewchatFile();
  const send = (key: 'img192' | 'img512', file: File | null) => {
    if (!file || p.channelId === null) return;
    upload.mutate(
      { id: p.channelId, kind: 'image', file },
      { onSuccess: (r) => onChange(withSettings(v, { [key]: r.url })) },
    );
  };
  const icon = (key: 'img192' | 'img512', label: string) => (
    <Group gap="sm">
      {s[key] ? <Image src={s[key]} w={40} h={40} radius="sm" alt={label} /> : null}
      <FileButton onChange={(f) => send(key, f)} accept="image/png,image/jpeg,image/gif,image/bmp">
        {(props) => (
          <Button
            {...props}
            variant="default"
            size="xs"
            leftSection={<IconUpload size={14} />}
            loading={upload.isPending}
          >
            {label}
          </Button>
        )}
      </FileButton>
    </Group>
  );
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="sm">
          <TextInput
            label="Título"
            value={s.title}
            onChange={(e) => onChange(withSettings(v, { title: e.currentTarget.value }))}
          />
          <Textarea
            label="Descrição"
            autosize
            minRows={2}
            value={s.description}
            onChange={(e) => onChange(withSettings(v, { description: e.currentTarget.value }))}
          />
          <Group grow>
            <ColorInput
              label="Cor base"
              value={s.baseColor}
              format="hex"
              onChange={(c) => /^#[0-9a-fA-F]{6}$/.test(c) && onChange(withSettings(v, { baseColor: c }))}
            />
            <TextInput
              label="Nome curto do aplicativo"
              value={s.name}
              onChange={(e) => onChange(withSettings(v, { name: e.currentTarget.value }))}
            />
          </Group>
          <Group grow align="flex-start">
            <TextInput
              label="Texto do rodapé"
              value={s.footerText}
              onChange={(e) => onChange(withSettings(v, { footerText: e.currentTarget.value }))}
            />
            <TextInput
              label="Link do rodapé"
              placeholder="https://"
              value={s.footerUrl}
              onChange={(e) => onChange(withSettings(v, { footerUrl: e.currentTarget.value }))}
              error={errorOf(p, 'footerUrl')}
            />
          </Group>
          <Group grow align="flex-end">
            <TextInput
              label="Texto do botão"
              placeholder="Iniciar conversa"
              value={s.customButton}
              onChange={(e) => onChange(withSettings(v, { customButton: e.currentTarget.value }))}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Posição do botão no site
              </Text>
              <SegmentedControl
                aria-label="Posição do botão no site"
                value={s.position}
                onChange={(x) => onChange(withSettings(v, { position: x === 'left' ? 'left' : 'right' }))}
                data={[
                  { value: 'left', label: 'Esquerda' },
                  { value: 'right', label: 'Direita' },
                ]}
              />
            </Stack>
          </Group>
          <Text size="sm" fw={500}>
            Ícones do aplicativo (PNG, até 2 MB)
          </Text>
          <Group>
            {icon('img192', 'Ícone 192×192')}
            {icon('img512', 'Ícone 512×512')}
          </Group>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <NewchatPreview s={s} name={v.name} />
      </Grid.Col>
    </Grid>
  );
}
