import { Avatar, Card, Group, Stack, Table, Text } from '@mantine/core';
import { roleLabel } from '@prosa/shared/roles';
import { useCurrentUser } from '../auth/session-context';

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
        <Group gap="md" wrap="nowrap">
          <Avatar color="prosa" radius="xl" size={52}>
            {user.displayName.slice(0, 2).toUpperCase()}
          </Avatar>
          <Stack gap={0}>
            <Text fw={600} size="lg">
              {user.name}
            </Text>
            <Text size="sm" c="dimmed">
              {user.email}
            </Text>
          </Stack>
        </Group>
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
