import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Drawer,
  Group,
  Indicator,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconSearch, IconUsers } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useFilterOperators } from './api';
import type { TListParams } from './list-params';
import { OPERATOR_STATE, operatorFilterCount, toggleOperator, visibleOperators } from './operator-filter';

type Value = Pick<TListParams, 'operator_ids' | 'unassigned'>;

/** The chat list's operator filter (spec 1 §2 side modal "operator filter"), for managers and up. */
export function OperatorFilter({ value, onChange }: { value: Value; onChange: (next: Value) => void }) {
  const [opened, setOpened] = useState(false);
  const count = operatorFilterCount(value);
  return (
    <>
      <Indicator label={count} size={16} disabled={count === 0} offset={4}>
        <Button
          variant={count > 0 ? 'light' : 'default'}
          leftSection={<IconUsers size={16} />}
          onClick={() => setOpened(true)}
          aria-label={count > 0 ? `Filtrar por operador (${count} selecionados)` : 'Filtrar por operador'}
        >
          Operadores
        </Button>
      </Indicator>
      <OperatorFilterDrawer
        opened={opened}
        onClose={() => setOpened(false)}
        value={value}
        onChange={onChange}
      />
    </>
  );
}

function OperatorFilterDrawer(props: {
  opened: boolean;
  onClose: () => void;
  value: Value;
  onChange: (next: Value) => void;
}) {
  // The choice shows at once; the URL (and the list) follow it. A change from elsewhere (back button) comes in.
  const [value, setValue] = useState(props.value);
  const key = `${props.value.operator_ids?.join(',') ?? ''}|${props.value.unassigned === true}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the value's contents
  useEffect(() => setValue(props.value), [key]);
  const onChange = (next: Value) => {
    setValue(next);
    props.onChange(next);
  };
  const operators = useFilterOperators(props.opened);
  const [search, setSearch] = useState('');
  const chosen = value.operator_ids ?? [];
  const shown = visibleOperators(operators.data ?? [], search, chosen);
  return (
    <Drawer
      opened={props.opened}
      onClose={props.onClose}
      position="right"
      size="sm"
      title={
        <Text fw={650} size="lg">
          Filtrar por operador
        </Text>
      }
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          A lista mostra só os atendimentos dos operadores marcados.
        </Text>
        <TextInput
          aria-label="Buscar operador"
          placeholder="Buscar operador pelo nome"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          data-autofocus
        />
        <Checkbox
          label="Sem operador"
          checked={value.unassigned === true}
          onChange={(e) => onChange({ ...value, unassigned: e.currentTarget.checked || undefined })}
        />
        {operators.isPending ? (
          <Stack gap="xs" aria-label="Carregando operadores">
            <Skeleton h={20} />
            <Skeleton h={20} />
            <Skeleton h={20} />
          </Stack>
        ) : null}
        {operators.isError ? (
          <Alert color="red" icon={<IconAlertCircle />} title="Não foi possível carregar os operadores.">
            Tente novamente em instantes.
          </Alert>
        ) : null}
        {operators.data ? (
          <Stack gap="xs" role="group" aria-label="Operadores">
            {shown.map((op) => {
              const state = OPERATOR_STATE[op.operator_status];
              return (
                <Group key={op.id} justify="space-between" wrap="nowrap">
                  <Checkbox
                    label={op.name}
                    checked={chosen.includes(op.id)}
                    onChange={() =>
                      onChange({ ...value, operator_ids: toggleOperator(value.operator_ids, op.id) })
                    }
                  />
                  <Badge size="sm" variant="light" color={state?.color ?? 'gray'}>
                    {state?.label ?? op.operator_status}
                  </Badge>
                </Group>
              );
            })}
            {shown.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nenhum operador encontrado.
              </Text>
            ) : null}
          </Stack>
        ) : null}
        <Group justify="space-between" mt="sm">
          <Button
            variant="subtle"
            disabled={operatorFilterCount(value) === 0}
            onClick={() => onChange({ operator_ids: undefined, unassigned: undefined })}
          >
            Limpar filtro
          </Button>
          <Button onClick={props.onClose}>Fechar</Button>
        </Group>
      </Stack>
    </Drawer>
  );
}
