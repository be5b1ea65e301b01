import { Alert, Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { WAENT_ONB_MSG } from '@prosa/shared/waent-onboarding-texts';
import { IconAlertCircle, IconBrandFacebook, IconCircleCheck, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useMigration, useRemoveWhatsappApp, useSaveFacebookInfos } from './api';
import { formatPhone } from './format';

/**
 * /channels/waent/migration?params=<hash>: the WhatsApp Business migration (spec 2 §2, §4). The embedded signup's
 * dialog (v21.0) comes back here with ?code&state (the hash); the Facebook infos are saved once.
 */
export function WaentMigrationPage() {
  const [search, setSearch] = useSearchParams();
  const hash = search.get('params') ?? search.get('state') ?? '';
  const code = search.get('code');
  const denied = search.get('error');
  const migration = useMigration(hash);
  const save = useSaveFacebookInfos(hash);
  const removeApp = useRemoveWhatsappApp(hash);
  const [confirmRemoval, setConfirmRemoval] = useState(false);
  const handled = useRef(false);

  // The dialog's answer is read once, then the address keeps only the hash (a reload does not reuse the code).
  useEffect(() => {
    if (handled.current || !hash || (!code && !denied)) return;
    handled.current = true;
    setSearch({ params: hash }, { replace: true });
    if (denied || !code) {
      toast.error(WAENT_ONB_MSG.loginCancelled);
      return;
    }
    save.mutate(code, {
      onSuccess: () => toast.success(WAENT_ONB_MSG.migrated),
      onError: (e) => toast.apiError(e, WAENT_ONB_MSG.disconnected),
    });
  }, [hash, code, denied, save, setSearch]);

  const info = migration.data;
  const s = info?.state;
  return (
    <Stack gap="lg">
      <PageHeader
        title="Migração do WhatsApp Business"
        description="Traga o número do aplicativo WhatsApp Business para o WhatsApp Enterprise (Cloud API)."
      />
      {!hash ? (
        <Alert color="red" icon={<IconAlertCircle />}>
          {WAENT_ONB_MSG.migrationInvalid}
        </Alert>
      ) : migration.isPending ? (
        <Loader aria-label="Carregando" />
      ) : migration.isError || !info || !s ? (
        <Alert color="red" icon={<IconAlertCircle />}>
          {errorMessage(migration.error, WAENT_ONB_MSG.migrationInvalid)}
        </Alert>
      ) : (
        <Card withBorder padding="lg" maw={640}>
          <Stack gap="md">
            <div>
              <Text fw={600}>{s.name}</Text>
              <Text size="sm" c="dimmed">
                Número {formatPhone(s.phone_number)} · ID {s.phone_number_id}
              </Text>
            </div>
            <Group gap="xs">
              <Badge color={s.migrated_channel ? 'teal' : 'gray'} variant="light">
                {s.migrated_channel ? 'Migrado' : 'Não migrado'}
              </Badge>
              <Badge color={s.link_with_facebook ? 'blue' : 'gray'} variant="light">
                {s.link_with_facebook ? 'Vinculado ao Facebook' : 'Sem vínculo com o Facebook'}
              </Badge>
            </Group>
            {s.requested_app_deletion ? (
              <Alert color="yellow" icon={<Loader size={14} />} title="Aguardando a remoção do aplicativo">
                {WAENT_ONB_MSG.appRemoval} Verificamos a cada 30 segundos.
              </Alert>
            ) : null}
            {s.migrated_channel ? (
              <Alert color="teal" icon={<IconCircleCheck />}>
                {WAENT_ONB_MSG.migrated}
              </Alert>
            ) : (
              <Group>
                <Button
                  leftSection={<IconBrandFacebook size={18} />}
                  loading={save.isPending}
                  onClick={() => window.location.assign(info.signup_url)}
                >
                  Entrar com o Facebook
                </Button>
              </Group>
            )}
            {!s.requested_app_deletion && !s.migration_channel_disabled ? (
              <Group>
                <Button
                  variant="default"
                  leftSection={<IconTrash size={16} />}
                  onClick={() => setConfirmRemoval(true)}
                >
                  Remover o aplicativo do aparelho
                </Button>
              </Group>
            ) : null}
          </Stack>
        </Card>
      )}
      <ConfirmDialog
        opened={confirmRemoval}
        title="Remover o aplicativo"
        confirmLabel="Já removi"
        loading={removeApp.isPending}
        onClose={() => setConfirmRemoval(false)}
        onConfirm={() =>
          s &&
          removeApp.mutate(s.channel_id, {
            onSuccess: (r) => toast.success(r.message),
            onError: (e) => toast.apiError(e),
            onSettled: () => setConfirmRemoval(false),
          })
        }
      >
        <Text size="sm">{WAENT_ONB_MSG.appRemoval}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
