import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { isEmail, USER_MSG } from '@prosa/shared/users-admin';
import { IconMailSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { fetchUserByEmail } from './api';

/** Search user by e-mail (spec 2 §7): the exact address opens that user's modal. */
export function FindByEmailModal(props: {
  companyId: number;
  opened: boolean;
  onClose: () => void;
  onFound: (userId: number) => void;
}) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const close = () => {
    setEmail('');
    setError(null);
    props.onClose();
  };
  return (
    <Modal opened={props.opened} onClose={close} title="Buscar usuário por e-mail" centered>
      <form
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          if (!email.trim()) return setError(USER_MSG.emailRequired);
          if (!isEmail(email)) return setError(USER_MSG.emailInvalid);
          setSearching(true);
          try {
            const user = await fetchUserByEmail(props.companyId, email);
            setEmail('');
            setError(null);
            props.onFound(user.id);
          } catch (err) {
            setError(errorMessage(err, USER_MSG.notFoundByEmail) ?? USER_MSG.notFoundByEmail);
          } finally {
            setSearching(false);
          }
        }}
      >
        <Stack gap="md">
          <TextInput
            label="E-mail"
            type="email"
            placeholder="nome@empresa.com.br"
            data-autofocus
            value={email}
            error={error}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              setError(null);
            }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={searching}>
              Cancelar
            </Button>
            <Button type="submit" loading={searching} leftSection={<IconMailSearch size={16} />}>
              Buscar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
