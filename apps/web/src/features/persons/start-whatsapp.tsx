import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Radio,
  Select,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { ACTIVE_CHANNEL_LABEL, activePhone, DEFAULT_DDI, HSM_MSG } from '@prosa/shared/hsm';
import { isMasked, PERSON_MSG, type TPersonView } from '@prosa/shared/person';
import { IconAlertCircle, IconBrandWhatsapp } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ActiveWhatsappModal, type TActivePreset } from '../active-whatsapp/active-whatsapp-modal';
import { useActiveWhatsappOptions } from '../active-whatsapp/api';
import { displayPhone, personTitle } from './person-format';

type Person = Pick<TPersonView, 'id' | 'name' | 'edited_name' | 'phones'>;
const LABEL = 'Iniciar conversa no WhatsApp';

/**
 * "Iniciar conversa no WhatsApp" from a contact (spec 3 §2 phone selection modal): pick one of the contact's
 * phones and the WhatsApp number (Enterprise or by QR code), then the active WhatsApp form, prefilled, does
 * the rest through its own calls and rules. Shown only to whoever may send active messages.
 */
export function StartWhatsapp({ person, compact = false }: { person: Person; compact?: boolean }) {
  const options = useActiveWhatsappOptions();
  const navigate = useNavigate();
  const [choosing, setChoosing] = useState(false);
  const [preset, setPreset] = useState<TActivePreset | null>(null);
  if (!options.data?.allowed) return null;
  const open = () => setChoosing(true);
  return (
    <>
      {compact ? (
        <Tooltip label={LABEL}>
          <ActionIcon
            variant="subtle"
            color="teal"
            aria-label={`${LABEL}: ${personTitle(person).main}`}
            onClick={(e) => {
              // The row itself opens the contact.
              e.stopPropagation();
              open();
            }}
            onKeyDown={(e) => e.stopPropagation()}
          >
            <IconBrandWhatsapp size={18} />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Button variant="light" color="teal" leftSection={<IconBrandWhatsapp size={16} />} onClick={open}>
          {LABEL}
        </Button>
      )}
      <Modal opened={choosing} onClose={() => setChoosing(false)} title={LABEL} size={480}>
        {choosing ? (
          <PhoneChoice
            person={person}
            onCancel={() => setChoosing(false)}
            onChoose={(p) => {
              setChoosing(false);
              setPreset(p);
            }}
          />
        ) : null}
      </Modal>
      <ActiveWhatsappModal
        opened={preset !== null}
        preset={preset ?? undefined}
        onClose={() => setPreset(null)}
        onDone={() => navigate('/chat')}
      />
    </>
  );
}

function PhoneChoice(props: { person: Person; onCancel: () => void; onChoose: (p: TActivePreset) => void }) {
  const options = useActiveWhatsappOptions();
  const phones = props.person.phones;
  const first = phones.find((p) => p.is_whatsapp) ?? phones[0];
  const [index, setIndex] = useState(first ? String(phones.indexOf(first)) : null);
  const channels = options.data?.channels ?? [];
  const [channelId, setChannelId] = useState<string | null>(
    channels.length === 1 && channels[0] ? String(channels[0].id) : null,
  );
  const [error, setError] = useState<string | null>(null);

  if (phones.length === 0)
    return (
      <Stack gap="md">
        <Alert color="yellow" variant="light" icon={<IconAlertCircle />} role="alert">
          {PERSON_MSG.noPhone}
        </Alert>
        <Text size="sm" c="dimmed">
          Cadastre um telefone nos dados do contato para iniciar uma conversa.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            Fechar
          </Button>
        </Group>
      </Stack>
    );

  const masked = phones.every((p) => isMasked(p.phone));
  const next = () => {
    const chosen = index === null ? undefined : phones[Number(index)];
    if (!chosen || !channelId) return setError(HSM_MSG.required);
    const target = activePhone(DEFAULT_DDI, chosen.phone);
    if (!target) return setError(HSM_MSG.invalidPhone);
    props.onChoose({ ddi: target.ddi, phone: target.number, channelId: Number(channelId) });
  };

  return (
    <Stack gap="md">
      <Radio.Group
        label="Telefone"
        description={`Para qual número de ${personTitle(props.person).main} enviar`}
        value={index}
        onChange={(v) => {
          setIndex(v);
          setError(null);
        }}
      >
        <Stack gap="xs" mt="xs">
          {phones.map((p, i) => (
            <Radio
              key={p.phone}
              value={String(i)}
              disabled={isMasked(p.phone)}
              label={
                <Group gap={6}>
                  {displayPhone(p.phone)}
                  {p.is_whatsapp ? (
                    <Badge size="xs" color="teal" variant="light">
                      WhatsApp
                    </Badge>
                  ) : null}
                </Group>
              }
            />
          ))}
        </Stack>
      </Radio.Group>
      {masked ? (
        <Alert color="yellow" variant="light" icon={<IconAlertCircle />}>
          Os telefones deste contato estão ocultos para o seu perfil; peça a um gestor para iniciar a
          conversa.
        </Alert>
      ) : null}
      {channels.length === 0 ? (
        <Alert color="yellow" variant="light" icon={<IconAlertCircle />}>
          {HSM_MSG.noChannels}
        </Alert>
      ) : (
        <Select
          label="Canal"
          placeholder="Selecione"
          required
          data={channels.map((c) => ({
            value: String(c.id),
            label: `${c.name} (${ACTIVE_CHANNEL_LABEL[c.kind]})`,
          }))}
          value={channelId}
          allowDeselect={false}
          onChange={(v) => {
            setChannelId(v);
            setError(null);
          }}
        />
      )}
      {error ? (
        <Alert color="yellow" icon={<IconAlertCircle />} role="alert">
          {error}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={props.onCancel}>
          Cancelar
        </Button>
        <Button onClick={next} disabled={masked || channels.length === 0}>
          Continuar
        </Button>
      </Group>
    </Stack>
  );
}
