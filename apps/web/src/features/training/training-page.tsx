import { Accordion, Alert, Badge, Button, Group, Loader, Paper, Progress, Stack, Text } from '@mantine/core';
import { lessonsForRole } from '@prosa/shared/training';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { PageHeader } from '../../components/page-header';
import { useCurrentUser } from '../auth/session-context';
import { useMarkLesson, useTrainingProgress } from './api';

/** "Treinamento" (spec 2 §2 training screen): the lessons of the user's role, each marked as done when read. */
export function TrainingPage() {
  const user = useCurrentUser();
  const lessons = lessonsForRole(user.role);
  const progress = useTrainingProgress();
  const mark = useMarkLesson();
  const done = new Set(progress.data?.done ?? []);
  const count = lessons.filter((l) => done.has(l.id)).length;
  const percent = lessons.length === 0 ? 0 : Math.round((count / lessons.length) * 100);

  return (
    <Stack gap="lg" maw={900}>
      <PageHeader
        title="Treinamento"
        description="Lições curtas sobre o Prosa para a sua função. Marque cada lição como concluída ao terminar a leitura."
      />
      <Paper withBorder p="md" radius="md">
        <Stack gap={6}>
          <Group justify="space-between">
            <Text fw={600}>Seu progresso</Text>
            <Text size="sm" c="dimmed" data-testid="training-progress">
              {count} de {lessons.length} lições concluídas
            </Text>
          </Group>
          <Progress value={percent} aria-label="Progresso do treinamento" />
        </Stack>
      </Paper>
      {progress.isPending ? <Loader size="sm" /> : null}
      {progress.isError ? <Alert color="red">Erro ao carregar o progresso do treinamento.</Alert> : null}
      <Accordion variant="separated" radius="md" multiple>
        {lessons.map((lesson, i) => {
          const isDone = done.has(lesson.id);
          return (
            <Accordion.Item key={lesson.id} value={lesson.id}>
              <Accordion.Control
                icon={
                  isDone ? (
                    <IconCircleCheck size={20} color="var(--mantine-color-teal-6)" aria-hidden />
                  ) : (
                    <IconCircleDashed size={20} color="var(--mantine-color-gray-5)" aria-hidden />
                  )
                }
              >
                <Group gap="sm">
                  <Text fw={500}>
                    {i + 1}. {lesson.title}
                  </Text>
                  {isDone ? (
                    <Badge color="teal" variant="light">
                      Concluída
                    </Badge>
                  ) : null}
                  {lesson.minRole > 0 ? (
                    <Badge color="gray" variant="outline">
                      Gestores
                    </Badge>
                  ) : null}
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap="sm">
                  {lesson.paragraphs.map((p) => (
                    <Text key={p} size="sm">
                      {p}
                    </Text>
                  ))}
                  <Group>
                    <Button
                      size="xs"
                      variant={isDone ? 'default' : 'filled'}
                      loading={mark.isPending && mark.variables?.id === lesson.id}
                      disabled={progress.isPending}
                      onClick={() => mark.mutate({ id: lesson.id, done: !isDone })}
                    >
                      {isDone ? 'Marcar como não concluída' : 'Marcar como concluída'}
                    </Button>
                  </Group>
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </Stack>
  );
}
