import { Button, Card, Grid, Select, Stack, Text, Textarea } from '@mantine/core';
import {
  BATCH_CLOSE_ACTION_LABEL,
  BATCH_CLOSE_ACTIONS,
  BATCH_CLOSE_MESSAGE_MAX,
} from '@prosa/shared/batch-close';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import type { TSector } from '../sectors/api';
import type { TStatus } from '../statuses/api';
import type { TUserListItem } from '../users/api';
import { EMPTY_ACTION, NONE, type TActionValues } from './action-values';

/** The action chosen for the selected attendances (spec 3 §4: 1–5) and the field each one needs. */
export function BatchCloseActionForm(props: {
  statuses: TStatus[];
  sectors: TSector[];
  users: TUserListItem[];
  selectedCount: number;
  disabled: boolean;
  errors: Record<string, string>;
  onSubmit: (values: TActionValues) => void;
  /** A field changed: its old verdict no longer holds. */
  onEdit: () => void;
}) {
  const [values, setValues] = useState<TActionValues>(EMPTY_ACTION);
  const set = <K extends keyof TActionValues>(k: K, v: TActionValues[K]) => {
    setValues((old) => ({ ...old, [k]: v }));
    props.onEdit();
  };
  const action = values.actionId ? Number(values.actionId) : 0;
  const finalization = props.statuses
    .filter((s) => s.should_close === 1 && !s.use_in_bot)
    .map((s) => ({ value: String(s.id), label: s.name }));
  const classification = props.statuses
    .filter((s) => s.should_close === 0)
    .map((s) => ({ value: String(s.id), label: s.name }));
  const sectors = [...props.sectors]
    .sort((a, b) => a.position - b.position)
    .map((s) => ({ value: String(s.id), label: s.name }));
  const users = [
    { value: NONE, label: 'Nenhum (sem responsável)' },
    ...props.users
      .filter((u) => u.inactive_since === null)
      .map((u) => ({ value: String(u.id), label: u.display_name || u.name })),
  ];

  return (
    <Card component="section" aria-label="Ação">
      <form
        noValidate
        aria-label="Ação em massa"
        onSubmit={(e) => {
          e.preventDefault();
          props.onSubmit(values);
        }}
      >
        <Stack gap="md">
          <Text fw={600}>Ação</Text>
          <Grid gap="md" align="flex-start">
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Select
                label="Ação a executar"
                placeholder="Selecione"
                data={BATCH_CLOSE_ACTIONS.map((a) => ({
                  value: String(a),
                  label: BATCH_CLOSE_ACTION_LABEL[a],
                }))}
                value={values.actionId}
                onChange={(v) => {
                  setValues({ ...EMPTY_ACTION, actionId: v });
                  props.onEdit();
                }}
                error={props.errors.action_id}
                allowDeselect={false}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              {action === 1 ? (
                <Select
                  label="Status de finalização"
                  placeholder="Selecione"
                  data={finalization}
                  searchable
                  nothingFoundMessage="Nenhum status encontrado"
                  value={values.statusId}
                  onChange={(v) => set('statusId', v)}
                  error={props.errors.status_id}
                />
              ) : null}
              {action === 4 ? (
                <Select
                  label="Status de classificação"
                  placeholder="Selecione"
                  data={classification}
                  searchable
                  nothingFoundMessage="Nenhum status encontrado"
                  value={values.statusId}
                  onChange={(v) => set('statusId', v)}
                  error={props.errors.status_id}
                />
              ) : null}
              {action === 2 ? (
                <Select
                  label="Setor de destino"
                  placeholder="Selecione"
                  data={sectors}
                  searchable
                  nothingFoundMessage="Nenhum setor encontrado"
                  value={values.sectorId}
                  onChange={(v) => set('sectorId', v)}
                  error={props.errors.sector_id}
                />
              ) : null}
              {action === 3 ? (
                <Select
                  label="Novo responsável"
                  data={users}
                  searchable
                  allowDeselect={false}
                  nothingFoundMessage="Nenhum operador encontrado"
                  value={values.userId}
                  onChange={(v) => set('userId', v)}
                  error={props.errors.user_id}
                />
              ) : null}
              {action === 5 ? (
                <Textarea
                  label="Mensagem"
                  placeholder="Texto enviado a cada contato selecionado"
                  autosize
                  minRows={3}
                  maxRows={8}
                  maxLength={BATCH_CLOSE_MESSAGE_MAX}
                  value={values.message}
                  onChange={(e) => set('message', e.currentTarget.value)}
                  error={props.errors.message}
                />
              ) : null}
            </Grid.Col>
          </Grid>
          <Button
            type="submit"
            leftSection={<IconPlayerPlay size={16} />}
            disabled={props.disabled}
            style={{ alignSelf: 'flex-end' }}
          >
            Executar ação ({props.selectedCount})
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
