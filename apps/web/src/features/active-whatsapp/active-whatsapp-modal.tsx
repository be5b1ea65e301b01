import {
  Alert,
  Button,
  FileButton,
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
  activePhone,
  DEFAULT_DDI,
  HSM_MEDIA_LIMITS,
  HSM_MSG,
  hsmMediaError,
  missingParams,
} from '@prosa/shared/hsm';
import { ROLE } from '@prosa/shared/roles';
import { IconAlertCircle, IconBrandWhatsapp, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { openAttendance } from '../../lib/attendance-cache';
import { toast } from '../../lib/toast';
import { useCurrentUser } from '../auth/session-context';
import { useUploadHsmMedia } from '../hsm/api';
import { TemplateFields } from '../hsm/template-fields';
import { useActiveWhatsappOptions, useCreateActiveWhatsapp, useTotalActiveToday } from './api';

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

export function ActiveWhatsappModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="WhatsApp ativo" size={640} closeOnClickOutside={false}>
      {opened ? <ActiveWhatsappForm onClose={onClose} /> : null}
    </Modal>
  );
}

function ActiveWhatsappForm({ onClose }: { onClose: () => void }) {
  const me = useCurrentUser();
  const options = useActiveWhatsappOptions();
  const total = useTotalActiveToday(true);
  const create = useCreateActiveWhatsapp();
  const upload = useUploadHsmMedia();
  const [channelId, setChannelId] = useState<number | null>(null);
  const [ddi, setDdi] = useState(DEFAULT_DDI);
  const [phone, setPhone] = useState('');
  const [templateId, setTemplateId] = useState<number | null>(null);
  const [values, setValues] = useState<string[]>([]);
  const [sectorId, setSectorId] = useState<number | null>(null);
  const [responsibleId, setResponsibleId] = useState<number | null>(me.id);
  const [media, setMedia] = useState<{ key: string; name: string } | null>(null);
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

  const template = data.templates.find((t) => t.id === templateId) ?? null;
  const mediaType = template?.header_type && template.header_type !== 'text' ? template.header_type : null;
  const responsibles = data.operators.filter((o) => sectorId === null || o.sector_ids.includes(sectorId));

  const submit = () => {
    if (channelId === null || !phone.trim() || !digits(ddi) || digits(ddi) === '0' || !template || !sectorId)
      return setError(HSM_MSG.required);
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
      {
        onSuccess: (r) => {
          onClose();
          // The new attendance opens in the chat.
          openAttendance.open(r.card.id);
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Canal"
          placeholder="Selecione"
          required
          data={data.channels.map((c) => ({ value: String(c.id), label: c.name }))}
          value={channelId === null ? null : String(channelId)}
          onChange={(v) => {
            const id = v === null ? null : Number(v);
            setChannelId(id);
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
      {mediaType ? (
        <Group gap="xs">
          <FileButton
            accept={HSM_MEDIA_LIMITS[mediaType].accept}
            onChange={(file) => {
              if (!file) return;
              const refused = hsmMediaError(mediaType, file.type, file.size);
              if (refused) return toast.warning(refused);
              upload.mutate(
                { headerType: mediaType, file },
                { onSuccess: (r) => setMedia({ key: r.key, name: file.name }) },
              );
            }}
          >
            {(p) => (
              <Button
                {...p}
                variant="light"
                leftSection={<IconUpload size={16} />}
                loading={upload.isPending}
              >
                Mídia do cabeçalho (opcional)
              </Button>
            )}
          </FileButton>
          <Text size="sm" c="dimmed">
            {media?.name ?? 'Sem mídia: usa a do modelo.'}
          </Text>
        </Group>
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
          <Button leftSection={<IconBrandWhatsapp size={16} />} loading={create.isPending} onClick={submit}>
            Enviar
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
