import { Card, Checkbox, Table, Text } from '@mantine/core';
import { allState, type TModule, type TPermissionMap } from '@prosa/shared/permissions';

type Level = 'read' | 'write';

const LEVEL_LABEL: Record<Level, string> = { read: 'Leitura', write: 'Escrita' };

/** One module of the matrix: an "all" row per level, then each action with its read and write boxes. */
export function ModuleCard(props: {
  module: TModule;
  map: TPermissionMap;
  disabled: boolean;
  onToggle: (actionId: string, level: Level, enabled: boolean) => void;
  onToggleAll: (level: Level, enabled: boolean) => void;
}) {
  const { module, map } = props;
  return (
    <Card withBorder padding={0} radius="md" aria-label={`Módulo ${module.name}`} component="section">
      <Table verticalSpacing={8} horizontalSpacing="md" layout="fixed">
        <Table.Thead bg="gray.0">
          <Table.Tr>
            <Table.Th>
              <Text fw={700} size="sm">
                {module.name}
              </Text>
            </Table.Th>
            {(['read', 'write'] as const).map((level) => (
              <Table.Th key={level} w={92} ta="center">
                <Text size="xs" fw={600} c="dimmed" tt="uppercase">
                  {LEVEL_LABEL[level]}
                </Text>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr bg="gray.0">
            <Table.Td>
              <Text size="sm" fw={600}>
                Todos
              </Text>
            </Table.Td>
            {(['read', 'write'] as const).map((level) => {
              const state = allState(map, module, level);
              return (
                <Table.Td key={level}>
                  <Checkbox
                    mx="auto"
                    w="fit-content"
                    aria-label={`${LEVEL_LABEL[level]} — todos de ${module.name}`}
                    checked={state === 'all'}
                    indeterminate={state === 'some'}
                    disabled={props.disabled}
                    onChange={(e) => props.onToggleAll(level, e.currentTarget.checked)}
                  />
                </Table.Td>
              );
            })}
          </Table.Tr>
          {module.actions.map((action) => (
            <Table.Tr key={action.id}>
              <Table.Td>
                <Text size="sm">{action.name}</Text>
              </Table.Td>
              {(['read', 'write'] as const).map((level) => (
                <Table.Td key={level}>
                  <Checkbox
                    mx="auto"
                    w="fit-content"
                    aria-label={`${LEVEL_LABEL[level]} — ${action.name}`}
                    checked={Boolean(map[action.id]?.[level])}
                    disabled={props.disabled}
                    onChange={(e) => props.onToggle(action.id, level, e.currentTarget.checked)}
                  />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
