import { Alert, Badge, Card, Group, NavLink, Skeleton, Stack, Text } from '@mantine/core';
import { KNOWLEDGE_MSG } from '@prosa/shared/knowledge';
import { IconAlertCircle, IconFlame } from '@tabler/icons-react';
import { CardTitle } from '../account/card-title';
import { type TKnowledgeItem, useMostUsed } from './api';

/** "Mais usadas": the 7 answers inserted most often in the chat; a click shows the answer in the list. */
export function MostUsedCard({ onPick }: { onPick: (item: TKnowledgeItem) => void }) {
  const mostUsed = useMostUsed();
  return (
    <Card component="section" aria-labelledby="most-used-title">
      <Stack gap="sm">
        <CardTitle
          id="most-used-title"
          icon={<IconFlame size={22} color="var(--mantine-color-orange-6)" aria-hidden />}
        >
          Mais usadas
        </CardTitle>
        {mostUsed.isError ? (
          <Alert color="red" icon={<IconAlertCircle />} title={KNOWLEDGE_MSG.readyAnswersLoadError} />
        ) : mostUsed.isPending ? (
          <Stack gap="xs" aria-hidden>
            {[1, 2, 3].map((i) => (
              <Skeleton key={i} h={28} />
            ))}
          </Stack>
        ) : mostUsed.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhuma resposta foi usada no chat ainda.
          </Text>
        ) : (
          <Stack gap={2} component="ol" aria-label="Respostas mais usadas" p={0} m={0}>
            {mostUsed.data.map((item, index) => (
              <li key={item.id} style={{ listStyle: 'none' }}>
                <NavLink
                  component="button"
                  onClick={() => onPick(item)}
                  label={
                    <Group gap="xs" wrap="nowrap" justify="space-between">
                      <Text size="sm" fw={500} truncate>
                        {index + 1}. {item.title}
                      </Text>
                      <Badge size="sm" variant="light" color="gray" style={{ flexShrink: 0 }}>
                        {item.uses === 1 ? '1 uso' : `${item.uses} usos`}
                      </Badge>
                    </Group>
                  }
                  style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                />
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
