import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Code,
  Group,
  Stack,
  Switch,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TIpFilter } from '@prosa/shared/company';
import { ipAllowed, isIpv4, type TIpEntry } from '@prosa/shared/ip';
import { MSG } from '@prosa/shared/messages';
import { IconAlertTriangle, IconPlus, IconTrash, IconWorld } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useCurrentUser } from '../auth/session-context';
import { useSaveCompanyIpFilter } from '../companies/api';
import { useSaveIpFilter } from './api';
import { IpEntryForm } from './ip-entry-form';

/** companyId: a company opened in company edit; without it, the caller's own company (security page). */
type Props = { filter: TIpFilter; currentIp: string; companyId?: number };

const sameFilter = (a: TIpFilter, b: TIpFilter) => JSON.stringify(a) === JSON.stringify(b);

/** Company IP allow-list (spec 2 §5): edits stay local until "Salvar Alterações". */
export function IpFilterCard({ filter, currentIp, companyId }: Props) {
  const me = useCurrentUser();
  const saveOwn = useSaveIpFilter();
  const saveOther = useSaveCompanyIpFilter(companyId);
  const save = companyId === undefined ? saveOwn : saveOther;
  // Only a list of one's own company can lock the caller out.
  const ownCompany = companyId === undefined || companyId === me.companyId;
  const [baseline, setBaseline] = useState<TIpFilter>(filter);
  const [draft, setDraft] = useState<TIpFilter>(filter);
  const dirty = !sameFilter(draft, baseline);

  // New server values (a save here or by another admin) replace the list unless it has unsaved edits.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs only when the server's list changes
  useEffect(() => {
    if (sameFilter(draft, baseline)) setDraft(filter);
    setBaseline(filter);
  }, [JSON.stringify(filter)]);

  const hasCurrentIp = draft.ips.some((e) => e.ip === currentIp && e.mask === 32);
  const lockedOut = ownCompany && draft.use_filter_ip && !ipAllowed(currentIp, draft.ips);

  const add = (entry: TIpEntry) => setDraft((d) => ({ ...d, ips: [...d.ips, entry] }));
  const remove = (entry: TIpEntry) =>
    modals.openConfirmModal({
      title: 'Remover IP',
      children: (
        <Text size="sm">
          Deseja remover o IP <strong>{`${entry.ip}/${entry.mask}`}</strong> da lista? A remoção só vale
          depois de salvar as alterações.
        </Text>
      ),
      labels: { confirm: 'Remover', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        setDraft((d) => ({ ...d, ips: d.ips.filter((e) => !(e.ip === entry.ip && e.mask === entry.mask)) })),
    });

  return (
    <Card component="section" aria-labelledby="ip-title">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <IconWorld size={22} color="var(--mantine-color-prosa-7)" aria-hidden />
          <Title order={3} fz="lg" id="ip-title">
            Lista de IPs permitidos
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          Com o filtro ligado, só é possível acessar o Prosa a partir dos endereços da lista (IPv4, máscara de
          1 a 32).
        </Text>
        <Switch
          label="Filtrar acesso por IP"
          checked={draft.use_filter_ip}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            setDraft((d) => ({ ...d, use_filter_ip: on }));
          }}
        />
        <Group gap="sm" justify="space-between" p="sm" bg="gray.0" style={{ borderRadius: 8 }}>
          <Text size="sm">
            Seu IP atual: <Code fz="sm">{currentIp}</Code>
          </Text>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlus size={14} />}
            disabled={hasCurrentIp || !isIpv4(currentIp)}
            onClick={() => add({ ip: currentIp, mask: 32 })}
          >
            Adicionar meu IP
          </Button>
        </Group>
        <IpEntryForm list={draft.ips} onAdd={add} />
        <Table withTableBorder verticalSpacing="xs" aria-label="IPs permitidos">
          <Table.Thead bg="gray.0">
            <Table.Tr>
              <Table.Th>IP</Table.Th>
              <Table.Th w={120}>Máscara</Table.Th>
              <Table.Th w={80}>
                <VisuallyHidden>Ações</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {draft.ips.map((entry) => (
              <Table.Tr key={`${entry.ip}/${entry.mask}`}>
                <Table.Td ff="monospace">{entry.ip}</Table.Td>
                <Table.Td>{entry.mask}</Table.Td>
                <Table.Td ta="right">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remover IP ${entry.ip}/${entry.mask}`}
                    onClick={() => remove(entry)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
            {draft.ips.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Text size="sm" c="dimmed" ta="center" py="sm">
                    Nenhum IP na lista.
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
        </Table>
        {lockedOut ? (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={20} />}>
            {MSG.ipLockout}
          </Alert>
        ) : null}
        <Group justify="space-between">
          <Text size="sm" c={dirty ? 'orange.8' : 'dimmed'} aria-live="polite">
            {dirty ? 'Há alterações não salvas.' : 'Nenhuma alteração pendente.'}
          </Text>
          <Group gap="sm">
            <Button variant="default" disabled={!dirty || save.isPending} onClick={() => setDraft(baseline)}>
              Descartar
            </Button>
            <Button loading={save.isPending} disabled={!dirty} onClick={() => save.mutate(draft)}>
              Salvar Alterações
            </Button>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
