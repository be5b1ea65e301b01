import { Badge, Chip, CloseButton, Group, SegmentedControl, Tabs, Text, VisuallyHidden } from '@mantine/core';
import type { TCardPage } from '@prosa/shared/attendance';
import { ATTENDANCE_FILTERS, FILTER_LABEL, type TAttendanceFilter } from '@prosa/shared/attendance-constants';
import { IconLayoutGrid, IconLayoutList } from '@tabler/icons-react';
import { channelLabel } from '../../components/channel-icon';
import type { TCardView } from '../account/use-card-view';
import type { TSector } from '../sectors/api';
import classes from './list-controls.module.css';
import type { TListParams } from './list-params';

export const ALL_SECTORS = 'all';

/** "Todos" and one tab per sector the user sees. */
export function SectorTabs(props: {
  sectors: TSector[];
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}) {
  return (
    <Tabs
      value={props.value === undefined ? ALL_SECTORS : String(props.value)}
      onChange={(v) => props.onChange(v && v !== ALL_SECTORS ? Number(v) : undefined)}
      activateTabWithKeyboard
    >
      <Tabs.List aria-label="Setores">
        <Tabs.Tab value={ALL_SECTORS} fw={500}>
          Todos
        </Tabs.Tab>
        {props.sectors.map((s) => (
          <Tabs.Tab key={s.id} value={String(s.id)} fw={500}>
            {s.name}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

/** The ten attendance filters of spec 1 §2, each with its counter. */
export function FilterChips(props: {
  value: TAttendanceFilter;
  counters: TCardPage['counters'] | undefined;
  onChange: (filter: TAttendanceFilter) => void;
}) {
  return (
    <Chip.Group value={props.value} onChange={(v) => props.onChange(v as TAttendanceFilter)}>
      <div className={classes.chips} role="radiogroup" aria-label="Filtros de atendimento">
        {ATTENDANCE_FILTERS.map((f) => {
          const count = props.counters?.[f];
          return (
            <Chip key={f} value={f} size="sm" variant="outline" radius="sm">
              {FILTER_LABEL[f]}
              {count === undefined ? null : (
                <Badge
                  component="span"
                  size="xs"
                  ml={6}
                  variant={f === props.value ? 'filled' : 'light'}
                  color={count > 0 ? undefined : 'gray'}
                  aria-hidden
                >
                  {count}
                </Badge>
              )}
              {count === undefined ? null : <VisuallyHidden>{` (${count})`}</VisuallyHidden>}
            </Chip>
          );
        })}
      </div>
    </Chip.Group>
  );
}

/** List or grid; the choice is saved in the user's settings. */
export function ViewToggle(props: {
  value: TCardView;
  onChange: (view: TCardView) => void;
  disabled?: boolean;
}) {
  return (
    <SegmentedControl
      aria-label="Exibição dos atendimentos"
      size="xs"
      value={props.value}
      onChange={(v) => props.onChange(v === 'grid' ? 'grid' : 'list')}
      disabled={props.disabled}
      data={[
        {
          value: 'list',
          label: (
            <Group gap={6} wrap="nowrap">
              <IconLayoutList size={16} aria-hidden />
              <span>Lista</span>
            </Group>
          ),
        },
        {
          value: 'grid',
          label: (
            <Group gap={6} wrap="nowrap">
              <IconLayoutGrid size={16} aria-hidden />
              <span>Grade</span>
            </Group>
          ),
        },
      ]}
    />
  );
}

/** Filters that came in the address (status, channel, contact), each removable. */
export function AddressFilters(props: {
  params: TListParams;
  statusName: string | undefined;
  onRemove: (key: 'status' | 'kind' | 'contact_id') => void;
}) {
  const { params } = props;
  const items: { key: 'status' | 'kind' | 'contact_id'; label: string }[] = [];
  if (params.status !== undefined)
    items.push({ key: 'status', label: `Status: ${props.statusName ?? params.status}` });
  if (params.kind !== undefined) items.push({ key: 'kind', label: `Canal: ${channelLabel(params.kind)}` });
  if (params.contact_id !== undefined)
    items.push({ key: 'contact_id', label: `Contato nº ${params.contact_id}` });
  if (items.length === 0) return null;
  return (
    <Group gap={6}>
      <Text size="xs" c="dimmed">
        Filtrando por:
      </Text>
      {items.map((item) => (
        <Badge
          key={item.key}
          variant="light"
          color="blue"
          pr={2}
          rightSection={
            <CloseButton
              size="xs"
              aria-label={`Remover filtro ${item.label}`}
              onClick={() => props.onRemove(item.key)}
            />
          }
        >
          {item.label}
        </Badge>
      ))}
    </Group>
  );
}
