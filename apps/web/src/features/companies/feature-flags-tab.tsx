import { Alert, Card, Group, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { FEATURE_FLAGS, type TFeatureFlagType } from '@prosa/shared/feature-flags';
import {
  type TFeatureFlagList,
  ZFeatureFlagList,
  ZFeatureFlagToggled,
} from '@prosa/shared/feature-flags-schemas';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';
import { useCurrentUser } from '../auth/session-context';

const key = (companyId: number) => ['companies', 'feature-flags', companyId] as const;

function useFeatureFlags(companyId: number) {
  return useQuery({
    queryKey: key(companyId),
    queryFn: () => apiRequest(`/api/feature-flags?company_id=${companyId}`, { schema: ZFeatureFlagList }),
  });
}

function useToggleFeatureFlag(companyId: number) {
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  return useMutation({
    mutationFn: (type: TFeatureFlagType) =>
      apiRequest(`/api/feature-flags/${type}/toggle`, {
        method: 'POST',
        body: { company_id: companyId },
        schema: ZFeatureFlagToggled,
      }),
    onSuccess: (result) => {
      toast.success(result.message);
      queryClient.setQueryData<TFeatureFlagList>(key(companyId), (old) =>
        old
          ? {
              ...old,
              flags: old.flags.map((f) => (f.type === result.type ? { ...f, active: result.active } : f)),
            }
          : old,
      );
      // The platform owner's own company: its screens follow at once (others by the realtime notice).
      if (me.companyId === companyId)
        void queryClient.invalidateQueries({ queryKey: queryKeys.companyFeatures });
    },
    onError: (error) => toast.apiError(error),
  });
}

/** Recursos (issue 24, spec 2 §7, spec 3 §7): the company's feature flags by type, for the platform owner. */
export function FeatureFlagsTab({ companyId }: { companyId: number }) {
  const flags = useFeatureFlags(companyId);
  const toggle = useToggleFeatureFlag(companyId);
  if (flags.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle />} title="Não foi possível carregar os recursos.">
        {errorMessage(flags.error, 'Tente novamente.')}
      </Alert>
    );
  }
  if (!flags.data) return <Skeleton h={420} radius="md" />;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Recursos ligados ou desligados pela plataforma para esta empresa. Cada mudança vale na hora para os
        usuários da empresa.
      </Text>
      <Card withBorder padding={0}>
        {flags.data.flags.map((f, i) => (
          <Group
            key={f.type}
            justify="space-between"
            wrap="nowrap"
            gap="lg"
            p="md"
            style={i > 0 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}
          >
            <Stack gap={2} miw={0}>
              <Text fw={500} id={`flag-${f.type}`}>
                {f.label}
              </Text>
              <Text size="sm" c="dimmed">
                {f.description}
              </Text>
              <Text size="xs" c="dimmed" ff="monospace">
                {f.type}
                {FEATURE_FLAGS[f.type].key !== f.type ? ` (${FEATURE_FLAGS[f.type].key})` : ''}
              </Text>
            </Stack>
            <Switch
              aria-labelledby={`flag-${f.type}`}
              checked={f.active}
              disabled={toggle.isPending && toggle.variables === f.type}
              onChange={() => toggle.mutate(f.type)}
            />
          </Group>
        ))}
      </Card>
    </Stack>
  );
}
