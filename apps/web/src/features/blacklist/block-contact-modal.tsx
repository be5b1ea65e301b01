import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import {
  ALL_CHANNELS_LABEL,
  BLACKLIST_LIMITS,
  isEmailPrefix,
  isPhonePrefix,
  maskPhone,
  type TBlockChannels,
  ZBlockInput,
} from '@prosa/shared/blacklist';
import { useState } from 'react';
import { useBlockContact } from './api';

type Errors = Partial<Record<'prefix' | 'contact' | 'description' | 'channel_id', string>>;

const ALL = 'all';

/** "Bloquear contato" (spec 3 §5): channel type and channel (or all), contact with its mask or e-mail, reason. */
export function BlockContactModal(props: {
  opened: boolean;
  onClose: () => void;
  options: TBlockChannels | undefined;
}) {
  const block = useBlockContact();
  const [prefix, setPrefix] = useState<string | null>(null);
  const [channel, setChannel] = useState<string>(ALL);
  const [contact, setContact] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const channels = (props.options?.channels ?? []).filter((c) => c.kind === prefix);
  const phone = prefix !== null && isPhonePrefix(prefix);
  const email = prefix !== null && isEmailPrefix(prefix);

  const close = () => {
    setPrefix(null);
    setChannel(ALL);
    setContact('');
    setDescription('');
    setErrors({});
    props.onClose();
  };
  const submit = async () => {
    const parsed = ZBlockInput.safeParse({
      prefix: prefix ?? undefined,
      channel_id: channel === ALL ? null : Number(channel),
      contact,
      description,
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'contact') as keyof Errors;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    try {
      await block.mutateAsync(parsed.data);
      close();
    } catch {
      // The toast says why (the server's text).
    }
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Fechar' }}
      opened={props.opened}
      onClose={close}
      title="Bloquear contato"
      centered
    >
      <form
        aria-label="Bloquear contato"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Select
            label="Tipo de canal"
            placeholder="Selecione"
            withAsterisk
            data={props.options?.prefixes ?? []}
            value={prefix}
            onChange={(v) => {
              setPrefix(v);
              setChannel(ALL);
              setContact('');
              setErrors((e) => ({ ...e, prefix: undefined, contact: undefined }));
            }}
            error={errors.prefix}
            nothingFoundMessage="Nenhum canal cadastrado"
            allowDeselect={false}
          />
          <Select
            label="Canal"
            data={[
              { value: ALL, label: ALL_CHANNELS_LABEL },
              ...channels.map((c) => ({ value: String(c.id), label: c.name })),
            ]}
            value={channel}
            onChange={(v) => setChannel(v ?? ALL)}
            disabled={prefix === null}
            error={errors.channel_id}
            allowDeselect={false}
          />
          <TextInput
            label="Contato"
            withAsterisk
            placeholder={
              phone ? '(11) 98765-4321' : email ? 'nome@exemplo.com.br' : 'Identificador do contato'
            }
            inputMode={phone ? 'tel' : email ? 'email' : 'text'}
            maxLength={BLACKLIST_LIMITS.contact}
            value={contact}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setContact(phone ? maskPhone(v) : v);
              setErrors((x) => ({ ...x, contact: undefined }));
            }}
            error={errors.contact}
            disabled={prefix === null}
          />
          <Textarea
            label="Motivo"
            withAsterisk
            autosize
            minRows={3}
            maxLength={BLACKLIST_LIMITS.description}
            value={description}
            onChange={(e) => {
              setDescription(e.currentTarget.value);
              setErrors((x) => ({ ...x, description: undefined }));
            }}
            error={errors.description}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancelar
            </Button>
            <Button type="submit" color="red" loading={block.isPending}>
              Bloquear
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
