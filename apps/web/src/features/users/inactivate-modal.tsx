import { Modal, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { brDateToIso } from '@prosa/shared/dates';
import { USER_MSG } from '@prosa/shared/users-admin';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { FormActions } from '../../components/form-actions';
import { useInactivateUser } from './api';

/** Inactivation (spec 2 §5): a date DD/MM/YYYY from which the user can no longer log in. */
export function InactivateModal(props: {
  companyId: number;
  user: { id: number; name: string } | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={props.user !== null} onClose={props.onClose} title="Inativar usuário" centered>
      {props.user ? <InactivateForm {...props} user={props.user} /> : null}
    </Modal>
  );
}

function InactivateForm(props: {
  companyId: number;
  user: { id: number; name: string };
  onClose: () => void;
}) {
  const inactivate = useInactivateUser(props.companyId);
  const [date, setDate] = useState<string | null>(dayjs().format('YYYY-MM-DD'));
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!date) {
          setError(USER_MSG.inactivationDate);
          return;
        }
        inactivate.mutate(
          { id: props.user.id, date: dayjs(date).format('DD/MM/YYYY') },
          { onSuccess: props.onClose },
        );
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          A partir da data informada, <strong>{props.user.name}</strong> não consegue mais entrar no Prosa; as
          sessões abertas são encerradas e o usuário fica off-line.
        </Text>
        <DateInput
          label="Data de inativação"
          withAsterisk
          clearable
          valueFormat="DD/MM/YYYY"
          placeholder="DD/MM/AAAA"
          locale="pt-br"
          dateParser={(value) => brDateToIso(value)}
          leftSection={<IconCalendar size={16} aria-hidden />}
          popoverProps={{ withinPortal: true }}
          value={date}
          onChange={(value) => {
            setDate(value);
            setError(null);
          }}
          error={error}
        />
        <FormActions
          saving={inactivate.isPending}
          onCancel={props.onClose}
          submitLabel="Inativar"
          submitColor="red"
        />
      </Stack>
    </form>
  );
}
