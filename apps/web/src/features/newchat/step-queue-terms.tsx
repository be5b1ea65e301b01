import {
  Anchor,
  Button,
  FileButton,
  Group,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { NEWCHAT_QUEUE_PLACEHOLDER, queueText } from '@prosa/shared/newchat-queue';
import { IconUpload } from '@tabler/icons-react';
import { useUploadNewchatFile } from './api';
import { errorOf, type StepProps, withSettings } from './step-props';

/** Step 3: the queue message with the visitor's live position. */
export function StepQueue(p: StepProps) {
  const { values: v, onChange } = p;
  const s = v.settings;
  return (
    <Stack gap="md">
      <Switch
        label="Mostrar ao cliente a posição dele na fila"
        checked={s.hasQueue}
        onChange={(e) => onChange(withSettings(v, { hasQueue: e.currentTarget.checked }))}
      />
      {s.hasQueue ? (
        <>
          <Textarea
            label="Mensagem de fila"
            withAsterisk
            autosize
            minRows={2}
            placeholder={`Você é o ${NEWCHAT_QUEUE_PLACEHOLDER}º da fila. Em instantes um atendente vai falar com você.`}
            description={`Use ${NEWCHAT_QUEUE_PLACEHOLDER} onde a posição deve aparecer; ela é atualizada enquanto o cliente espera.`}
            value={s.queueMessage}
            onChange={(e) => onChange(withSettings(v, { queueMessage: e.currentTarget.value }))}
            error={errorOf(p, 'queueMessage')}
          />
          {s.queueMessage.includes(NEWCHAT_QUEUE_PLACEHOLDER) ? (
            <Text size="sm" c="dimmed">
              Exemplo: {queueText(s.queueMessage, 3)}
            </Text>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}

/** Step 4: the terms of use the visitor accepts before starting (a text, or a PDF with its title). */
export function StepTerms(p: StepProps & { channelId: number | null }) {
  const { values: v, onChange } = p;
  const s = v.settings;
  const upload = useUploadNewchatFile();
  return (
    <Stack gap="md">
      <Switch
        label="Exigir aceite dos termos de uso"
        checked={s.hasTermsOfUse}
        onChange={(e) => onChange(withSettings(v, { hasTermsOfUse: e.currentTarget.checked }))}
      />
      {s.hasTermsOfUse ? (
        <>
          <SegmentedControl
            aria-label="Tipo dos termos de uso"
            value={s.termsOfUseType}
            onChange={(x) => onChange(withSettings(v, { termsOfUseType: x === 'file' ? 'file' : 'text' }))}
            data={[
              { value: 'text', label: 'Texto' },
              { value: 'file', label: 'Arquivo PDF' },
            ]}
            w={260}
          />
          {s.termsOfUseType === 'text' ? (
            <Textarea
              label="Texto dos termos de uso"
              withAsterisk
              autosize
              minRows={5}
              value={s.termsOfUseText}
              onChange={(e) => onChange(withSettings(v, { termsOfUseText: e.currentTarget.value }))}
              error={errorOf(p, 'termsOfUseText')}
            />
          ) : (
            <>
              <TextInput
                label="Título dos termos de uso"
                withAsterisk
                value={s.termsOfUseTitle}
                onChange={(e) => onChange(withSettings(v, { termsOfUseTitle: e.currentTarget.value }))}
                error={errorOf(p, 'termsOfUseTitle')}
              />
              <Group>
                <FileButton
                  accept="application/pdf"
                  onChange={(file) =>
                    file &&
                    p.channelId !== null &&
                    upload.mutate(
                      { id: p.channelId, kind: 'pdf', file },
                      { onSuccess: (r) => onChange(withSettings(v, { termsOfUseFile: r.url })) },
                    )
                  }
                >
                  {(props) => (
                    <Button
                      {...props}
                      variant="default"
                      leftSection={<IconUpload size={14} />}
                      loading={upload.isPending}
                    >
                      Enviar PDF
                    </Button>
                  )}
                </FileButton>
                {s.termsOfUseFile ? (
                  <Anchor href={s.termsOfUseFile} target="_blank" rel="noopener" size="sm">
                    {s.termsOfUseTitle || 'Termos de uso'}
                  </Anchor>
                ) : (
                  <Text size="sm" c="dimmed">
                    Nenhum arquivo enviado.
                  </Text>
                )}
              </Group>
            </>
          )}
        </>
      ) : null}
    </Stack>
  );
}
