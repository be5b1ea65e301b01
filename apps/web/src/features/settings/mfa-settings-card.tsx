import { Alert, Button, Card, Group, NumberInput, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type TSecuritySettings, ZSecuritySettings } from '@prosa/shared/company';
import { FEATURE_FLAG_MSG, featureFlagActive } from '@prosa/shared/feature-flags';
import { IconShieldCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { zodValidate } from '../../lib/zod-form';
import { useCompanyFeatures } from '../company-metadata/api';
import { useSaveSecuritySettings } from './api';

export function MfaSettingsCard({ settings }: { settings: TSecuritySettings }) {
  const save = useSaveSecuritySettings();
  const features = useCompanyFeatures();
  // Feature flag mfa_active off: the platform turned MFA off for the company; the login asks for no code.
  const mfaOff = features.data ? !featureFlagActive('mfa_active', features.data.allow) : false;
  const form = useForm<TSecuritySettings>({
    mode: 'controlled',
    initialValues: settings,
    validate: zodValidate(ZSecuritySettings),
  });

  // Another admin saved (realtime refetch): show the new values unless this form has unsaved edits.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new server value resets the form
  useEffect(() => {
    if (!form.isDirty()) {
      form.setInitialValues(settings);
      form.setValues(settings);
    }
  }, [settings.mfa_enabled, settings.password_max_age_days]);

  return (
    <Card component="section" aria-labelledby="mfa-title">
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          save.mutate(values, { onSuccess: () => form.resetDirty(values) }),
        )}
      >
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <IconShieldCheck size={22} color="var(--mantine-color-prosa-7)" aria-hidden />
            <Title order={3} fz="lg" id="mfa-title">
              Verificação em duas etapas (MFA)
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            Com a verificação ligada, depois da senha cada usuário informa um código enviado ao seu e-mail ou
            gerado pelo aplicativo autenticador.
          </Text>
          {mfaOff ? (
            <Alert color="yellow" title="Desativada pela plataforma">
              {FEATURE_FLAG_MSG.mfaDisabled}
            </Alert>
          ) : null}
          <Switch
            label="Exigir verificação em duas etapas no login"
            disabled={mfaOff}
            {...form.getInputProps('mfa_enabled', { type: 'checkbox' })}
          />
          <NumberInput
            label="Validade da senha (dias, 0 = sem validade)"
            description="Depois desse prazo o usuário precisa criar uma nova senha ao entrar."
            min={0}
            max={3650}
            allowDecimal={false}
            allowNegative={false}
            w={{ base: '100%', sm: 320 }}
            {...form.getInputProps('password_max_age_days')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
              Salvar
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
