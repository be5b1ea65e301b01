import { Button, EmptyState, Paper, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import type { TCard } from '@prosa/shared/attendance';
import { IconAlertCircle, IconInbox, IconRefresh } from '@tabler/icons-react';
import type { TCardView } from '../account/use-card-view';
import type { TStatus } from '../statuses/api';
import { AttendanceCard } from './attendance-card';

type Props = {
  cards: TCard[] | undefined;
  pending: boolean;
  failed: boolean;
  filtered: boolean;
  layout: TCardView;
  statuses: Map<number, TStatus>;
  userId: number;
  onOpen: (id: number) => void;
  onRetry: () => void;
};

function Cards({ children, layout }: { children: React.ReactNode; layout: TCardView }) {
  return layout === 'grid' ? (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="sm" data-layout="grid">
      {children}
    </SimpleGrid>
  ) : (
    <Stack gap="xs" data-layout="list">
      {children}
    </Stack>
  );
}

/** The cards of the current page as a list or a grid, with loading, empty and error states. */
export function CardList(props: Props) {
  const { cards, layout } = props;
  if (props.pending && !cards) {
    return (
      <Cards layout={layout}>
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Paper key={i} withBorder p="sm" radius="md" aria-hidden>
            <Stack gap={8}>
              <Skeleton h={14} w="40%" />
              <Skeleton h={10} w="30%" />
              <Skeleton h={12} w="80%" />
            </Stack>
          </Paper>
        ))}
      </Cards>
    );
  }
  if (props.failed && !cards) {
    return (
      <EmptyState
        py="xl"
        icon={<IconAlertCircle size={28} />}
        color="red"
        variant="light"
        title="Não foi possível carregar os atendimentos"
        description="Verifique sua conexão e tente novamente."
      >
        <EmptyState.Actions>
          <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={props.onRetry}>
            Tentar novamente
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }
  if (!cards || cards.length === 0) {
    return (
      <EmptyState
        py="xl"
        icon={<IconInbox size={28} />}
        title={props.filtered ? 'Nenhum atendimento com este filtro' : 'Nenhum atendimento por aqui'}
        description={
          props.filtered
            ? 'Escolha outro filtro ou setor para ver mais atendimentos.'
            : 'Quando um contato enviar uma mensagem, o atendimento aparecerá nesta lista em tempo real.'
        }
      />
    );
  }
  return (
    <Cards layout={layout}>
      {cards.map((card) => (
        <AttendanceCard
          key={card.id}
          card={card}
          status={card.status === null ? undefined : props.statuses.get(card.status)}
          userId={props.userId}
          layout={layout}
          onOpen={props.onOpen}
        />
      ))}
    </Cards>
  );
}
