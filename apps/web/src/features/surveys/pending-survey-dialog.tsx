import { Button, Group, Image, Modal, Radio, Stack, Text, Textarea, Typography } from '@mantine/core';
import type { TPendingSurvey } from '@prosa/shared/surveys';
import { SURVEY_MSG, SURVEY_OTHERS_CHOICE } from '@prosa/shared/surveys-texts';
import { IconExternalLink } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { pendingSurveysApi, type TSurveyAnswers } from './pending-api';

type Draft = Record<string, { choice: string | null; others: string }>;

/** What is missing before "Enviar" can send: null when every question has its answer. */
export function missingAnswer(survey: TPendingSurvey, draft: Draft): string | null {
  for (const [i, q] of survey.questions.entries()) {
    const a = draft[String(i)];
    if (!a?.choice) return SURVEY_MSG.answerAll;
    if (q.others && a.choice === SURVEY_OTHERS_CHOICE && !a.others.trim()) return SURVEY_MSG.othersRequired;
  }
  return null;
}

const toAnswers = (draft: Draft): TSurveyAnswers =>
  Object.fromEntries(
    Object.entries(draft).map(([k, a]) => [
      k,
      { choice: a.choice, others: a.choice === SURVEY_OTHERS_CHOICE ? a.others.trim() : null },
    ]),
  );

/** The survey's dialog, loaded only when the user has one to answer (pending-survey-modal.tsx). */
export function PendingSurveyDialog(props: {
  survey: TPendingSurvey;
  onLater: () => void;
  onAnswered: () => void;
}) {
  const { survey } = props;
  const [draft, setDraft] = useState<Draft>({});
  const send = useMutation({
    mutationFn: (answers: TSurveyAnswers) => pendingSurveysApi.answer(survey.id, answers),
    onSuccess: () => {
      toast.success(SURVEY_MSG.answered);
      props.onAnswered();
    },
    onError: (error) => toast.error(errorMessage(error, SURVEY_MSG.answerError)),
  });
  const missing = survey.type === 'questions' ? missingAnswer(survey, draft) : null;
  const submit = () => {
    // One send in flight (spec 3 §4): a double click sends once.
    if (send.isPending) return;
    send.mutate(survey.type === 'questions' ? toAnswers(draft) : {});
  };
  const set = (i: number, patch: Partial<Draft[string]>) =>
    setDraft((d) => {
      const prev = d[String(i)] ?? { choice: null, others: '' };
      return { ...d, [String(i)]: { ...prev, ...patch } };
    });

  return (
    <Modal
      opened
      onClose={props.onLater}
      title={<Text fw={700}>{survey.title}</Text>}
      centered
      size="lg"
      closeOnClickOutside={false}
    >
      <Stack gap="md">
        {survey.image_url ? (
          <Image src={survey.image_url} alt="" radius="md" mah={240} fit="contain" />
        ) : null}
        {survey.description ? (
          <Text size="sm" c="dimmed">
            {survey.description}
          </Text>
        ) : null}
        {survey.info ? (
          <Typography>
            <div
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server on save (modules/surveys/sanitize-info.ts)
              dangerouslySetInnerHTML={{ __html: survey.info }}
            />
          </Typography>
        ) : null}
        {survey.type === 'questions' ? (
          survey.questions.map((q, i) => {
            const a = draft[String(i)];
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: questions are identified by their index (spec 3 §3)
              <Stack key={i} gap={6}>
                <Radio.Group
                  label={`${i + 1}. ${q.text}`}
                  value={a?.choice ?? null}
                  onChange={(choice) => set(i, { choice })}
                >
                  <Stack gap={6} mt={6}>
                    {q.options.map((o) => (
                      <Radio key={o} value={o} label={o} />
                    ))}
                    {q.others ? <Radio value={SURVEY_OTHERS_CHOICE} label="Outros" /> : null}
                  </Stack>
                </Radio.Group>
                {q.others && a?.choice === SURVEY_OTHERS_CHOICE ? (
                  <Textarea
                    aria-label={`Outros: ${q.text}`}
                    placeholder="Descreva sua resposta"
                    autosize
                    minRows={2}
                    maxLength={1000}
                    value={a.others}
                    onChange={(e) => set(i, { others: e.currentTarget.value })}
                  />
                ) : null}
              </Stack>
            );
          })
        ) : (
          <Stack gap={6}>
            <Text size="sm">Esta pesquisa é respondida em um formulário externo, que abre em outra aba.</Text>
            <Button
              component="a"
              href={survey.link ?? undefined}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              rightSection={<IconExternalLink size={16} />}
              style={{ alignSelf: 'flex-start' }}
            >
              Abrir formulário
            </Button>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onLater} disabled={send.isPending}>
            Responder depois
          </Button>
          {survey.type === 'questions' ? (
            <Button
              disabled={missing !== null}
              loading={send.isPending}
              onClick={submit}
              title={missing ?? undefined}
            >
              Enviar
            </Button>
          ) : (
            <Button loading={send.isPending} onClick={submit}>
              Já respondi
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
