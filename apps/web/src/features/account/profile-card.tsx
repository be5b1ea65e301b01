import { Card, Stack, Table } from '@mantine/core';
import { roleLabel } from '@prosa/shared/roles';
import { useCurrentUser } from '../auth/session-context';
import { AvatarUpload } from './avatar-upload';

export function ProfileCard() {
  const user = useCurrentUser();
  const rows: [string, string][] = [
    ['Nome', user.name],
    ['Nome de exibição', user.displayName],
    ['E-mail', user.email],
    ['Função', roleLabel(user.role)],
    ['Empresa', user.companyName],
  ];
  return (
    <Card component="section" aria-label="Perfil">
      <Stack gap="md">
        <AvatarUpload />
        <Table variant="vertical" layout="fixed" withTableBorder>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={170}>{label}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}
