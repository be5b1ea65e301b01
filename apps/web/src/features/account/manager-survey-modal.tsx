import { SURVEY_MAX_CHOICES } from '@prosa/shared/account-texts';
import { ROLE } from '@prosa/shared/roles';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { lazyComponent } from '../../lib/lazy-page';
import { useCurrentUser } from '../auth/session-context';
import { profileApi } from './api';

const SURVEY_KEY = ['manager-survey'] as const;

export type TManagerSurveyData = Awaited<ReturnType<typeof profileApi.managerSurvey>>;

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

// Most sessions never show the survey: its dialog (checkboxes, modal) loads only when there is one to answer.
const ManagerSurveyDialog = lazyComponent(
  () => import('./manager-survey-dialog').then((m) => m.ManagerSurveyDialog),
  () => null,
);

/** The manager survey (spec 3 §2, §6): shown once to a manager who has not answered; one send in flight. */
export function ManagerSurveyModal() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [dismissed, setDismissed] = useState(false);
  const survey = useQuery({
    queryKey: SURVEY_KEY,
    queryFn: profileApi.managerSurvey,
    enabled: user.role === ROLE.manager,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (user.role !== ROLE.manager || !survey.data?.show || dismissed) return null;
  return (
    <ManagerSurveyDialog
      data={survey.data}
      onDismiss={() => setDismissed(true)}
      onAnswered={() =>
        queryClient.setQueryData(SURVEY_KEY, (old: TManagerSurveyData | undefined) =>
          old ? { ...old, show: false } : old,
        )
      }
    />
  );
}
