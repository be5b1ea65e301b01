import { Button, Card, Group, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { formatDateTime } from '@prosa/shared/dates';
import { busyTimeMissing, DIST_MSG, type TAutoDistConfig, ZAutoDistInput } from '@prosa/shared/distribution';
import { IconArrowsShuffle } from '@tabler/icons-react';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { zodValidate } from '../../lib/zod-form';
import { CardTitle } from '../account/card-title';
import { markSaved, useServerValues } from '../company-metadata/use-server-values';
import { useSaveAutoDist } from './api';
import { autoDistToForm, formToAutoDist, type TAutoDistFormValues } from './settings-form-values';

function cycleResult(assigned: number): string {
  if (assigned === 0) return 'nenhum atendimento distribuído';
  return assigned === 1 ? '1 atendimento distribuído' : `${assigned} atendimentos distribuídos`;
}

const FIELDS = ['enabled', 'chat_per_user', 'allow_if_answered', 'allow_if_client_not_respond'] as const;

/** The form field a server refusal names (`field`, or the path of a schema issue), if it is one of ours. */
function refusedField(error: unknown): (typeof FIELDS)[number] | null {
  if (!(error instanceof ApiError) || !error.fromServer || error.status !== 400) return null;
  const { field, issues } = error.body as { field?: unknown; issues?: { path?: unknown }[] };
  const named = typeof field === 'string' ? field : String(issues?.[0]?.path ?? '').replace(/^\//, '');
  return FIELDS.find((f) => f === named) ?? null;
}

/**
 * Settings tab 10 "Nova distribuição": on/off, the limit per operator and which chats are distributed.
 * `busySeconds` is the busy-client time of the attendance rules, which "clients that do not answer" needs.
 */
export function AutoDistCard(props: { config: TAutoDistConfig; tz: string; busySeconds: number | null }) {
  const { config, tz, busySeconds } = props;
  const save = useSaveAutoDist();
  const server = autoDistToForm(config);
  const form = useForm<TAutoDistFormValues>({
    mode: 'controlled',
    initialValues: server,
    validate: (values) => {
      const errors = zodValidate(ZAutoDistInput, formToAutoDist)(values);
      if (busyTimeMissing(values, busySeconds))
        errors.allow_if_client_not_respond = DIST_MSG.busyTimeRequired;
      return errors;
    },
  });
  useServerValues(form, server);

  const submit = form.onSubmit((values) =>
    save.mutate(formToAutoDist(values), {
      onSuccess: () => markSaved(form, values),
      onError: (error) => {
        // A refusal of one field shows its own text on that field; anything else is a toast with the text.
        const field = refusedField(error);
        if (field && error instanceof ApiError) form.setFieldError(field, error.message);
        else toast.apiError(error, DIST_MSG.saveError);
      },
    }),
  );

  return (
    <Card component="section" aria-labelledby="auto-dist-title">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <CardTitle
            id="auto-dist-title"
            icon={<IconArrowsShuffle size={22} color="var(--mantine-color-prosa-7)" aria-hidden />}
          >
            Distribuição automática
          </CardTitle>
          <Text size="sm" c="dimmed">
            Os atendimentos que chegam vão para os operadores on-line do setor, do menos ocupado para o mais
            ocupado, até o limite de cada um. Com a distribuição ligada, cada operador vê apenas os próprios
            atendimentos.
          </Text>
          <Switch
            label="Ativar distribuição automática"
            {...form.getInputProps('enabled', { type: 'checkbox' })}
          />
          <NumberInput
            label="Número máximo de atendimentos por operador"
            description="Um operador lotado só recebe novos atendimentos quando finalizar algum."
            min={0}
            max={500}
            allowDecimal={false}
            allowNegative={false}
            w={{ base: '100%', sm: 440 }}
            {...form.getInputProps('chat_per_user')}
          />
          <Switch
            label="Distribuir atendimentos já respondidos"
            description="Atendimentos que já tiveram resposta de um operador e voltaram para a fila."
            {...form.getInputProps('allow_if_answered', { type: 'checkbox' })}
          />
          <Switch
            label="Distribuir atendimentos de clientes que não respondem"
            description="Atendimentos marcados como cliente ocupado (tempo configurado nas Regras de atendimento)."
            {...form.getInputProps('allow_if_client_not_respond', { type: 'checkbox' })}
          />
          <Group justify="space-between" gap="sm">
            <Text size="xs" c="dimmed" aria-live="polite">
              {config.last_cycle_at
                ? `Último ciclo: ${formatDateTime(config.last_cycle_at, tz)} · ${cycleResult(config.last_cycle_assigned)}`
                : 'A distribuição ainda não foi executada.'}
            </Text>
            <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
              Salvar
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
