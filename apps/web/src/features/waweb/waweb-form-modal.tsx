import {
  Button,
  Divider,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { type TWawebChannel, type TWawebInput, ZWawebInput } from '@prosa/shared/waweb';
import { zodValidate } from '../../lib/zod-form';
import type { TSector } from '../sectors/api';

type Props = {
  /** null: closed; 'new': creating; a number: editing it. */
  target: TWawebChannel | 'new' | null;
  sectors: TSector[];
  saving: boolean;
  onSave: (id: number | null, body: TWawebInput) => void;
  onClose: () => void;
};

/** The form holds the pacing in seconds (what a person thinks in); the API takes milliseconds. */
export type TWawebFormValues = {
  name: string;
  sector_id: string | null;
  phone_number: string;
  allow_groups: boolean;
  min_interval_s: number | string;
  jitter_s: number | string;
  presence: boolean;
};

export function formValuesFrom(c: TWawebChannel | null): TWawebFormValues {
  return {
    name: c?.name ?? '',
    sector_id: c ? String(c.sector_id) : null,
    phone_number: c?.phone_number ?? '',
    allow_groups: c?.allow_groups ?? false,
    min_interval_s: (c?.pacing.min_interval_ms ?? 1500) / 1000,
    jitter_s: (c?.pacing.jitter_ms ?? 1500) / 1000,
    presence: c?.pacing.presence ?? true,
  };
}

const toMs = (seconds: number | string) => Math.round(Number(seconds || 0) * 1000);

export function toWawebBody(v: TWawebFormValues): TWawebInput {
  return {
    name: v.name,
    // A missing sector is left to the schema, whose message is the one shown.
    sector_id: v.sector_id ? Number(v.sector_id) : (undefined as unknown as number),
    phone_number: v.phone_number,
    allow_groups: v.allow_groups,
    pacing: { min_interval_ms: toMs(v.min_interval_s), jitter_ms: toMs(v.jitter_s), presence: v.presence },
  };
}

// Schema paths of the body → the form's field names.
const FIELD_OF: Record<string, keyof TWawebFormValues> = {
  'pacing.min_interval_ms': 'min_interval_s',
  'pacing.jitter_ms': 'jitter_s',
  'pacing.presence': 'presence',
};

function validate(values: TWawebFormValues) {
  const errors = zodValidate(ZWawebInput, toWawebBody)(values);
  return Object.fromEntries(
    Object.entries(errors).map(([path, message]) => [FIELD_OF[path] ?? path, message]),
  );
}

export function WawebFormModal({ target, ...props }: Props) {
  const editing = target !== null && target !== 'new' ? target : null;
  return (
    <Modal
      opened={target !== null}
      onClose={props.onClose}
      title={editing ? `Editar número — ${editing.name}` : 'Novo número de WhatsApp'}
      size="lg"
      closeOnClickOutside={false}
    >
      {target !== null ? <WawebForm key={editing?.id ?? 'new'} channel={editing} {...props} /> : null}
    </Modal>
  );
}

function WawebForm(props: Omit<Props, 'target'> & { channel: TWawebChannel | null }) {
  const form = useForm<TWawebFormValues>({
    mode: 'controlled',
    initialValues: formValuesFrom(props.channel),
    validate,
  });
  const sectors = [...props.sectors]
    .sort((a, b) => a.position - b.position)
    .map((s) => ({ value: String(s.id), label: s.name }));

  return (
    <form noValidate onSubmit={form.onSubmit((v) => props.onSave(props.channel?.id ?? null, toWawebBody(v)))}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Nome"
            withAsterisk
            maxLength={80}
            data-autofocus
            {...form.getInputProps('name')}
          />
          <Select
            label="Setor"
            description="Onde caem os atendimentos deste número"
            withAsterisk
            placeholder="Selecione"
            data={sectors}
            searchable
            nothingFoundMessage="Nenhum setor encontrado"
            {...form.getInputProps('sector_id')}
          />
        </SimpleGrid>
        <TextInput
          label="Número do aparelho"
          description="Opcional. O número do aparelho que vai ler o QR, com DDI e DDD (ex.: 5511999990000)."
          placeholder="5511999990000"
          inputMode="numeric"
          maxLength={20}
          {...form.getInputProps('phone_number')}
        />
        <Switch
          label="Receber mensagens de grupos"
          description="Desligado, as mensagens de grupos do WhatsApp são ignoradas."
          {...form.getInputProps('allow_groups', { type: 'checkbox' })}
        />
        <Divider label="Ritmo de envio" labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NumberInput
            label="Intervalo mínimo (segundos)"
            description="Tempo mínimo entre duas mensagens enviadas."
            min={0}
            max={60}
            step={0.5}
            decimalScale={1}
            {...form.getInputProps('min_interval_s')}
          />
          <NumberInput
            label="Variação aleatória (segundos)"
            description="Até quanto tempo a mais, sorteado a cada envio."
            min={0}
            max={60}
            step={0.5}
            decimalScale={1}
            {...form.getInputProps('jitter_s')}
          />
        </SimpleGrid>
        <Switch
          label="Mostrar “digitando…” antes de enviar"
          description="Como uma pessoa faria; reduz o risco de bloqueio do número."
          {...form.getInputProps('presence', { type: 'checkbox' })}
        />
      </Stack>
      <Group justify="flex-end" mt="xl" gap="sm">
        <Button variant="default" onClick={props.onClose} disabled={props.saving}>
          Cancelar
        </Button>
        <Button type="submit" loading={props.saving}>
          Salvar
        </Button>
      </Group>
    </form>
  );
}
