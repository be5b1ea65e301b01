import { Alert, Badge, Group, Stack, Table, Text } from '@mantine/core';
import type { TMailingUpload } from '@prosa/shared/mailing';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';

const DELIMITER_LABEL: Record<string, string> = {
  ';': 'Ponto e vírgula (;)',
  ',': 'Vírgula (,)',
  '\t': 'Tabulação',
  '|': 'Barra vertical (|)',
};

/** The upload's reply (spec 3 §7): header, delimiter, rows and the refused rows with their numbers. */
export function MailingUploadResult(props: { reply: TMailingUpload }) {
  const r = props.reply;
  return (
    <Stack gap="sm">
      {r.valid ? (
        <Alert color="teal" icon={<IconCheck />} title={r.message}>
          {r.name}: {r.rowcount.toLocaleString('pt-BR')} linha{r.rowcount === 1 ? '' : 's'}, {r.header.length}{' '}
          coluna{r.header.length === 1 ? '' : 's'}.
        </Alert>
      ) : (
        <Alert color="red" icon={<IconAlertCircle />} title={r.message}>
          {r.validMessageError && r.validMessageError !== r.message ? r.validMessageError : null}
          {r.error_count > 0
            ? ` ${r.error_count.toLocaleString('pt-BR')} linha${r.error_count === 1 ? '' : 's'} com erro${
                r.error_count > r.errors.length ? ` (as primeiras ${r.errors.length} abaixo)` : ''
              }.`
            : null}
        </Alert>
      )}
      <Group gap="xs">
        <Badge variant="light">Delimitador: {DELIMITER_LABEL[r.delimiter] ?? r.delimiter}</Badge>
        <Badge variant="light">Codificação: {r.encoding === 'windows-1252' ? 'Windows-1252' : 'UTF-8'}</Badge>
        <Badge variant="light">Linhas: {r.rowcount.toLocaleString('pt-BR')}</Badge>
      </Group>
      {r.header.length > 0 ? (
        <Text size="sm" c="dimmed">
          Cabeçalho: {r.header.join(' · ')}
        </Text>
      ) : null}
      {r.errors.length > 0 ? (
        <Table withTableBorder verticalSpacing={4} aria-label="Linhas com erro">
          <Table.Thead bg="gray.0">
            <Table.Tr>
              <Table.Th w={100}>Linha</Table.Th>
              <Table.Th>Erro</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {r.errors.map((e) => (
              <Table.Tr key={`${e.row}-${e.message}`}>
                <Table.Td>{e.row}</Table.Td>
                <Table.Td>{e.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}
