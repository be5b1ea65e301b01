import type { TPendingSurvey } from '@prosa/shared/surveys';
import { SURVEY_MSG } from '@prosa/shared/surveys-texts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { lazyComponent } from '../../lib/lazy-page';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';
import { pendingSurveysApi } from './pending-api';

// Most sessions have no survey to answer: the dialog (radios, HTML, form) loads only when one is waiting.
const PendingSurveyDialog = lazyComponent(
  () => import('./pending-survey-dialog').then((m) => m.PendingSurveyDialog),
  () => null,
);

/**
 * Surveys published to the user's company and not answered yet (spec 3 §2): one at a time, oldest first. A survey
 * published while the user is logged in arrives by the `survey` socket event (lib/realtime.ts refreshes the list).
 * "Responder depois" hides one for this visit only.
 */
export function PendingSurveyModal() {
  const queryClient = useQueryClient();
  const [later, setLater] = useState<number[]>([]);
  const pending = useQuery({ queryKey: queryKeys.pendingSurveys, queryFn: pendingSurveysApi.list });
  useEffect(() => {
    if (pending.isError) toast.error(SURVEY_MSG.findError, { id: 'pending-surveys-error' });
  }, [pending.isError]);
  const survey = pending.data?.find((s) => !later.includes(s.id));
  if (!survey) return null;
  return (
    <PendingSurveyDialog
      key={survey.id}
      survey={survey}
      onLater={() => setLater((ids) => [...ids, survey.id])}
      onAnswered={() => {
        // Closes at once and shows the next one; the refetch confirms with the server.
        queryClient.setQueryData(queryKeys.pendingSurveys, (old: TPendingSurvey[] | undefined) =>
          old?.filter((s) => s.id !== survey.id),
        );
        void queryClient.invalidateQueries({ queryKey: queryKeys.pendingSurveys });
      }}
    />
  );
}
