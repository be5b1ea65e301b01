import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ROLE } from '@prosa/shared/roles';
import { useMemo, useState } from 'react';
import { useCurrentUser } from '../auth/session-context';
import { useTargetCompanies } from './api';

/**
 * The companies a notification is for, found by name on the server (the companies the admin manages); none
 * chosen means every company the admin reaches.
 */
export function CompanyPicker(props: {
  value: string[];
  initial: { id: number; name: string }[];
  error?: string;
  onChange: (ids: string[]) => void;
}) {
  const user = useCurrentUser();
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search, 300);
  const companies = useTargetCompanies(term);
  // Names of the companies already chosen stay known while the search shows others.
  const [known, setKnown] = useState(() => new Map(props.initial.map((c) => [String(c.id), c.name])));
  const options = useMemo(() => {
    const all = new Map(known);
    for (const c of companies.data?.items ?? []) all.set(String(c.id), c.name);
    return [...all].map(([value, label]) => ({ value, label }));
  }, [known, companies.data]);

  return (
    <MultiSelect
      label="Empresas"
      placeholder={props.value.length ? undefined : 'Buscar empresa pelo nome'}
      description={
        user.role >= ROLE.lord
          ? 'Nenhuma escolhida: todas as empresas.'
          : 'Nenhuma escolhida: todas as empresas que você administra.'
      }
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
