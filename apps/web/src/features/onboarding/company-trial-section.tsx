import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { ONBOARDING_MSG, TRIAL_DAYS, ZCompanyTrial, ZCompanyTrialSaved } from '@prosa/shared/onboarding';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest, errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { DateInputBr } from '../companies/date-input-br';

const key = (companyId: number) => ['company-trial', companyId] as const;

/**
 * "Período de teste" in the company edit's data: the trial's last day. Empty, a company without a contract is
 * in trial for its first days; the trial welcome shows the days left to the company's admins.
 */
export function CompanyTrialSection({ companyId }: { companyId: number }) {
  const client = useQueryClient();
  const trial = useQuery({
    queryKey: key(companyId),
    queryFn: () => apiRequest(`/api/companies/${companyId}/trial`, { schema: ZCompanyTrial }),
  });
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (trial.data) setValue(trial.data.trial_until);
  }, [trial.data]);
  const save = useMutation({
    mutationFn: (trialUntil: string | null) =>
      apiRequest(`/api/companies/${companyId}/trial`, {
        method: 'PUT',
        body: { trial_until: trialUntil },
        schema: ZCompanyTrialSaved,
      }),
    onSuccess: (r) => {
      toast.success(r.message);
      client.setQueryData(key(companyId), { trial_until: r.trial_until });
    },
    onError: (e) => setError(errorMessage(e) ?? ONBOARDING_MSG.trialUntilInvalid),
  });

  return (
    <Stack gap="xs" maw={720} data-testid="company-trial">
      <Title order={4}>Período de teste</Title>
      <Text size="sm" c="dimmed">
        Último dia do teste da empresa. Sem data, uma empresa sem contrato fica em teste nos primeiros{' '}
        {TRIAL_DAYS} dias.
      </Text>
      <Group align="flex-end" gap="sm">
        <DateInputBr
          label="Fim do período de teste"
          clearable
          value={value}
          onChange={(v) => {
            setError(null);
            setValue(typeof v === 'string' ? v : null);
          }}
          error={error}
          w={220}
          disabled={trial.isPending}
        />
        <Button type="button" variant="default" loading={save.isPending} onClick={() => save.mutate(value)}>
          Salvar período de teste
        </Button>
      </Group>
    </Stack>
  );
}
