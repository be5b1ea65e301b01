import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Center,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconDownload,
  IconPhotoOff,
  IconZoomIn,
  IconZoomOut,
  IconZoomReset,
} from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { readMediaView, type TMediaView } from './media-url';

const ZOOM_STEPS = [0.5, 0.75, 1, 1.5, 2, 3, 4];

const REASON: Record<Exclude<TMediaView, { ok: true }>['reason'] | 'failed', string> = {
  missing: 'Nenhum arquivo foi indicado.',
  foreign: 'Só é possível abrir anexos das conversas guardados no Prosa.',
  expired: 'O link desta mídia expirou. Abra o anexo novamente pela conversa.',
  failed: 'A mídia não está mais disponível ou não pôde ser carregada.',
};

function EmptyMedia({ reason }: { reason: keyof typeof REASON }) {
  return (
    <Center mih={320}>
      <Stack align="center" gap="xs" data-testid="media-viewer-empty">
        <IconPhotoOff size={48} color="var(--mantine-color-gray-5)" aria-hidden />
        <Text fw={600}>Nenhuma mídia para exibir.</Text>
        <Text size="sm" c="dimmed">
          {REASON[reason]}
        </Text>
      </Stack>
    </Center>
  );
}

function ZoomableImage({ src, name, onError }: { src: string; name: string; onError: () => void }) {
  const [step, setStep] = useState(ZOOM_STEPS.indexOf(1));
  const zoom = ZOOM_STEPS[step] ?? 1;
  return (
    <Stack gap="xs">
      <Group gap={4} justify="center">
        <Tooltip label="Diminuir zoom" withArrow>
          <ActionIcon
            variant="default"
            aria-label="Diminuir zoom"
            disabled={step === 0}
            onClick={() => setStep(step - 1)}
          >
            <IconZoomOut size={18} />
          </ActionIcon>
        </Tooltip>
        <Text size="sm" w={56} ta="center" data-testid="media-zoom">
          {Math.round(zoom * 100)}%
        </Text>
        <Tooltip label="Aumentar zoom" withArrow>
          <ActionIcon
            variant="default"
            aria-label="Aumentar zoom"
            disabled={step === ZOOM_STEPS.length - 1}
            onClick={() => setStep(step + 1)}
          >
            <IconZoomIn size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Tamanho original" withArrow>
          <ActionIcon
            variant="default"
            aria-label="Tamanho original"
            onClick={() => setStep(ZOOM_STEPS.indexOf(1))}
          >
            <IconZoomReset size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Box style={{ overflow: 'auto', maxHeight: 'calc(100vh - 260px)', textAlign: 'center' }}>
        <img
          src={src}
          alt={name}
          onError={onError}
          style={{
            maxWidth: zoom <= 1 ? `${zoom * 100}%` : 'none',
            width: zoom > 1 ? `${zoom * 100}%` : undefined,
          }}
        />
      </Box>
    </Stack>
  );
}

/** The media viewer (spec 2 §2): one attachment of a conversation full-size, or "Nenhuma mídia para exibir.". */
export function MediaViewerPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const view = useMemo(() => readMediaView(search, window.location.origin), [search]);
  const [failed, setFailed] = useState(false);
  const fail = () => setFailed(true);

  let body: React.ReactNode;
  if (!view.ok) body = <EmptyMedia reason={view.reason} />;
  else if (failed) body = <EmptyMedia reason="failed" />;
  else if (view.kind === 'image') body = <ZoomableImage src={view.src} name={view.name} onError={fail} />;
  else if (view.kind === 'video')
    body = (
      // biome-ignore lint/a11y/useMediaCaption: videos sent by people in a chat have no captions
      <video
        src={view.src}
        controls
        onError={fail}
        style={{ width: '100%', maxHeight: 'calc(100vh - 240px)' }}
      />
    );
  else if (view.kind === 'audio')
    body = (
      <Center mih={160}>
        {/* biome-ignore lint/a11y/useMediaCaption: a voice note has no captions */}
        <audio
          src={view.src}
          controls
          onError={fail}
          aria-label={`Áudio ${view.name}`}
          style={{ width: 480 }}
        />
      </Center>
    );
  else if (view.kind === 'pdf')
    body = (
      <Box
        component="iframe"
        src={view.src}
        title={`Documento ${view.name}`}
        w="100%"
        h="calc(100vh - 240px)"
        style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6, background: 'white' }}
      />
    );
  else
    body = (
      <Center mih={200}>
        <Stack align="center" gap="xs">
          <Text size="sm">Este tipo de arquivo não tem pré-visualização.</Text>
          <Button component="a" href={view.src} download={view.name} leftSection={<IconDownload size={16} />}>
            Baixar {view.name}
          </Button>
        </Stack>
      </Center>
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => navigate(-1)}>
            Voltar
          </Button>
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {view.ok ? view.name : 'Visualizador de mídia'}
          </Title>
        </Group>
        {view.ok && !failed ? (
          <Anchor href={view.src} download={view.name} size="sm">
            <Group gap={4} wrap="nowrap" component="span">
              <IconDownload size={16} aria-hidden />
              <span>Baixar</span>
            </Group>
          </Anchor>
        ) : null}
      </Group>
      <Paper withBorder p="md" radius="md">
        {body}
      </Paper>
    </Stack>
  );
}
