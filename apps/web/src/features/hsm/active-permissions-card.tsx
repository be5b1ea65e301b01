import { Alert, Button, Card, Checkbox, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useActivePermissions, useSaveActivePermissions } from './api';

/** "Envio ativo pelo painel" per operator (spec 1 §6): each operator's switch and a select-all. */
export function ActivePermissionsCard() {
  const list = useActivePermissions();
  const save = useSaveActivePermissions();
  const [draft, setDraft] = useState<Record<number, boolean>>({});
  useEffect(() => {
    if (list.data) setDraft(Object.fromEntries(list.data.map((p) => [p.user_id, p.enabled])));
  }, [list.data]);
  const operators = list.data ?? [];
  const all = operators.length > 0 && operators.every((o) => draft[o.user_id]);
  const some = operators.some((o) => draft[o.user_id]);

  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <div>
          <Text fw={600}>Envio de WhatsApp ativo pelo painel</Text>
          <Text size="sm" c="dimmed">
            Operadores que podem iniciar conversas com modelos (HSM). Gestores e administradores sempre podem.
          </Text>
        </div>
        {list.isError ? (
          <Alert color="red" icon={<IconAlertCircle />}>
            {errorMessage(list.error, 'Erro ao carregar as permissões.')}
          </Alert>
        ) : list.isPending ? (
          <Skeleton h={80} />
        ) : operators.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhum operador encontrado.
          </Text>
        ) : (
          <>
            <Checkbox
              label="Selecionar todos"
              checked={all}
              indeterminate={some && !all}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                setDraft(Object.fromEntries(operators.map((o) => [o.user_id, on])));
              }}
            />
            <Group gap="lg">
              {operators.map((o) => (
                <Checkbox
                  key={o.user_id}
                  label={o.name}
                  checked={draft[o.user_id] ?? false}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    setDraft((d) => ({ ...d, [o.user_id]: on }));
                  }}
                />
              ))}
            </Group>
            <Group justify="flex-end">
              <Button
                loading={save.isPending}
                onClick={() =>
                  save.mutate(
                    operators.map((o) => ({ user_id: o.user_id, enabled: draft[o.user_id] ?? false })),
                  )
                }
              >
                Salvar permissões
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
