import { Alert, Checkbox, Select, Stack, Text, Textarea } from '@mantine/core';
import { MAILING_STATE_LABEL, SECTOR_COLUMN } from '@prosa/shared/mailing';
import { TRIGGER_MESSAGE_MAX } from '@prosa/shared/triggers';
import { useContactFieldDefinitions } from '../contact-fields/api';
import { useMailingOptions } from '../mailing/api';

type Props = {
  kind: 'mailing_validation' | 'mailing_sector_transfer';
  label: string;
  params: Record<string, unknown>;
  onChange: (params: Record<string, unknown>) => void;
  errors: Record<string, string>;
  readOnly: boolean;
};

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * The mailing triggers' fields (spec 2 §5): the mailing (only active ones in period are offered; the chosen one is
 * kept with its state), the column the answer is looked up in, the messages and the contact field to save into.
 */
export function MailingTriggerFields({ kind, label, params, onChange, errors, readOnly }: Props) {
  const mailings = useMailingOptions();
  const fields = useContactFieldDefinitions();
  const set = (name: string, value: unknown) => onChange({ ...params, [name]: value });
  const chosenId = typeof params.mailing_id === 'number' ? params.mailing_id : null;
  const list = mailings.data ?? [];
  const chosen = list.find((m) => m.id === chosenId) ?? null;
  const options = list
    .filter((m) => m.state === 'active' || m.id === chosenId)
    .map((m) => ({
      value: String(m.id),
      label: m.state === 'active' ? m.title : `${m.title} (${MAILING_STATE_LABEL[m.state]})`,
    }));
  const message = (fieldLabel: string, name: string) => (
    <Textarea
      label={fieldLabel}
      aria-label={`${fieldLabel} — ${label}`}
      withAsterisk
      autosize
      minRows={2}
      maxRows={6}
      maxLength={TRIGGER_MESSAGE_MAX}
      value={text(params[name])}
      error={errors[`params.${name}`]}
      onChange={(e) => set(name, e.currentTarget.value)}
    />
  );
  const mailingSelect = (
    <Select
      label="Mailing"
      aria-label={`Mailing — ${label}`}
      withAsterisk
      placeholder={mailings.isPending ? 'Carregando…' : 'Selecione o mailing'}
      nothingFoundMessage="Nenhum mailing ativo"
      data={options}
      value={chosenId !== null ? String(chosenId) : null}
      error={errors['params.mailing_id']}
      onChange={(v) => onChange({ ...params, mailing_id: v ? Number(v) : null, field: null })}
      maw={420}
      readOnly={readOnly}
      searchable
    />
  );
  const stateNote =
    chosen && chosen.state !== 'active' ? (
      <Alert color="yellow" variant="light" p="xs">
        O mailing escolhido está {MAILING_STATE_LABEL[chosen.state].toLowerCase()}: o gatilho só funciona com
        um mailing ativo e dentro do período de validade.
      </Alert>
    ) : null;

  if (kind === 'mailing_sector_transfer') {
    const hasSector = chosen
      ? chosen.fields.some((f) => f.trim().toLowerCase() === SECTOR_COLUMN) ||
        chosen.params.some((p) => p.label.trim().toLowerCase() === SECTOR_COLUMN)
      : true;
    return (
      <Stack gap="sm">
        {mailingSelect}
        {stateNote}
        {!hasSector ? (
          <Alert color="yellow" variant="light" p="xs">
            O mailing precisa ter a coluna cod_setor.
          </Alert>
        ) : null}
        <Text size="xs" c="dimmed">
          O contato é procurado pela coluna marcada como chave deste canal; a coluna cod_setor traz o id ou o
          nome do setor.
        </Text>
      </Stack>
    );
  }

  const columns = (chosen?.fields ?? []).map((f, i) => ({
    value: String(i),
    label: chosen?.params.find((p) => p.field === i)?.label || f,
  }));
  const contactFields = (fields.data ?? [])
    .filter((f) => f.is_active)
    .map((f) => ({ value: f.key, label: f.label }));
  return (
    <Stack gap="sm">
      {message('Mensagem de boas-vindas (pede o dado ao cliente)', 'message')}
      {mailingSelect}
      {stateNote}
      <Select
        label="Campo do mailing"
        aria-label={`Campo do mailing — ${label}`}
        withAsterisk
        placeholder={chosen ? 'Selecione o campo' : 'Selecione o mailing primeiro'}
        data={columns}
        value={typeof params.field === 'number' ? String(params.field) : null}
        error={errors['params.field']}
        onChange={(v) => set('field', v === null ? null : Number(v))}
        maw={420}
        readOnly={readOnly}
        disabled={!chosen}
      />
      {message('Mensagem quando o dado é encontrado', 'true_message')}
      {message('Mensagem quando o dado não é encontrado', 'false_message')}
      <Checkbox
        label="Salvar o dado informado no contato"
        checked={params.save_metadata === true}
        onChange={(e) => set('save_metadata', e.currentTarget.checked)}
      />
      {params.save_metadata === true ? (
        <Select
          label="Campo do contato"
          aria-label={`Campo do contato — ${label}`}
          withAsterisk
          placeholder="Selecione o campo"
          nothingFoundMessage="Nenhum campo de contato cadastrado"
          data={contactFields}
          value={text(params.save_field) || null}
          error={errors['params.save_field']}
          onChange={(v) => set('save_field', v ?? '')}
          maw={420}
          readOnly={readOnly}
        />
      ) : null}
    </Stack>
  );
}
