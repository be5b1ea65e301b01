import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Grid,
  Group,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { TPersonInput } from '@prosa/shared/person';
import { IconAlertCircle, IconBrandWhatsapp, IconEyeOff, IconPlus, IconTrash } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import { DateInputBr } from '../companies/date-input-br';
import {
  CONTACTS_ERROR,
  canAddRow,
  checkPersonForm,
  personToForm,
  type TPersonFormValues,
  type TPersonRecord,
} from './person-form';
import { typingCnpj, typingCpf, typingPhone } from './person-format';

type Props = {
  record: TPersonRecord | null;
  canWrite: boolean;
  saving: boolean;
  onSubmit: (input: TPersonInput) => void;
  onCancel: () => void;
};

/** The "Dados" tab of the contact modal: every field of the record, checked with the server's texts. */
export function PersonFormFields({ record, canWrite, saving, onSubmit, onCancel }: Props) {
  const masks = record?.masked ?? { phone: false, email: false };
  const form = useForm<TPersonFormValues>({
    mode: 'controlled',
    initialValues: personToForm(record),
    // A list error ("at least one e-mail or phone") goes away as soon as a list changes.
    onValuesChange: (next, previous) => {
      if (next.emails !== previous.emails || next.phones !== previous.phones)
        form.clearFieldError(CONTACTS_ERROR);
    },
  });
  const values = form.values;
  const disabled = !canWrite || saving;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkPersonForm(form.getValues(), masks);
    if (!check.ok) {
      form.setErrors(check.errors);
      return;
    }
    form.clearErrors();
    onSubmit(check.input);
  };

  const masked = (text: string) => (
    <Group gap={6} c="dimmed">
      <IconEyeOff size={14} aria-hidden />
      <Text size="xs" c="dimmed">
        {text}
      </Text>
    </Group>
  );

  return (
    <form noValidate onSubmit={submit} aria-label="Dados do contato">
      <fieldset disabled={!canWrite} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        <Stack gap="md">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Nome" withAsterisk data-autofocus {...form.getInputProps('name')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Nome editado"
                placeholder="Como a equipe chama o contato"
                maxLength={200}
                {...form.getInputProps('edited_name')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput
                label="CPF"
                placeholder="000.000.000-00"
                inputMode="numeric"
                {...form.getInputProps('cpf')}
                onChange={(e) => form.setFieldValue('cpf', typingCpf(e.currentTarget.value))}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput
                label="CNPJ"
                placeholder="00.000.000/0000-00"
                inputMode="numeric"
                {...form.getInputProps('cnpj')}
                onChange={(e) => form.setFieldValue('cnpj', typingCnpj(e.currentTarget.value))}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label="RG" maxLength={30} {...form.getInputProps('rg')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <DateInputBr
                label="Data de nascimento"
                clearable
                maxDate={new Date()}
                popoverProps={{ withinPortal: true }}
                {...form.getInputProps('birth_date')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label="Cargo" maxLength={120} {...form.getInputProps('job_title')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label="Empresa" maxLength={200} {...form.getInputProps('company_name')} />
            </Grid.Col>
            <Grid.Col span={12}>
              <TagsInput
                label="Tags"
                placeholder={values.tags.length === 0 ? 'Digite uma tag e tecle Enter' : undefined}
                maxTags={30}
                clearable
                acceptValueOnBlur
                splitChars={[',']}
                {...form.getInputProps('tags')}
              />
            </Grid.Col>
          </Grid>

          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <ListSection
                title="E-mails"
                addLabel="Adicionar e-mail"
                canAdd={!masks.email && canAddRow(values.emails)}
                onAdd={() => form.insertListItem('emails', '')}
                note={masks.email ? masked('E-mails ocultos para operadores.') : null}
              >
                {values.emails.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    Nenhum e-mail.
                  </Text>
                ) : null}
                {values.emails.map((_, i) => (
                  <Group
                    // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place by position
                    key={i}
                    gap="xs"
                    wrap="nowrap"
                    align="flex-start"
                  >
                    <TextInput
                      aria-label={`E-mail ${i + 1}`}
                      placeholder="contato@exemplo.com.br"
                      type="email"
                      readOnly={masks.email}
                      style={{ flex: 1 }}
                      {...form.getInputProps(`emails.${i}`)}
                    />
                    {masks.email ? null : (
                      <RemoveButton
                        label={`Remover e-mail ${i + 1}`}
                        onClick={() => form.removeListItem('emails', i)}
                      />
                    )}
                  </Group>
                ))}
              </ListSection>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <ListSection
                title="Telefones"
                addLabel="Adicionar telefone"
                canAdd={!masks.phone && canAddRow(values.phones)}
                onAdd={() => form.insertListItem('phones', { phone: '', is_whatsapp: false })}
                note={masks.phone ? masked('Telefones ocultos para operadores.') : null}
              >
                {values.phones.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    Nenhum telefone.
                  </Text>
                ) : null}
                {values.phones.map((_, i) => (
                  <Group
                    // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place by position
                    key={i}
                    gap="xs"
                    wrap="nowrap"
                    align="flex-start"
                  >
                    <TextInput
                      aria-label={`Telefone ${i + 1}`}
                      placeholder="(99) 99999-9999"
                      inputMode="tel"
                      readOnly={masks.phone}
                      style={{ flex: 1 }}
                      {...form.getInputProps(`phones.${i}.phone`)}
                      onChange={(e) =>
                        form.setFieldValue(`phones.${i}.phone`, typingPhone(e.currentTarget.value))
                      }
                    />
                    <Checkbox
                      mt={9}
                      label={
                        <Group gap={4} wrap="nowrap">
                          <IconBrandWhatsapp size={14} aria-hidden color="var(--mantine-color-teal-7)" />
                          <span>É WhatsApp</span>
                        </Group>
                      }
                      aria-label={`Telefone ${i + 1} é WhatsApp`}
                      disabled={masks.phone}
                      {...form.getInputProps(`phones.${i}.is_whatsapp`, { type: 'checkbox' })}
                    />
                    {masks.phone ? null : (
                      <RemoveButton
                        label={`Remover telefone ${i + 1}`}
                        onClick={() => form.removeListItem('phones', i)}
                      />
                    )}
                  </Group>
                ))}
              </ListSection>
            </Grid.Col>
          </Grid>
          {form.errors[CONTACTS_ERROR] ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle />} py="xs" role="alert">
              {form.errors[CONTACTS_ERROR]}
            </Alert>
          ) : null}
        </Stack>
      </fieldset>
      <Group justify="space-between" mt="lg" gap="sm">
        <Text size="xs" c="dimmed">
          {canWrite
            ? 'No máximo 5 e-mails e 5 telefones; ao menos um dos dois.'
            : 'Você pode apenas consultar.'}
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {canWrite ? 'Cancelar' : 'Fechar'}
          </Button>
          {canWrite ? (
            <Button type="submit" loading={saving} disabled={disabled}>
              Salvar
            </Button>
          ) : null}
        </Group>
      </Group>
    </form>
  );
}

function ListSection(props: {
  title: string;
  addLabel: string;
  canAdd: boolean;
  onAdd: () => void;
  note: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Text fw={600} size="sm">
          {props.title}
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={14} />}
          disabled={!props.canAdd}
          onClick={props.onAdd}
        >
          {props.addLabel}
        </Button>
      </Group>
      {props.note}
      {props.children}
    </Stack>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon variant="subtle" color="red" size={36} aria-label={label} onClick={onClick}>
        <IconTrash size={16} />
      </ActionIcon>
    </Tooltip>
  );
}
