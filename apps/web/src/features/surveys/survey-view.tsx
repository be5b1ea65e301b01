import {
  Alert,
  Anchor,
  Badge,
  Group,
  Image,
  Loader,
  Modal,
  Progress,
  Stack,
  Text,
  Title,
  Typography,
} from '@mantine/core';
import { formatDateTime } from '@prosa/shared/dates';
import { SURVEY_MSG, SURVEY_TYPE_LABEL } from '@prosa/shared/surveys-texts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../lib/query-keys';
import { useSurvey } from './api';

/** A survey's details and its answers counted per question and option, with the 'Outros' texts. */
export function SurveyView(props: { id: number | null; timezone: string; onClose: () => void }) {
  const survey = useSurvey(props.id);
  const s = survey.data;
  const queryClient = useQueryClient();
  const answers = s?.answers_count;
  // Answers arrive without an event to the admin: what the view counted refreshes the list behind it.
  useEffect(() => {
    if (answers !== undefined)
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.surveysAdmin, 'list'] });
  }, [answers, queryClient]);
  return (
    <Modal opened={props.id !== null} onClose={props.onClose} title="Pesquisa" size="lg" centered>
      {survey.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Carregando pesquisa" />
        </Group>
      ) : survey.isError || !s ? (
        <Alert color="red" icon={<IconAlertCircle />}>
          {SURVEY_MSG.findError}
        </Alert>
      ) : (
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={4}>{s.title}</Title>
            <Group gap="xs">
              <Badge variant="light">{SURVEY_TYPE_LABEL[s.type]}</Badge>
              <Text size="sm" c="dimmed">
                Publicada em {formatDateTime(s.created_at, props.timezone)}
              </Text>
            </Group>
            <Text size="sm">
              Empresas: {s.companies.length === 0 ? 'todas' : s.companies.map((c) => c.name).join(', ')}
            </Text>
            <Text size="sm" fw={600} data-testid="survey-answers-count">
              {s.answers_count === 1 ? '1 resposta' : `${s.answers_count} respostas`}
            </Text>
          </Stack>
          {s.image_url ? <Image src={s.image_url} alt="" mah={200} fit="contain" radius="sm" /> : null}
          {s.description ? <Text size="sm">{s.description}</Text> : null}
          {s.info ? (
            <Typography>
              <div
                // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server on save (modules/surveys/sanitize-info.ts)
                dangerouslySetInnerHTML={{ __html: s.info }}
              />
            </Typography>
          ) : null}
          {s.type === 'external_form' && s.link ? (
            <Text size="sm">
              Formulário:{' '}
              <Anchor href={s.link} target="_blank" rel="noopener noreferrer">
                {s.link}
              </Anchor>
            </Text>
          ) : null}
          {s.summary.map((q, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: questions are identified by their index (spec 3 §3)
            <Stack key={i} gap={6}>
              <Text fw={600} size="sm">
                {i + 1}. {q.text}
              </Text>
              {q.options.map((o) => (
                <Stack key={o.option} gap={2}>
                  <Group justify="space-between">
                    <Text size="sm">{o.option}</Text>
                    <Text size="sm" c="dimmed">
                      {o.count}
                    </Text>
                  </Group>
                  <Progress
                    value={s.answers_count > 0 ? (o.count / s.answers_count) * 100 : 0}
                    aria-label={`${o.option}: ${o.count}`}
                  />
                </Stack>
              ))}
              {s.questions[i]?.others ? (
                <Stack gap={2}>
                  <Group justify="space-between">
                    <Text size="sm">Outros</Text>
                    <Text size="sm" c="dimmed">
                      {q.others_count}
                    </Text>
                  </Group>
                  <Progress
                    value={s.answers_count > 0 ? (q.others_count / s.answers_count) * 100 : 0}
                    aria-label={`Outros: ${q.others_count}`}
                  />
                  {q.others.map((t, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: free texts may repeat
                    <Text key={j} size="sm" c="dimmed">
                      “{t}”
                    </Text>
                  ))}
                </Stack>
              ) : null}
            </Stack>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
