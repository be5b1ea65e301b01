import { Alert, Badge, Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import {
  type TEditableOtherTriggerType,
  type TOtherTrigger,
  TRIGGER_TYPE_HELP,
  TRIGGER_TYPE_LABEL,
} from '@prosa/shared/triggers';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSaveOtherTrigger } from './api';
import { OtherTriggerFields } from './other-trigger-fields';
import { isOtherDirty, otherErrors, type TOtherValues, toParams, valuesFrom } from './other-trigger-values';
import { useReportUnsaved } from './unsaved';

type Option = { value: string; label: string };

type Props = {
  kind: TEditableOtherTriggerType;
  channel: { type: string; id: number };
  saved: TOtherTrigger | undefined;
  others: TOtherTrigger[];
  finishStatuses: Option[];
  triggerTexts: string[];
  readOnly: boolean;
};

/** One kind of trigger: on/off, its fields and when it fires; saved on its own. */
export function OtherTriggerCard({
  kind,
  channel,
  saved,
  others,
  finishStatuses,
  triggerTexts,
  readOnly,
}: Props) {
  const [values, setValues] = useState<TOtherValues>(() => valuesFrom(kind, saved));
  const [attempted, setAttempted] = useState(false);
  const save = useSaveOtherTrigger(channel);
  const label = TRIGGER_TYPE_LABEL[kind];
  // A new server copy (saved here or elsewhere) replaces the fields.
  useEffect(() => {
    setValues(valuesFrom(kind, saved));
    setAttempted(false);
  }, [kind, saved]);

  const dirty = isOtherDirty(kind, values, saved);
  useReportUnsaved(kind, !readOnly && dirty);
  const allErrors = otherErrors(kind, values, others);
  const errors = attempted
    ? Object.fromEntries([...allErrors].reverse().map((e) => [e.field, e.message]))
    : {};
  const general = attempted ? allErrors.filter((e) => e.field === 'trigger_type').map((e) => e.message) : [];
  const submit = () => {
    setAttempted(true);
    if (allErrors.length) return;
    save.mutate({
      trigger_type: kind,
      active: values.active,
      params: values.active ? toParams(values.params) : {},
    });
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={`Gatilho ${label}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Group gap="xs">
              <Text fw={600}>{label}</Text>
              {dirty ? (
                <Badge size="xs" color="yellow" variant="light">
                  Alterações não salvas
                </Badge>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed">
              {TRIGGER_TYPE_HELP[kind]}
            </Text>
          </Stack>
          <Switch
            label="Ativo"
            aria-label={`Ativar ${label}`}
            checked={values.active}
            disabled={readOnly}
            onChange={(e) => setValues({ ...values, active: e.currentTarget.checked })}
          />
        </Group>
        {values.active ? (
          <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0 }}>
            <OtherTriggerFields
              kind={kind}
              label={label}
              channel={channel}
              params={values.params}
              onChange={(params) => setValues({ ...values, params })}
              errors={errors}
              finishStatuses={finishStatuses}
              triggerTexts={triggerTexts}
              readOnly={readOnly}
            />
          </fieldset>
        ) : null}
        {general.length ? (
          <Alert color="red" variant="light" p="xs" icon={<IconAlertTriangle size={18} />}>
            {general.join(' ')}
          </Alert>
        ) : null}
        {readOnly || (!values.active && !dirty) ? null : (
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              disabled={!dirty || save.isPending}
              onClick={() => {
                setValues(valuesFrom(kind, saved));
                setAttempted(false);
              }}
            >
              Descartar
            </Button>
            <Button
              disabled={!dirty}
              loading={save.isPending}
              onClick={submit}
              aria-label={`Salvar ${label}`}
            >
              Salvar
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
