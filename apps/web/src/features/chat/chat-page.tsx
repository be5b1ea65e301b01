import { Card, EmptyState, Skeleton, Stack, Tabs } from '@mantine/core';
import { ROLE } from '@prosa/shared/roles';
import { IconInbox } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { RealtimeBadge } from '../../components/realtime-badge';
import { toast } from '../../lib/toast';
import { useCurrentUser } from '../auth/session-context';
import { type TSector, useSectors } from './api';

const SECTORS_ERROR = 'O setor responsável pelo atendimento não foi localizado.';

/** Admins see every sector; other users see the sectors they belong to. */
function visibleSectors(sectors: TSector[], role: number, sectorIds: number[]) {
  const sorted = [...sectors].sort((a, b) => a.position - b.position);
  return role >= ROLE.admin ? sorted : sorted.filter((s) => sectorIds.includes(s.id));
}

/** The chat screen (spec 1 §2 main.chat); the attendance list arrives in a later version. */
export function ChatPage() {
  const user = useCurrentUser();
  const sectors = useSectors();
  const list = visibleSectors(sectors.data ?? [], user.role, user.sectorIds);
  const [active, setActive] = useState<string | null>(null);
  const current = list.find((s) => String(s.id) === active) ?? list[0];

  useEffect(() => {
    if (sectors.isError) toast.apiError(sectors.error, SECTORS_ERROR);
  }, [sectors.isError, sectors.error]);

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title="Atendimentos"
        description="Conversas com seus contatos, organizadas por setor."
        actions={<RealtimeBadge />}
      />
      <Card padding={0}>
        {sectors.isPending ? (
          <Stack p="lg" gap="sm" aria-label="Carregando setores">
            <Skeleton h={28} w="50%" />
            <Skeleton h={180} />
          </Stack>
        ) : (
          <Tabs value={current ? String(current.id) : null} onChange={setActive} keepMounted={false}>
            <Tabs.List px="md" pt="xs">
              {list.map((sector) => (
                <Tabs.Tab key={sector.id} value={String(sector.id)} fw={500}>
                  {sector.name}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {list.length === 0 ? (
              <Stack p="xl" mih={360} justify="center">
                <EmptyState
                  icon={<IconInbox size={28} />}
                  title="Você ainda não está em nenhum setor"
                  description="Peça ao gestor da sua empresa para incluir você em um setor de atendimento."
                />
              </Stack>
            ) : null}
            {list.map((sector) => (
              <Tabs.Panel key={sector.id} value={String(sector.id)}>
                <Stack p="xl" mih={360} justify="center">
                  <EmptyState
                    icon={<IconInbox size={28} />}
                    title="Nenhum atendimento por aqui"
                    description={`Quando um contato enviar uma mensagem para o setor ${sector.name}, o atendimento aparecerá nesta lista em tempo real.`}
                  />
                </Stack>
              </Tabs.Panel>
            ))}
          </Tabs>
        )}
      </Card>
    </Stack>
  );
}
