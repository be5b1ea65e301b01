import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { ACCOUNT_MSG, SURVEY_MAX_CHOICES } from '@prosa/shared/account-texts';
import { ROLE } from '@prosa/shared/roles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { useCurrentUser } from '../auth/session-context';
import { profileApi } from './api';

const SURVEY_KEY = ['manager-survey'] as const;

/** Picking a 4th option is refused with the spec text; the choice list never holds more than 3. */
export function toggleChoice(
  choices: string[],
  key: string,
  checked: boolean,
): { choices: string[]; refused: boolean } {
  if (!checked) return { choices: choices.filter((c) => c !== key), refused: false };
  if (choices.includes(key)) return { choices, refused: false };
  if (choices.length >= SURVEY_MAX_CHOICES) return { choices, refused: true };
  return { choices: [...choices, key], refused: false };
}

/** The manager survey (spec 3 §2, §6): shown once to a manager who has not answered; one send in flight. */
export function ManagerSurveyModal() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [choices, setChoices] = useState<string[]>([]);
  const [dismissed, setDismissed] = useState(false);
  const survey = useQuery({
    queryKey: SURVEY_KEY,
    queryFn: profileApi.managerSurvey,
    enabled: user.role === ROLE.manager,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const send = useMutation({
    mutationFn: profileApi.answerSurvey,
    onSuccess: (r) => {
      toast.success(r.message);
      queryClient.setQueryData(SURVEY_KEY, (old: typeof survey.data) =>
        old ? { ...old, show: false } : old,
      );
    },
    onError: (error) => toast.apiError(error),
  });
  if (user.role !== ROLE.manager || !survey.data?.show || dismissed) return null;
  const data = survey.data;
  return (
    <Modal opened onClose={() => setDismissed(true)} title="Pesquisa rápida" centered size="md">
      <Stack gap="md">
        <Text size="sm">{data.question}</Text>
        <Stack gap="xs" role="group" aria-label="Opções da pesquisa">
          {data.options.map((o) => (
            <Checkbox
              key={o.key}
              label={o.label}
              checked={choices.includes(o.key)}
              onChange={(e) => {
                const r = toggleChoice(choices, o.key, e.currentTarget.checked);
                if (r.refused) toast.warning(ACCOUNT_MSG.surveyMax);
                setChoices(r.choices);
              }}
            />
          ))}
        </Stack>
        <Text size="xs" c="dimmed">
          {choices.length} de {SURVEY_MAX_CHOICES} opções escolhidas
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setDismissed(true)}>
            Responder depois
          </Button>
          <Button
            disabled={choices.length === 0}
            loading={send.isPending}
            onClick={() => {
              if (!send.isPending) send.mutate(choices);
            }}
          >
            Enviar resposta
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
