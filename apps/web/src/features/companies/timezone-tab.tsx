import { Alert, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { COMPANY_MSG, type TCompanyDetail, ZUpdateCompanyInput } from '@prosa/shared/company-admin';
import { formatDateTime } from '@prosa/shared/dates';
import { IconAlertCircle, IconClock } from '@tabler/icons-react';
import { errorMessage } from '../../lib/api';
import { zodValidate } from '../../lib/zod-form';
import { usePatchCompany, useTimezones } from './api';
import { SaveBar } from './save-bar';

type Values = { timezone: string | null };
const schema = ZUpdateCompanyInput.pick({ timezone: true });
const toInput = (v: Values) => ({ timezone: v.timezone ?? '' });

/** Fuso horário: the clock of the company's dates (screens, reports, contract days). */
export function TimezoneTab({ company }: { company: TCompanyDetail }) {
  const timezones = useTimezones();
  const save = usePatchCompany(company.id);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { timezone: company.timezone },
    validate: zodValidate<Values>(schema, toInput),
  });
  const chosen = form.getValues().timezone;
  if (timezones.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle />} title="Erro ao carregar os fusos horários.">
        {errorMessage(timezones.error, COMPANY_MSG.loadError)}
      </Alert>
    );
  }
  return (
    <form noValidate onSubmit={form.onSubmit((v) => save.mutate(schema.parse(toInput(v))))}>
      <Stack gap="md" maw={480}>
        <Select
          label="Fuso horário"
          withAsterisk
          searchable
          nothingFoundMessage="Nenhum fuso horário encontrado"
          placeholder={timezones.isPending ? 'Carregando…' : 'Selecione'}
          data={timezones.data ?? []}
          leftSection={<IconClock size={16} aria-hidden />}
          {...form.getInputProps('timezone')}
        />
        {chosen ? (
          <Text size="sm" c="dimmed">
            Agora nesse fuso: {formatDateTime(new Date(), chosen)}
          </Text>
        ) : null}
        <SaveBar saving={save.isPending} />
      </Stack>
    </form>
  );
}
