import { Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type TClientWaitingResponse, ZClientWaitingResponse } from '@prosa/shared/attendance-rules';
import { IconClockHour4 } from '@tabler/icons-react';
import { zodValidate } from '../../lib/zod-form';
import { CardTitle } from '../account/card-title';
import { markSaved, useServerValues } from '../company-metadata/use-server-values';
import { useSaveClientWaitingResponse } from './api';
import { formToSla, slaToForm, type TSlaFormValues } from './settings-form-values';

const ACTIONS: { value: TClientWaitingResponse['action']; label: string }[] = [
  { value: 'redistribute', label: 'Redistribuir para o início da fila' },
  { value: 'none', label: 'Nenhuma ação' },
];

/** The SLA of the new distribution: how long a client may wait for an answer, and what happens after. */
export function ClientWaitingCard({ sla }: { sla: TClientWaitingResponse }) {
  const save = useSaveClientWaitingResponse();
  const server = slaToForm(sla);
  const form = useForm<TSlaFormValues>({
    mode: 'controlled',
    initialValues: server,
    validate: zodValidate(ZClientWaitingResponse, formToSla),
  });
  useServerValues(form, server);

  return (
    <Card component="section" aria-labelledby="sla-title">
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          save.mutate(formToSla(values), { onSuccess: () => markSaved(form, values) }),
        )}
      >
        <Stack gap="md">
          <CardTitle
            id="sla-title"
            icon={<IconClockHour4 size={22} color="var(--mantine-color-prosa-7)" aria-hidden />}
          >
            Tempo de espera do cliente (SLA)
          </CardTitle>
          <Text size="sm" c="dimmed">
            Um atendimento sem resposta do operador além desses tempos fica fora do SLA. Deixe em branco para
            não controlar.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NumberInput
              label="Tempo para primeira resposta (minutos)"
              min={1}
              max={44640}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('minutes')}
            />
            <NumberInput
              label="Tempo para demais respostas (minutos)"
              min={1}
              max={44640}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('minutes_others')}
            />
          </SimpleGrid>
          <Textarea
            label="Mensagem enviada ao cliente"
            description="Enviada ao cliente quando o atendimento sai do SLA."
            autosize
            minRows={2}
            maxRows={6}
            maxLength={1000}
            {...form.getInputProps('message')}
          />
          <Select
            label="Ação"
            description="O que acontece com o atendimento fora do SLA."
            data={ACTIONS}
            allowDeselect={false}
            w={{ base: '100%', sm: 360 }}
            {...form.getInputProps('action')}
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
