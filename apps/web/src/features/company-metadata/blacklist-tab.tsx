import { Select, Stack, Switch } from '@mantine/core';
import { IconShieldOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../lib/query-keys';
import { useStatuses } from '../statuses/api';
import { MetadataTabCard, tabIcon } from './metadata-tab-card';
import { useMetadataForm } from './use-company-metadata';

const FIELDS = ['blacklist.enabled', 'blacklist.suggest', 'blacklist.status_id'] as const;

/**
 * Lista de bloqueio (spec 1 §5 Blacklist setting, spec 3 §4 Settings): enabling requires a finalization status
 * ('Campo status de finalização é obrigatório.', checked by the shared schema); turning the blacklist off resets
 * suggest; turning suggest on also enables the blacklist.
 */
export function BlacklistTab() {
  const form = useMetadataForm(FIELDS);
  const statuses = useStatuses();
  const queryClient = useQueryClient();
  const enabled = form.values['blacklist.enabled'] === true;
  const suggest = form.values['blacklist.suggest'] === true;
  const statusId = form.values['blacklist.status_id'];
  const finalizing = (statuses.data ?? []).filter((s) => s.should_close === 1);
  // A save changes what the chat and the blacklist screens offer.
  const saved = form.query.data?.blacklist;
  useEffect(() => {
    if (saved) void queryClient.invalidateQueries({ queryKey: [...queryKeys.blacklist, 'access'] });
  }, [saved, queryClient]);

  return (
    <MetadataTabCard
      id="blacklist-title"
      title="Lista de bloqueio"
      icon={tabIcon(IconShieldOff)}
      description="As novas mensagens de um contato bloqueado são finalizadas na hora com o status escolhido e não chegam aos operadores; ativos para ele são recusados."
      form={form}
    >
      <Stack gap="md">
        <Switch
          label="Ativar lista de bloqueio"
          description="Libera as telas Lista de bloqueio e Sugestões de bloqueio."
          checked={enabled}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            form.setValues(
              on ? { 'blacklist.enabled': true } : { 'blacklist.enabled': false, 'blacklist.suggest': false },
            );
          }}
          error={form.errors['blacklist.enabled']}
        />
        <Switch
          label="Permitir que operadores sugiram bloqueios"
          description="Mostra “Sugerir bloqueio” no atendimento; um gestor aprova ou reprova. Ativar também ativa a lista de bloqueio."
          checked={suggest}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            form.setValues(
              on ? { 'blacklist.suggest': true, 'blacklist.enabled': true } : { 'blacklist.suggest': false },
            );
          }}
        />
        <Select
          label="Status de finalização"
          description="Com que status os atendimentos de contatos bloqueados são finalizados."
          placeholder={statuses.isPending ? 'Carregando…' : 'Selecione'}
          withAsterisk={enabled}
          data={finalizing.map((s) => ({ value: String(s.id), label: s.name }))}
          value={typeof statusId === 'number' ? String(statusId) : null}
          onChange={(v) => form.setValue('blacklist.status_id', v ? Number(v) : null)}
          error={form.errors['blacklist.status_id']}
          nothingFoundMessage="Nenhum status de finalização cadastrado"
          clearable
          maw={420}
        />
      </Stack>
    </MetadataTabCard>
  );
}
