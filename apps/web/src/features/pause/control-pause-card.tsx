import { Button, Card, Group, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type TControlPause, ZControlPause } from '@prosa/shared/pause';
import { IconPlayerPause } from '@tabler/icons-react';
import { zodValidate } from '../../lib/zod-form';
import { CardTitle } from '../account/card-title';
import { markSaved, useServerValues } from '../company-metadata/use-server-values';
import { useSaveControlPause } from './api';
import {
  controlPauseToForm,
  formToControlPause,
  type TControlPauseForm,
  type TPauseSwitch,
  toggleControlPause,
} from './control-pause-rules';

const OPTIONS: { key: Exclude<TPauseSwitch, 'is_active'>; label: string; description: string }[] = [
  {
    key: 'use_reason',
    label: 'Exigir motivo da pausa',
    description: 'O operador escolhe um dos motivos cadastrados abaixo.',
  },
  {
    key: 'use_password',
    label: 'Exigir senha para sair da pausa',
    description: 'O operador informa a própria senha para voltar a atender.',
  },
  {
    key: 'use_limit_pause',
    label: 'Limitar o tempo da pausa',
    description: 'Passado o limite, a sessão do operador é encerrada.',
  },
];

/** Settings tab 1 "Pausa": the company's control_pause switches (spec 1 §5). */
export function ControlPauseCard({ control, reasonCount }: { control: TControlPause; reasonCount?: number }) {
  const save = useSaveControlPause();
  const server = controlPauseToForm(control);
  const form = useForm<TControlPauseForm>({
    mode: 'controlled',
    initialValues: server,
    validate: zodValidate(ZControlPause, formToControlPause),
  });
  useServerValues(form, server);
  const values = form.getValues();

  const toggle = (key: TPauseSwitch, on: boolean) => {
    const path = key === 'use_limit_pause' ? 'use_limit_pause.enabled' : key;
    const result = toggleControlPause(form.getValues(), key, on, reasonCount);
    form.clearErrors();
    if ('error' in result) form.setFieldError(path, result.error);
    else form.setValues(result.values);
  };
  const checked = (key: TPauseSwitch) =>
    key === 'use_limit_pause' ? values.use_limit_pause.enabled : values[key];

  return (
    <Card component="section" aria-labelledby="control-pause-title">
      <form
        noValidate
        onSubmit={form.onSubmit((v) =>
          save.mutate(formToControlPause(v), { onSuccess: () => markSaved(form, v) }),
        )}
      >
        <Stack gap="md">
          <CardTitle
            id="control-pause-title"
            icon={<IconPlayerPause size={22} color="var(--mantine-color-prosa-7)" aria-hidden />}
          >
            Controle de pausa
          </CardTitle>
          <Text size="sm" c="dimmed">
            Com o controle ligado, os operadores podem pausar o atendimento; em pausa, não recebem
            atendimentos da distribuição automática.
          </Text>
          <Switch
            label="Ativar controle de pausa"
            checked={values.is_active}
            onChange={(e) => toggle('is_active', e.currentTarget.checked)}
            error={form.errors.is_active}
          />
          <Stack gap="sm" pl={{ base: 0, sm: 'xl' }}>
            {OPTIONS.map((option) => (
              <Switch
                key={option.key}
                label={option.label}
                description={option.description}
                checked={checked(option.key)}
                onChange={(e) => toggle(option.key, e.currentTarget.checked)}
                error={form.errors[option.key === 'use_limit_pause' ? 'use_limit_pause.enabled' : option.key]}
              />
            ))}
            {values.use_limit_pause.enabled ? (
              <NumberInput
                label="Tempo limite da pausa (minutos)"
                withAsterisk
                min={1}
                max={1440}
                allowDecimal={false}
                allowNegative={false}
                w={{ base: '100%', sm: 280 }}
                ml={{ base: 0, sm: 54 }}
                {...form.getInputProps('use_limit_pause.limit_minutes')}
              />
            ) : null}
          </Stack>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
              Salvar
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
