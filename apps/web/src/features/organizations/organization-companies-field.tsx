import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useOrganizationCompanies } from './api';

/** The organization's companies, searched by name among those the admin reaches. */
export function OrganizationCompaniesField(props: {
  value: string[];
  initial: { id: number; name: string }[];
  onChange: (ids: string[]) => void;
}) {
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search, 300);
  const companies = useOrganizationCompanies(term);
  // Names of the companies already chosen stay known while the search shows others.
  const [known, setKnown] = useState(() => new Map(props.initial.map((c) => [String(c.id), c.name])));
  const options = useMemo(() => {
    const all = new Map(known);
    for (const c of companies.data ?? []) all.set(String(c.id), c.name);
    return [...all].map(([value, label]) => ({ value, label }));
  }, [known, companies.data]);

  return (
    <MultiSelect
      label="Empresas"
      placeholder={props.value.length ? undefined : 'Buscar empresa pelo nome'}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={companies.isFetching ? 'Buscando…' : 'Nenhuma empresa encontrada'}
      data={options}
      maxDropdownHeight={240}
      value={props.value}
      onChange={(ids) => {
        setKnown((old) => {
          const next = new Map(old);
          for (const id of ids) {
            const label = options.find((o) => o.value === id)?.label;
            if (label) next.set(id, label);
          }
          return next;
        });
        props.onChange(ids);
      }}
    />
  );
}
