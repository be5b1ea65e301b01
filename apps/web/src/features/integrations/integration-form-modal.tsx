import {
  Divider,
  Modal,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  INTEGRATION_EMAIL_FIELD_LABEL,
  INTEGRATION_EMAIL_FIELDS,
  INTEGRATION_EVENT_LABEL,
  INTEGRATION_EVENTS,
  INTEGRATION_FIELD_LABEL,
  INTEGRATION_FIELDS,
  INTEGRATION_KIND_LABEL,
  INTEGRATION_KINDS,
  INTEGRATION_MSG,
  type TIntegration,
  type TIntegrationEmailField,
  type TIntegrationInput,
  type TIntegrationKind,
  ZIntegrationInput,
} from '@prosa/shared/integrations';
import { useEffect } from 'react';
import { FormActions } from '../../components/form-actions';
import { zodValidate } from '../../lib/zod-form';

type Values = {
  kind: TIntegrationKind | null;
  name: string;
  email_field: TIntegrationEmailField | null;
  fields: { name: string; mobile_phone: string; email: string };
  events: { contact_created: boolean; attendance_finalized: boolean };
  active: boolean;
  configs: { clientId: string; clientSecret: string; clientCode: string; refreshToken: string };
};

const CREDENTIALS = [
  { key: 'clientId', label: 'Client Id', secret: false, required: INTEGRATION_MSG.clientIdRequired },
  {
    key: 'clientSecret',
    label: 'Client Secret',
    secret: true,
    required: INTEGRATION_MSG.clientSecretRequired,
  },
  { key: 'clientCode', label: 'Client Code', secret: true, required: INTEGRATION_MSG.clientCodeRequired },
  { key: 'refreshToken', label: 'Refresh Token', secret: true, required: null },
] as const;

function valuesOf(t: TIntegration | null): Values {
  return {
    kind: t?.kind ?? null,
    name: t?.name ?? '',
    email_field: t?.email_field ?? 'person_email',
    fields: t?.fields ?? { name: 'name', mobile_phone: 'mobile_phone', email: 'email' },
    events: t?.events ?? { contact_created: true, attendance_finalized: true },
    active: t?.active ?? true,
    configs: { clientId: '', clientSecret: '', clientCode: '', refreshToken: '' },
  };
}

function toInput(v: Values): TIntegrationInput {
  const configs = Object.fromEntries(
    Object.entries(v.configs)
      .map(([k, value]) => [k, value.trim()])
      .filter(([, value]) => value),
  );
  return {
    kind: v.kind as TIntegrationKind,
    name: v.name,
    email_field: v.email_field as TIntegrationEmailField,
    fields: v.fields,
    events: v.events,
    active: v.active,
    configs,
  };
}

type Props = {
  /** 'new', an integration to edit, or null (closed). */
  target: TIntegration | 'new' | null;
  saving: boolean;
  onSave: (id: number | null, body: TIntegrationInput) => void;
  onClose: () => void;
};

/** "Nova integração" / edit: kind, name, RD Station credentials, field mapping and the events sent. */
export function IntegrationFormModal({ target, saving, onSave, onClose }: Props) {
  const editing = target !== null && target !== 'new' ? target : null;
  const form = useForm<Values>({
    initialValues: valuesOf(null),
    validate: (values) => {
      const errors = zodValidate<Values>(ZIntegrationInput, toInput)(values);
      // On create the credentials are required (spec 2 §5); on edit a blank one keeps the stored value.
      if (!editing)
        for (const c of CREDENTIALS)
          if (c.required && !values.configs[c.key].trim()) errors[`configs.${c.key}`] = c.required;
      return errors;
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is reset when another target opens
  useEffect(() => {
    if (target !== null) {
      form.setValues(valuesOf(editing));
      form.resetDirty();
      form.clearErrors();
    }
  }, [target]);

  const setPlaceholder = (key: (typeof CREDENTIALS)[number]['key']) =>
    editing?.configs[key] ? '••• definido' : undefined;

  return (
    <Modal
      opened={target !== null}
      onClose={saving ? () => {} : onClose}
      title={editing ? 'Editar integração' : 'Nova integração'}
      size="lg"
      centered
    >
      <form onSubmit={form.onSubmit((v) => onSave(editing?._id ?? null, toInput(v)))} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Tipo"
              placeholder="Escolha"
              required
              data={INTEGRATION_KINDS.map((k) => ({ value: k, label: INTEGRATION_KIND_LABEL[k] }))}
              {...form.getInputProps('kind')}
            />
            <TextInput label="Nome" required maxLength={200} {...form.getInputProps('name')} />
          </SimpleGrid>
          <Divider label="Credenciais da RD Station" labelPosition="left" />
          {editing ? (
            <Text size="xs" c="dimmed">
              Deixe em branco para manter as credenciais salvas.
            </Text>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {CREDENTIALS.map((c) =>
              c.secret ? (
                <PasswordInput
                  key={c.key}
                  label={c.label}
                  required={!editing && c.required !== null}
                  placeholder={setPlaceholder(c.key)}
                  autoComplete="off"
                  {...form.getInputProps(`configs.${c.key}`)}
                />
              ) : (
                <TextInput
                  key={c.key}
                  label={c.label}
                  required={!editing}
                  placeholder={setPlaceholder(c.key)}
                  autoComplete="off"
                  {...form.getInputProps(`configs.${c.key}`)}
                />
              ),
            )}
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            Sem Refresh Token, o Client Code é trocado por um no primeiro envio.
          </Text>
          <Divider label="Campos enviados" labelPosition="left" />
          <Select
            label="Campo de e-mail do contato"
            required
            data={INTEGRATION_EMAIL_FIELDS.map((f) => ({
              value: f,
              label: INTEGRATION_EMAIL_FIELD_LABEL[f],
            }))}
            {...form.getInputProps('email_field')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {INTEGRATION_FIELDS.map((f) => (
              <TextInput
                key={f}
                label={`${INTEGRATION_FIELD_LABEL[f]} →`}
                description="Campo na RD Station"
                maxLength={100}
                {...form.getInputProps(`fields.${f}`)}
              />
            ))}
          </SimpleGrid>
          <Divider label="Eventos" labelPosition="left" />
          <Stack gap="xs">
            {INTEGRATION_EVENTS.map((e) => (
              <Switch
                key={e}
                label={INTEGRATION_EVENT_LABEL[e]}
                {...form.getInputProps(`events.${e}`, { type: 'checkbox' })}
              />
            ))}
            <Switch label="Integração ativa" {...form.getInputProps('active', { type: 'checkbox' })} />
          </Stack>
          <FormActions saving={saving} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
