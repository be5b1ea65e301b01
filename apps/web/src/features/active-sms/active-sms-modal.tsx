import {
  Alert,
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { MSG } from '@prosa/shared/messages';
import {
  ACTIVE_SMS_MAX,
  maskPhone,
  SMS_MSG,
  type TActiveSmsChannel,
  type TActiveSmsInput,
  ZActiveSmsInput,
} from '@prosa/shared/sms';
import { IconAlertTriangle, IconMessage2 } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useActiveSmsOptions, useCreateActiveSms } from './api';

/** "SMS ativo" next to the other active modals: shown when the company has an SMS channel to send from. */
export function ActiveSmsButton() {
  const options = useActiveSmsOptions();
  const [opened, setOpened] = useState(false);
  if (!options.data || options.data.channels.length === 0) return null;
  const allowed = options.data.allowed;
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconMessage2 size={16} />}
        // Spec 1 §5: a manager cannot start active SMS.
        onClick={() => (allowed ? setOpened(true) : toast.error(MSG.forbidden))}
      >
        SMS ativo
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title="SMS ativo"
        size={560}
        closeOnClickOutside={false}
      >
        {opened ? (
          <ActiveSmsForm
            channels={options.data.channels}
            sectors={options.data.sectors}
            onClose={() => setOpened(false)}
          />
        ) : null}
      </Modal>
    </>
  );
}

type Errors = Partial<Record<keyof TActiveSmsInput, string>>;

const channelValue = (c: TActiveSmsChannel) => `${c.kind}:${c.id}`;

function ActiveSmsForm(props: {
  channels: TActiveSmsChannel[];
  sectors: { id: number; name: string }[];
  onClose: () => void;
}) {
  const create = useCreateActiveSms();
  const only = props.channels.length === 1 ? props.channels[0] : undefined;
  const [channel, setChannel] = useState<string | null>(only ? channelValue(only) : null);
  const [ddi, setDdi] = useState('55');
  const [phone, setPhone] = useState('');
  const [message, setMessage] = useState('');
  const [sectorId, setSectorId] = useState<string | null>(
    props.sectors.length === 1 ? String(props.sectors[0]?.id) : null,
  );
  const [errors, setErrors] = useState<Errors>({});
  const [warning, setWarning] = useState<string | null>(null);
  const chosen = props.channels.find((c) => channelValue(c) === channel);

  const submit = async () => {
    setWarning(null);
    const draft = {
      channel_id: chosen?.id,
      phone_number_ddi: ddi,
      phone_number: phone.replace(/\D/g, ''),
      message,
      sector_id: sectorId ? Number(sectorId) : undefined,
      is_new_channel: chosen?.is_new_channel ?? true,
    };
    const parsed = ZActiveSmsInput.safeParse(draft);
    const found: Errors = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) as keyof TActiveSmsInput;
        found[key] ??= issue.message;
      }
    setErrors(found);
    if (!parsed.success) {
      const tooLong = message.trim().length > ACTIVE_SMS_MAX;
      toast.error(tooLong ? SMS_MSG.activeTooLong : SMS_MSG.activeRequired);
      return;
    }
    try {
      const result = await create.mutateAsync(parsed.data);
      if (result.sent) {
        toast.success('SMS enviado.');
        props.onClose();
      } else setWarning(result.error ?? SMS_MSG.brokerRefused);
    } catch (error) {
      // A 401 or 403 says the same as the manager's refusal (spec 1 §5).
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        toast.error(MSG.forbidden);
        return;
      }
      setWarning(errorMessage(error, MSG.genericError) ?? MSG.genericError);
    }
  };

  const left = ACTIVE_SMS_MAX - message.length;
  return (
    <Stack gap="sm">
      <Select
        label="Canal"
        withAsterisk
        placeholder="Selecione"
        data={props.channels.map((c) => ({
          value: channelValue(c),
          label: `${c.name} (${c.kind === 'smart' ? 'Smart' : c.gateway})`,
        }))}
        value={channel}
        onChange={setChannel}
        error={errors.channel_id}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label="DDI"
          value={ddi}
          maxLength={4}
          onChange={(e) => {
            const d = e.currentTarget.value.replace(/\D/g, '');
            setDdi(d);
            setPhone((p) => maskPhone(d, p));
          }}
          error={errors.phone_number_ddi}
        />
        <TextInput
          label="Telefone"
          withAsterisk
          placeholder={ddi === '55' ? '(11) 91234-5678' : 'Somente números'}
          style={{ gridColumn: 'span 2' }}
          value={phone}
          onChange={(e) => setPhone(maskPhone(ddi, e.currentTarget.value))}
          error={errors.phone_number}
        />
      </SimpleGrid>
      <Select
        label="Setor"
        withAsterisk
        placeholder="Selecione"
        data={props.sectors.map((s) => ({ value: String(s.id), label: s.name }))}
        value={sectorId}
        onChange={setSectorId}
        error={errors.sector_id}
      />
      <Textarea
        label="Mensagem"
        withAsterisk
        autosize
        minRows={3}
        maxRows={6}
        value={message}
        onChange={(e) => setMessage(e.currentTarget.value)}
        error={errors.message}
      />
      <Text size="xs" c={left < 0 ? 'red' : 'dimmed'} ta="right">
        {`${message.length}/${ACTIVE_SMS_MAX} caracteres`}
      </Text>
      {warning ? (
        <Alert color="yellow" icon={<IconAlertTriangle />} title="Alerta!">
          {warning}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={props.onClose} disabled={create.isPending}>
          Cancelar
        </Button>
        <Button onClick={() => void submit()} loading={create.isPending}>
          Enviar
        </Button>
      </Group>
    </Stack>
  );
}
