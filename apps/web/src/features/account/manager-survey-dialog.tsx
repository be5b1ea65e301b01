import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { ACCOUNT_MSG, SURVEY_MAX_CHOICES } from '@prosa/shared/account-texts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { profileApi } from './api';
import { type TManagerSurveyData, toggleChoice } from './manager-survey-modal';

/** The survey's dialog, loaded only when a manager has it to answer (manager-survey-modal.tsx). */
export function ManagerSurveyDialog(props: {
  data: TManagerSurveyData;
  onDismiss: () => void;
  onAnswered: () => void;
}) {
  const { data, onDismiss, onAnswered } = props;
  const [choices, setChoices] = useState<string[]>([]);
  const send = useMutation({
    mutationFn: profileApi.answerSurvey,
    onSuccess: (r) => {
      toast.success(r.message);
      onAnswered();
    },
    onError: (error) => toast.apiError(error),
  });
  return (
    <Modal opened onClose={onDismiss} title="Pesquisa rápida" centered size="md">
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
          <Button variant="default" onClick={onDismiss}>
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
