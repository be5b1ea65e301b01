import { Box, Stack, Text } from '@mantine/core';
import { IconMessageCircle, IconX } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { fieldFromDraft, type TFieldDraft } from './field-editor-state';
import { DEFAULT_COLOR, DEFAULT_FONT_COLOR } from './webchat-form-values';

// The widget's own defaults (server publicConfig), shown while a text is empty.
const DEFAULT_WELCOME = 'Olá! Preencha os dados abaixo para falar com a gente.';
const DEFAULT_BUTTON = 'Iniciar conversa';
const HEX = /^#[0-9a-fA-F]{6}$/;

type Props = {
  name: string;
  title: string;
  welcome: string;
  button: string;
  color: string;
  fontColor: string;
  fields: TFieldDraft[];
};

const input: CSSProperties = {
  height: 34,
  border: '1px solid #cbd2d9',
  borderRadius: 8,
  background: '#fff',
  padding: '6px 10px',
  fontSize: 13,
  color: '#7b8794',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  textOverflow: 'ellipsis',
};

/** A static drawing of the widget's first screen with the form's colours, texts and fields (not interactive). */
export function WidgetPreview(props: Props) {
  const color = HEX.test(props.color) ? props.color : DEFAULT_COLOR;
  const fg = HEX.test(props.fontColor) ? props.fontColor : DEFAULT_FONT_COLOR;
  const title = props.title.trim() || props.name.trim() || 'Web chat';
  const fields = props.fields.length > 0 ? props.fields : null;

  return (
    <Stack
      gap="xs"
      align="flex-end"
      aria-label="Pré-visualização do widget"
      role="img"
      data-testid="widget-preview"
    >
      <Box
        w="100%"
        maw={320}
        style={{
          borderRadius: 16,
          overflow: 'hidden',
          background: '#fff',
          boxShadow: '0 12px 40px rgba(0,0,0,.18), 0 2px 8px rgba(0,0,0,.08)',
          fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
        }}
      >
        <Box px={16} py={12} style={{ background: color, color: fg, display: 'flex', alignItems: 'center' }}>
          <Text fw={600} size="md" truncate style={{ flex: 1, color: 'inherit' }}>
            {title}
          </Text>
          <IconX size={18} aria-hidden />
        </Box>
        <Stack gap={10} p={16}>
          <Text size="sm" c="#323f4b" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {props.welcome.trim() || DEFAULT_WELCOME}
          </Text>
          {fields ? (
            fields.map((draft) => <PreviewField key={draft.key} draft={draft} />)
          ) : (
            <PreviewField draft={{ ...NAME_FIELD }} />
          )}
          <Box
            style={{
              background: color,
              color: fg,
              borderRadius: 8,
              height: 38,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              fontWeight: 600,
              fontSize: 14,
            }}
          >
            {props.button.trim() || DEFAULT_BUTTON}
          </Box>
        </Stack>
      </Box>
      <Box
        w={52}
        h={52}
        style={{
          borderRadius: '50%',
          background: color,
          color: fg,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          boxShadow: '0 6px 20px rgba(0,0,0,.22)',
        }}
      >
        <IconMessageCircle size={26} aria-hidden />
      </Box>
    </Stack>
  );
}

const NAME_FIELD: TFieldDraft = {
  key: 'default-name',
  name: 'nome',
  label: 'Nome',
  type: 'text',
  options: [],
  mask: '',
  required: true,
  nameTouched: true,
};

function PreviewField({ draft }: { draft: TFieldDraft }) {
  const field = fieldFromDraft(draft);
  const placeholder =
    field.type === 'select'
      ? 'Selecione…'
      : field.mask
        ? (field.mask.split('|')[0]?.trim().replace(/[9A*]/g, '_') ?? '')
        : '';
  return (
    <div>
      <Text size="xs" fw={600} c="#323f4b" mb={4}>
        {field.label || 'Sem rótulo'}
        {field.required ? <span style={{ color: '#e03131', marginLeft: 2 }}>*</span> : null}
      </Text>
      <div style={input}>{placeholder || '\u00a0'}</div>
    </div>
  );
}
