import { Checkbox, MultiSelect, Table, Text, TextInput } from '@mantine/core';
import {
  MAILING_MAX_DISPLAYED,
  MAILING_MSG,
  MAILING_PREFIX_LABEL,
  MAILING_PREFIXES,
  type TMailingParam,
  type TMailingPrefix,
} from '@prosa/shared/mailing';
import { toast } from '../../lib/toast';

const PREFIX_OPTIONS = MAILING_PREFIXES.map((p) => ({ value: p, label: MAILING_PREFIX_LABEL[p] }));

/** The params of a mailing: one per column of the file, with its label, display and channel keys. */
export function MailingParamsTable(props: {
  header: string[];
  params: TMailingParam[];
  onChange: (params: TMailingParam[]) => void;
}) {
  const displayed = props.params.filter((p) => p.display).length;
  const set = (i: number, change: Partial<TMailingParam>) =>
    props.onChange(props.params.map((p, k) => (k === i ? { ...p, ...change } : p)));
  return (
    <Table verticalSpacing="xs" horizontalSpacing="sm" aria-label="Parâmetros">
      <Table.Thead bg="gray.0">
        <Table.Tr>
          <Table.Th w={180}>Coluna do arquivo</Table.Th>
          <Table.Th>Rótulo</Table.Th>
          <Table.Th w={150} ta="center">
            Exibir no atendimento ({displayed}/{MAILING_MAX_DISPLAYED})
          </Table.Th>
          <Table.Th w={320}>Chave para os canais</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.params.map((p, i) => {
          const column = props.header[p.field] ?? `Coluna ${p.field + 1}`;
          return (
            <Table.Tr key={p.field}>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {column}
                </Text>
              </Table.Td>
              <Table.Td>
                <TextInput
                  aria-label={`Rótulo da coluna ${column}`}
                  value={p.label}
                  error={p.label.trim() === ''}
                  onChange={(e) => set(i, { label: e.currentTarget.value })}
                />
              </Table.Td>
              <Table.Td>
                <Checkbox
                  mx="auto"
                  w="fit-content"
                  aria-label={`Exibir ${column} no atendimento`}
                  checked={p.display}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    if (on && displayed >= MAILING_MAX_DISPLAYED) {
                      toast.warning(MAILING_MSG.tooManyDisplayed);
                      return;
                    }
                    set(i, { display: on });
                  }}
                />
              </Table.Td>
              <Table.Td>
                <MultiSelect
                  aria-label={`Chave para os canais: ${column}`}
                  placeholder={p.is_key_to_channel.length ? undefined : 'Nenhum'}
                  data={PREFIX_OPTIONS}
                  value={p.is_key_to_channel}
                  onChange={(v) => set(i, { is_key_to_channel: v as TMailingPrefix[] })}
                  clearable
                  comboboxProps={{ withinPortal: true }}
                />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
