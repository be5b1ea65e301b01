import {
  Alert,
  Button,
  Card,
  Divider,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { RULES_MSG, type TAttendanceRules, ZAttendanceRules } from '@prosa/shared/attendance-rules';
import { IconInfoCircle, IconListCheck } from '@tabler/icons-react';
import { zodValidate } from '../../lib/zod-form';
import { CardTitle } from '../account/card-title';
import { TabError, TabSkeleton } from '../company-metadata/tab-state';
import { markSaved, useServerValues } from '../company-metadata/use-server-values';
import { type TStatus, useStatuses } from '../statuses/api';
import { useAttendanceRules, useSaveAttendanceRules } from './api';
import { formToRules, noRulesConfigured, rulesToForm, type TRulesFormValues } from './settings-form-values';

const STATUS_LOAD_ERROR = 'Erro ao carregar Status.';

// Beside a field with label and description, a switch lines up with the input box.
const SWITCH_OFFSET = 48;

const minutesProps = {
  min: 1,
  max: 44640,
  allowDecimal: false,
  allowNegative: false,
  suffix: ' min',
} as const;

/** Settings tab "Regras de atendimento" (spec 2 §2 tab 19, spec 1 §5). */
export function AttendanceRulesTab() {
  const rules = useAttendanceRules();
  const statuses = useStatuses();
  if (rules.isError) return <TabError error={rules.error} title={RULES_MSG.saveError} />;
  if (statuses.isError) return <TabError error={statuses.error} title={STATUS_LOAD_ERROR} />;
  if (!rules.data || !statuses.data) return <TabSkeleton heights={[560]} />;
  return <RulesForm rules={rules.data} statuses={statuses.data} />;
}

function RulesForm({ rules, statuses }: { rules: TAttendanceRules; statuses: TStatus[] }) {
  const save = useSaveAttendanceRules();
  const server = rulesToForm(rules);
  const form = useForm<TRulesFormValues>({
    mode: 'controlled',
    initialValues: server,
    validate: zodValidate(ZAttendanceRules, formToRules),
  });
  useServerValues(form, server);
  const values = form.getValues();
  const options = (shouldClose: number) =>
    statuses.filter((s) => s.should_close === shouldClose).map((s) => ({ value: s.id, label: s.name }));

  return (
    <Card component="section" aria-labelledby="rules-title">
      <form
        noValidate
        onSubmit={form.onSubmit((v) => save.mutate(formToRules(v), { onSuccess: () => markSaved(form, v) }))}
      >
        <Stack gap="md">
          <CardTitle
            id="rules-title"
            icon={<IconListCheck size={22} color="var(--mantine-color-prosa-7)" aria-hidden />}
          >
            Regras de atendimento
          </CardTitle>
          <Text size="sm" c="dimmed">
            O que acontece com um atendimento quando o cliente para de responder. Os tempos são em minutos;
            deixe em branco para não usar a regra.
          </Text>
          {noRulesConfigured(rules) ? (
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={20} />}>
              {RULES_MSG.noRules}
            </Alert>
          ) : null}

          <Divider label="Finalização automática" labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NumberInput
              label="Finalizar o atendimento após"
              description="Tempo sem resposta do cliente."
              {...minutesProps}
              {...form.getInputProps('time_waiting_client_to_finalize')}
            />
            <Select
              label="Status de finalização"
              description="Status com que o atendimento é finalizado."
              placeholder="Selecione"
              data={options(1)}
              clearable
              {...form.getInputProps('status_waiting_client_to_finalize')}
            />
          </SimpleGrid>

          <Divider label="Cliente ocupado" labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NumberInput
              label="Marcar como cliente ocupado após"
              description="Tempo sem resposta do cliente depois da resposta do operador."
              {...minutesProps}
              {...form.getInputProps('time_waiting_client_to_busy_client')}
            />
            <Stack gap="xs">
              <Switch
                mt={{ base: 0, sm: SWITCH_OFFSET }}
                label="Alterar status"
                {...form.getInputProps('change_status_when_busy_client', { type: 'checkbox' })}
              />
              {values.change_status_when_busy_client ? (
                <Select
                  label="Status de classificação"
                  placeholder="Selecione"
                  data={options(0)}
                  clearable
                  {...form.getInputProps('status_busy_client')}
                />
              ) : null}
            </Stack>
          </SimpleGrid>

          <Divider label="Cutucar o cliente" labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NumberInput
              label="Tempo para cutucar o cliente"
              description="Tempo sem resposta do cliente até ele receber um lembrete."
              {...minutesProps}
              {...form.getInputProps('time_waiting_client_to_poke_client')}
            />
            <Switch
              mt={{ base: 0, sm: SWITCH_OFFSET }}
              label="Mostrar opções de cutucar"
              {...form.getInputProps('show_poke_options', { type: 'checkbox' })}
            />
          </SimpleGrid>

          <Divider label="Saída do operador" labelPosition="left" />
          <Switch
            label="Devolver atendimentos para a fila ao sair"
            description="Quando o operador fica off-line, os atendimentos abertos dele voltam para a fila."
            {...form.getInputProps('remove_chats_logout', { type: 'checkbox' })}
          />

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
