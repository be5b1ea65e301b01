import { Alert, Button, Group, Loader, Stack } from '@mantine/core';
import { HSM_MSG, missingParams } from '@prosa/shared/hsm';
import { IconAlertCircle, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useActiveWhatsappOptions } from '../active-whatsapp/api';
import { useSendHsm } from './api';
import { TemplateFields } from './template-fields';

type Props = {
  channelId: number;
  /** The open attendance to send into (send-hsm). */
  attendanceId?: number;
  onSent?: () => void;
};

/**
 * The template picker of a WhatsApp Enterprise conversation: when the 24-hour window is closed only an
 * approved template may be sent. Choose it, fill its parameters, check the preview, send.
 */
export function HsmPicker({ channelId, attendanceId, onSent }: Props) {
  const options = useActiveWhatsappOptions();
  const send = useSendHsm();
  const [templateId, setTemplateId] = useState<number | null>(null);
  const [values, setValues] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const templates = options.data?.templates ?? [];
  const template = templates.find((t) => t.id === templateId) ?? null;

  if (options.isPending) return <Loader size="sm" aria-label="Carregando modelos" />;
  if (options.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle />}>
        {errorMessage(options.error, HSM_MSG.loadError)}
      </Alert>
    );

  const submit = () => {
    if (!template) return setError(HSM_MSG.required);
    const missing = missingParams(template.template, values);
    if (missing.length > 0) return setError(HSM_MSG.missingParams(missing));
    setError(null);
    if (attendanceId === undefined) return;
    send.mutate(
      { attendanceId, template_id: template.id, parameters: values },
      {
        onSuccess: (r) => {
          if (r.sent) toast.success('Mensagem enviada com sucesso!');
          else toast.error(HSM_MSG.sendError);
          setTemplateId(null);
          setValues([]);
          onSent?.();
        },
      },
    );
  };

  return (
    <Stack gap="sm" data-channel-id={channelId}>
      <TemplateFields
        templates={templates}
        templateId={templateId}
        values={values}
        onTemplate={setTemplateId}
        onValues={setValues}
        error={error}
      />
      <Group justify="flex-end">
        <Button leftSection={<IconSend size={16} />} loading={send.isPending} onClick={submit}>
          Enviar modelo
        </Button>
      </Group>
    </Stack>
  );
}
