import { ActionIcon, Button, Group, Select, Stack, TagsInput, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { CAMPAIGN_LIMITS } from '@prosa/shared/campaigns';
import { IconFilter, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useMailingFieldValues } from './api';
import type { TMailingFilter } from './campaign-form-values';

// The mailing's filters (spec 3 §3 Campaign.filters): only the rows whose column holds one of the chosen values
// receive the campaign; the values are suggested from the mailing as they are typed.

function FilterRow(props: {
  index: number;
  mailingId: number;
  columns: string[];
  row: TMailingFilter;
  onChange: (row: TMailingFilter) => void;
  onRemove: () => void;
}) {
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search, 250);
  const suggestions = useMailingFieldValues(props.mailingId, props.row.column, typed);
  const n = props.index + 1;
  return (
    <Group align="flex-end" gap="sm" wrap="nowrap">
      <Select
        label={`Coluna do filtro ${n}`}
        placeholder="Coluna"
        data={props.columns}
        value={props.row.column || null}
        onChange={(column) => props.onChange({ column: column ?? '', values: [] })}
        w={220}
      />
      <TagsInput
        label={`Valores do filtro ${n}`}
        placeholder={props.row.column ? 'Digite e escolha os valores' : 'Escolha a coluna'}
        disabled={!props.row.column}
        data={suggestions.data?.values ?? []}
        value={props.row.values}
        onChange={(values) => props.onChange({ ...props.row, values })}
        searchValue={search}
        onSearchChange={setSearch}
        maxTags={CAMPAIGN_LIMITS.maxFilterValues}
        clearable
        style={{ flex: 1 }}
      />
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        mb={2}
        aria-label={`Remover filtro ${n}`}
        onClick={props.onRemove}
      >
        <IconTrash size={18} />
      </ActionIcon>
    </Group>
  );
}

export function MailingFilters(props: {
  mailingId: number;
  columns: string[];
  value: TMailingFilter[];
  onChange: (rows: TMailingFilter[]) => void;
}) {
  const rows = props.value;
  const set = (i: number, row: TMailingFilter) => props.onChange(rows.map((r, j) => (j === i ? row : r)));
  return (
    <Stack gap="xs" mt="md">
      <Text size="sm" fw={500}>
        Filtros do mailing
      </Text>
      <Text size="xs" c="dimmed">
        Opcional: só os contatos cujas colunas têm um dos valores escolhidos recebem a campanha.
      </Text>
      {rows.map((row, i) => (
        <FilterRow
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
          key={i}
          index={i}
          mailingId={props.mailingId}
          columns={props.columns}
          row={row}
          onChange={(r) => set(i, r)}
          onRemove={() => props.onChange(rows.filter((_, j) => j !== i))}
        />
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconFilter size={14} />}
          disabled={rows.length >= CAMPAIGN_LIMITS.maxFilterColumns}
          onClick={() => props.onChange([...rows, { column: '', values: [] }])}
        >
          Adicionar filtro
        </Button>
      </Group>
    </Stack>
  );
}
