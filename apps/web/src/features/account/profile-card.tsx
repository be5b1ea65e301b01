import { Card, Stack, Table } from '@mantine/core';
import { roleLabel } from '@prosa/shared/roles';
import { useCurrentUser } from '../auth/session-context';
import { AvatarUpload } from './avatar-upload';
import { ProfileForm } from './profile-form';

export function ProfileCard() {
  const user = useCurrentUser();
  // Role and company are the admin's to change: shown, not edited.
  const rows: [string, string][] = [
    ['Função', roleLabel(user.role)],
    ['Empresa', user.companyName],
  ];
  return (
    <Card component="section" aria-label="Perfil">
      <Stack gap="md">
        <AvatarUpload />
        <ProfileForm />
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
