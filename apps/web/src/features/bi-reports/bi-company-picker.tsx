import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TBiCompanyRef } from '@prosa/shared/bi-reports';
import { useMemo, useState } from 'react';
import { useBiCompanies } from './api';

/** The companies whose managers see the report, found by name on the server (spec 3 §7 company search {term}). */
export function BiCompanyPicker(props: {
  value: string[];
  initial: TBiCompanyRef[];
  error?: string;
  onChange: (ids: string[]) => void;
}) {
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search, 300);
  const companies = useBiCompanies(term);
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
      description="Os gestores destas empresas veem o relatório."
      placeholder={props.value.length ? undefined : 'Buscar empresa pelo nome'}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={companies.isFetching ? 'Buscando…' : 'Nenhuma empresa encontrada'}
      data={options}
      maxDropdownHeight={240}
      value={props.value}
      error={props.error}
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
