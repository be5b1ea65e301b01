import { Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type TCompanyListItem, ZCompanyStatusInput } from '@prosa/shared/company-admin';
import { brDateToIso, formatDate, isoToBrDate } from '@prosa/shared/dates';
import { FormActions } from '../../components/form-actions';
import { zodValidate } from '../../lib/zod-form';
import { useCurrentUser } from '../auth/session-context';
import { useCompanyStatus } from './api';
import { DateInputBr } from './date-input-br';

type Values = { status_id: '1' | '2'; inactive_since_change: string | null };

const toInput = (v: Values) => ({
  status_id: v.status_id === '2' ? (2 as const) : (1 as const),
  inactive_since_change: isoToBrDate(v.inactive_since_change),
});

/** Status edit (spec 2 §4): activate, or inactivate from a date DD/MM/YYYY. */
export function CompanyStatusModal(props: { company: TCompanyListItem | null; onClose: () => void }) {
  return (
    <Modal
      opened={props.company !== null}
      onClose={props.onClose}
      title={props.company ? `Status da empresa — ${props.company.name}` : 'Status da empresa'}
      centered
    >
      {props.company ? (
        <StatusForm key={props.company.id} company={props.company} onClose={props.onClose} />
      ) : null}
    </Modal>
  );
}

function StatusForm({ company, onClose }: { company: TCompanyListItem; onClose: () => void }) {
  const me = useCurrentUser();
  const save = useCompanyStatus();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      status_id: company.status_id === 2 ? '2' : '1',
      inactive_since_change: company.inactive_since
        ? brDateToIso(formatDate(company.inactive_since, me.timezone))
        : null,
    },
    validate: zodValidate<Values>(ZCompanyStatusInput, toInput),
  });
  const inactivating = form.getValues().status_id === '2';
  const own = company.id === me.companyId;
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        save.mutate({ id: company.id, body: toInput(values) }, { onSuccess: onClose }),
      )}
    >
      <Stack gap="md">
        <Radio.Group label="Situação" {...form.getInputProps('status_id')}>
          <Group gap="lg" mt={6}>
            <Radio value="1" label="Ativa" />
            <Radio value="2" label="Inativa" />
          </Group>
        </Radio.Group>
        {inactivating ? (
          <>
            <DateInputBr
              label="Data de inativação"
              withAsterisk
              clearable
              popoverProps={{ withinPortal: true }}
              {...form.getInputProps('inactive_since_change')}
            />
            <Text size="sm" c="dimmed">
              Os usuários da empresa deixam de conseguir entrar no Prosa e as sessões abertas são encerradas.
            </Text>
            {own ? (
              <Text size="sm" c="orange.8">
                Esta é a sua empresa: não é possível inativá-la.
              </Text>
            ) : null}
          </>
        ) : null}
        <FormActions
          saving={save.isPending}
          onCancel={onClose}
          submitLabel={inactivating ? 'Inativar' : 'Ativar'}
          submitColor={inactivating ? 'red' : undefined}
        />
      </Stack>
    </form>
  );
}
