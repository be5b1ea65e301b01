import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SURVEY_MSG } from '@prosa/shared/surveys';
import { useEffect, useMemo, useState } from 'react';
import { toast } from '../../lib/toast';
import { useCompanyOptions } from './api';

/** The target companies, found by a fragment of their name; the chosen ones keep their names while searching. */
export function CompanyMultiSelect(props: {
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 250);
  const companies = useCompanyOptions(term);
  const [known, setKnown] = useState<Map<number, string>>(new Map());
  useEffect(() => {
    const items = companies.data?.items;
    if (items) setKnown((m) => new Map([...m, ...items.map((c) => [c.id, c.name] as const)]));
  }, [companies.data]);
  useEffect(() => {
    if (companies.isError) toast.error(SURVEY_MSG.companyError, { id: 'survey-companies-error' });
  }, [companies.isError]);
  const data = useMemo(() => {
    const ids = new Set([...(companies.data?.items ?? []).map((c) => c.id), ...props.value]);
    return [...ids].map((id) => ({ value: String(id), label: known.get(id) ?? `#${id}` }));
  }, [companies.data, props.value, known]);

  return (
    <MultiSelect
      label="Empresas"
      description="Sem empresas escolhidas, a pesquisa vai para todas as empresas que você administra."
      placeholder={props.value.length === 0 ? 'Todas as empresas' : 'Buscar empresa'}
      searchable
      clearable
      data={data}
      value={props.value.map(String)}
      onChange={(v) => props.onChange(v.map(Number))}
      searchValue={search}
      onSearchChange={setSearch}
      // The server filters by name; the list shows what it answered.
      filter={({ options }) => options}
      nothingFoundMessage={companies.isFetching ? 'Buscando…' : 'Nenhuma empresa encontrada'}
      error={props.error}
      maxDropdownHeight={240}
    />
  );
}
