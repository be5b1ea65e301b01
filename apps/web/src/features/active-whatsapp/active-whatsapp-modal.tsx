import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  ACTIVE_CHANNEL_LABEL,
  activePhone,
  DEFAULT_DDI,
  HSM_MSG,
  missingParams,
  type TActiveMedia,
} from '@prosa/shared/hsm';
import { ROLE } from '@prosa/shared/roles';
import { IconAlertCircle, IconBrandWhatsapp } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { openAttendance } from '../../lib/attendance-cache';
import { toast } from '../../lib/toast';
import { useCurrentUser } from '../auth/session-context';
import { TemplateFields } from '../hsm/template-fields';
import {
  useActiveWhatsappOptions,
  useCreateActiveWaweb,
  useCreateActiveWhatsapp,
  useTotalActiveToday,
} from './api';
import { HeaderMediaPicker } from './header-media-picker';
import { WebMessageFields } from './web-message-fields';

const digits = (s: string) => s.replace(/\D/g, '');

/** The "WhatsApp ativo" button of the chat screen: shown to whoever may start conversations. */
export function ActiveWhatsappButton() {
  const options = useActiveWhatsappOptions();
  const [opened, setOpened] = useState(false);
  if (!options.data?.allowed) return null;
  return (
    <>
      <Button
        variant="light"
        color="teal"
        leftSection={<IconBrandWhatsapp size={16} />}
        onClick={() => {
          if (options.data?.channels.length === 0) toast.warning(HSM_MSG.noChannels);
          else setOpened(true);
        }}
      >
        WhatsApp ativo
      </Button>
      <ActiveWhatsappModal opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

/** What a caller already knows (a contact's phone and the number chosen for it). */
export type TActivePreset = { ddi: string; phone: string; channelId: number | null };

type ModalProps = {
  opened: boolean;
  onClose: () => void;
  preset?: TActivePreset;
  /** After the attendance is opened (the chat shows it). */
  onDone?: (cardId: number) => void;
};

export function ActiveWhatsappModal({ opened, onClose, preset, onDone }: ModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="WhatsApp ativo" size={640} closeOnClickOutside={false}>
      {opened ? <ActiveWhatsappForm onClose={onClose} preset={preset} onDone={onDone} /> : null}
    </Modal>
  );
}

function ActiveWhatsappForm({ onClose, preset, onDone }: Omit<ModalProps, 'opened'>) {
  const me = useCurrentUser();
  const options = useActiveWhatsappOptions();
  const total = useTotalActiveToday(true);
  const create = useCreateActiveWhatsapp();
  const createWeb = useCreateActiveWaweb();
  const [channelId, setChannelId] = useState<number | null>(preset?.channelId ?? null);
  const [ddi, setDdi] = useState(preset?.ddi ?? DEFAULT_DDI);
  const [phone, setPhone] = useState(preset?.phone ?? '');
  const [templateId, setTemplateId] = useState<number | null>(null);
  const [values, setValues] = useState<string[]>([]);
  const [sectorId, setSectorId] = useState<number | null>(() => {
    const ch = options.data?.channels.find((c) => c.id === preset?.channelId);
    return ch && options.data?.sectors.some((s) => s.id === ch.sector_id) ? ch.sector_id : null;
  });
  const [responsibleId, setResponsibleId] = useState<number | null>(me.id);
  const [media, setMedia] = useState<{ key: string; name: string } | null>(null);
  const [message, setMessage] = useState('');
  const [webMedia, setWebMedia] = useState<TActiveMedia | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const data = options.data;

  // One channel: chosen already, with its sector.
  useEffect(() => {
    const only = data?.channels.length === 1 ? data.channels[0] : undefined;
    if (only && channelId === null) {
      setChannelId(only.id);
      if (data?.sectors.some((s) => s.id === only.sector_id)) setSectorId(only.sector_id);
    }
  }, [data, channelId]);

  if (options.isPending) return <Loader size="sm" aria-label="Carregando" />;
  if (options.isError || !data)
    return (
      <Alert color="red" icon={<IconAlertCircle />}>
        {errorMessage(options.error, HSM_MSG.channelsError)}
      </Alert>
    );

  const channel = data.channels.find((c) => c.id === channelId) ?? null;
  // A number by QR code sends a free text (and a file); an Enterprise one, a template.
  const isWeb = channel?.kind === 'waweb';
  const template = data.templates.find((t) => t.id === templateId) ?? null;
  const mediaType = template?.header_type && template.header_type !== 'text' ? template.header_type : null;
  const responsibles = data.operators.filter((o) => sectorId === null || o.sector_ids.includes(sectorId));

  const done = (r: { card: { id: number } }) => {
    onClose();
    // The new attendance opens in the chat.
    openAttendance.open(r.card.id);
    onDone?.(r.card.id);
  };

  const submitWeb = (id: number, sector: number) => {
    if (!message.trim()) return setError(HSM_MSG.required);
    if (!activePhone(ddi, phone)) return setError(HSM_MSG.invalidPhone);
    setError(null);
    createWeb.mutate(
      {
        channelId: id,
        body: {
          ddi: digits(ddi),
          phone: digits(phone),
          message,
          media: webMedia,
          sector_id: sector,
          responsible_user_id: responsibleId,
        },
      },
      { onSuccess: done },
    );
  };

  const submit = () => {
    if (channelId === null || !phone.trim() || !digits(ddi) || digits(ddi) === '0' || !sectorId)
      return setError(HSM_MSG.required);
    if (isWeb) return submitWeb(channelId, sectorId);
    if (!template) return setError(HSM_MSG.required);
    if (!activePhone(ddi, phone)) return setError(HSM_MSG.invalidPhone);
    const missing = missingParams(template.template, values);
    if (missing.length > 0) return setError(HSM_MSG.required);
    setError(null);
    create.mutate(
      {
        channelId,
        body: {
          ddi: digits(ddi),
          phone: digits(phone),
          template_id: template.id,
          parameters: values,
          header_media_key: media?.key ?? null,
          sector_id: sectorId,
          responsible_user_id: responsibleId,
        },
      },
      { onSuccess: done },
    );
  };

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Canal"
          placeholder="Selecione"
          required
          data={data.channels.map((c) => ({
            value: String(c.id),
            label: c.kind === 'waweb' ? `${c.name} (${ACTIVE_CHANNEL_LABEL.waweb})` : c.name,
          }))}
          value={channelId === null ? null : String(channelId)}
          onChange={(v) => {
            const id = v === null ? null : Number(v);
            setChannelId(id);
            setError(null);
            const ch = data.channels.find((c) => c.id === id);
            if (ch && data.sectors.some((s) => s.id === ch.sector_id)) setSectorId(ch.sector_id);
          }}
        />
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            label="DDI"
            required
            w={80}
            value={ddi}
            onChange={(e) => {
              setDdi(digits(e.currentTarget.value).slice(0, 4));
              setError(null);
            }}
          />
          <TextInput
            label="Telefone"
            required
            style={{ flex: 1 }}
            placeholder="11987654321"
            inputMode="numeric"
            value={phone}
            onChange={(e) => {
              setPhone(digits(e.currentTarget.value).slice(0, 15));
              setError(null);
            }}
          />
        </Group>
      </SimpleGrid>
      {isWeb ? (
        <WebMessageFields
          message={message}
          onMessage={(v) => {
            setMessage(v);
            setError(null);
          }}
          media={webMedia}
          onMedia={setWebMedia}
          onUploading={setUploading}
        />
      ) : (
        <TemplateFields
          templates={data.templates}
          templateId={templateId}
          values={values}
          onTemplate={(id) => {
            setTemplateId(id);
            setMedia(null);
          }}
          onValues={setValues}
        />
      )}
      {mediaType && !isWeb ? (
        <HeaderMediaPicker mediaType={mediaType} media={media} onMedia={setMedia} />
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Setor"
          placeholder="Selecione"
          required
          data={data.sectors.map((s) => ({ value: String(s.id), label: s.name }))}
          value={sectorId === null ? null : String(sectorId)}
          onChange={(v) => setSectorId(v === null ? null : Number(v))}
        />
        <Select
          label="Responsável"
          data={responsibles.map((o) => ({ value: String(o.id), label: o.name }))}
          value={responsibleId === null ? null : String(responsibleId)}
          onChange={(v) => setResponsibleId(v === null ? me.id : Number(v))}
          disabled={me.role < ROLE.manager}
          allowDeselect={false}
        />
      </SimpleGrid>
      {error ? (
        <Alert color="yellow" icon={<IconAlertCircle />} role="alert">
          {error}
        </Alert>
      ) : null}
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="active-total">
          Ativos enviados hoje: {total.data?.total ?? data.total_today}
        </Text>
        <Group gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button
            leftSection={<IconBrandWhatsapp size={16} />}
            loading={create.isPending || createWeb.isPending}
            disabled={uploading}
            onClick={submit}
          >
            Enviar
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
