import { Button, Card, EmptyState, Text } from '@mantine/core';
import { ROLE } from '@prosa/shared/roles';
import { IconShieldLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCurrentUser } from '../auth/session-context';

/** Settings tab 18 "MFA": multi-factor login lives on the security screen, for admins. */
export function MfaTab() {
  const user = useCurrentUser();
  const admin = user.role >= ROLE.admin;
  return (
    <Card>
      <EmptyState
        py="xl"
        icon={<IconShieldLock size={28} />}
        title="Verificação em duas etapas (MFA)"
        description={
          admin
            ? 'O código por e-mail no login, a validade da senha e os IPs permitidos ficam na tela de segurança.'
            : 'A verificação em duas etapas é configurada pelos administradores da empresa.'
        }
      >
        {admin ? (
          <EmptyState.Actions>
            <Button component={Link} to="/settings/security" variant="light">
              Abrir segurança
            </Button>
          </EmptyState.Actions>
        ) : (
          <Text size="xs" c="dimmed" ta="center">
            Fale com um administrador para alterar.
          </Text>
        )}
      </EmptyState>
    </Card>
  );
}
