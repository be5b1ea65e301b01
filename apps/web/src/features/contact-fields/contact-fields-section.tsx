import {
  Alert,
  Button,
  Divider,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import type { TCard } from '@prosa/shared/attendance';
import {
  applyMask,
  CONTACT_FIELD_MSG,
  checkFieldValue,
  NUMERIC_MASK,
  type TContactField,
} from '@prosa/shared/contact-fields';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useAttendanceContactFields, useSaveAttendanceContactFields } from './api';

// Above the info modal (300): the selects' option lists.
const LAYER = 400;

/**
 * The custom contact fields in the chat's info modal (spec 1 §5 Contact metadata): the active fields of the
 * attendance's sector, required ones marked, masks applied while typing; saved on the attendance.
 */
export function ContactFieldsSection({ card }: { card: TCard }) {
  const query = useAttendanceContactFields(card.id, true);
  if (query.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle />} title={CONTACT_FIELD_MSG.loadError}>
        Tente novamente em instantes.
      </Alert>
    );
  if (query.isPending) return <Skeleton h={90} aria-label="Carregando campos do contato" />;
  if (query.data.fields.length === 0) return null;
  return (
    <>
      <Divider />
      <FieldsForm
        // Values loaded again (another attendance, another save) start a fresh form.
        key={`${card.id}:${JSON.stringify(query.data.values)}`}
        card={card}
        fields={query.data.fields}
        values={query.data.values}
      />
    </>
  );
}

function FieldsForm(props: { card: TCard; fields: TContactField[]; values: Record<string, string> }) {
  const save = useSaveAttendanceContactFields(props.card.id);
  const [values, setValues] = useState<Record<string, string>>(props.values);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const closed = props.card.closed_at !== null;

  const set = (key: string, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => {
      const { [key]: _, ...rest } = e;
      return rest;
    });
  };

  const submit = () => {
    // The same checks as the server, first problem shown; the server's answer is the last word.
    for (const field of props.fields) {
      const checked = checkFieldValue(field, values[field.key]);
      if (!checked.ok) {
        setErrors({ [field.key]: checked.message });
        toast.warning(checked.message);
        return;
      }
    }
    const body = Object.fromEntries(props.fields.map((f) => [f.key, values[f.key]?.trim() || null]));
    save.mutate(body, {
      onError: (error) => {
        const message = errorMessage(error, CONTACT_FIELD_MSG.loadError);
        if (error instanceof ApiError && error.status === 400) toast.warning(message);
        else toast.error(message);
      },
    });
  };

  return (
    <form
      noValidate
      aria-label="Campos do contato"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <Title order={4} fz="sm">
          Campos do contato
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
          {props.fields.map((field) =>
            field.type === 'list' ? (
              <Select
                key={field.key}
                label={field.label}
                withAsterisk={field.required}
                placeholder="Selecione"
                data={field.options.map((o) => ({ value: o.key, label: o.value }))}
                value={values[field.key] || null}
                onChange={(v) => set(field.key, v ?? '')}
                clearable={!field.required}
                disabled={closed}
                error={errors[field.key]}
                comboboxProps={{ zIndex: LAYER }}
              />
            ) : (
              <TextInput
                key={field.key}
                label={field.label}
                withAsterisk={field.required}
                placeholder={field.mask && field.mask !== NUMERIC_MASK ? field.mask : undefined}
                inputMode={field.mask === NUMERIC_MASK ? 'decimal' : undefined}
                value={values[field.key] ?? ''}
                onChange={(e) => {
                  const raw = e.currentTarget.value;
                  set(field.key, field.mask ? applyMask(raw, field.mask) : raw);
                }}
                maxLength={field.mask && field.mask !== NUMERIC_MASK ? field.mask.length : 500}
                disabled={closed}
                error={errors[field.key]}
              />
            ),
          )}
        </SimpleGrid>
        {closed ? null : (
          <Group justify="flex-end">
            <Button type="submit" size="xs" loading={save.isPending}>
              Salvar campos
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
