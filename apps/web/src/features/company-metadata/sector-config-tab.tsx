import { Stack, Switch, Text } from '@mantine/core';
import { TRANSFER_MODES, type TTransferMode } from '@prosa/shared/company-metadata';
import { IconArrowsTransferUp } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { MetadataTabCard, tabIcon } from './metadata-tab-card';
import { resolveConfirm, type TModeValues, TRANSFER_MODE_LABEL, toggleMode } from './transfer-modes';
import { useMetadataForm } from './use-company-metadata';

const FIELDS = TRANSFER_MODES.map((m) => `allow.${m}`);

const DESCRIPTION: Record<TTransferMode, string> = {
  opTransfer: 'Os operadores não podem trocar o setor nem o operador de um atendimento.',
  allowedSectors: 'Os operadores transferem atendimentos apenas para os setores de que fazem parte.',
  restrictTransfer:
    'Cada usuário tem a sua lista de setores de transferência, definida no cadastro do usuário.',
};

/**
 * Sector config: the three transfer modes are mutually exclusive (spec 3 §4). Turning one on while another is
 * on asks first; yes turns the others off, no leaves the chosen one off.
 */
export function SectorConfigTab() {
  const form = useMetadataForm(FIELDS);
  const [asking, setAsking] = useState<{ mode: TTransferMode; others: TTransferMode[] } | null>(null);
  const modes = Object.fromEntries(
    TRANSFER_MODES.map((m) => [m, form.values[`allow.${m}`] === true]),
  ) as TModeValues;
  const apply = (next: TModeValues) =>
    form.setValues(Object.fromEntries(TRANSFER_MODES.map((m) => [`allow.${m}`, next[m]])));

  const onToggle = (mode: TTransferMode, on: boolean) => {
    const result = toggleMode(modes, mode, on);
    if (result.kind === 'apply') apply(result.values);
    else setAsking({ mode, others: result.others });
  };
  const answer = (accepted: boolean) => {
    if (asking) apply(resolveConfirm(modes, asking.mode, accepted));
    setAsking(null);
  };

  return (
    <MetadataTabCard
      id="sector-config-title"
      title="Configuração de setores"
      icon={tabIcon(IconArrowsTransferUp)}
      description="Como os operadores transferem atendimentos entre setores. Apenas um modo pode ficar ativo."
      form={form}
    >
      <Stack gap="md">
        {TRANSFER_MODES.map((mode) => (
          <Switch
            key={mode}
            label={TRANSFER_MODE_LABEL[mode]}
            description={DESCRIPTION[mode]}
            checked={modes[mode]}
            onChange={(e) => onToggle(mode, e.currentTarget.checked)}
            error={form.errors[`allow.${mode}`]}
          />
        ))}
      </Stack>
      <ConfirmDialog
        opened={asking !== null}
        title="Trocar o modo de transferência"
        confirmLabel="Ativar"
        loading={false}
        onClose={() => answer(false)}
        onConfirm={() => answer(true)}
      >
        <Text size="sm">
          Apenas um modo de transferência pode ficar ativo. Ativar{' '}
          <strong>{asking ? TRANSFER_MODE_LABEL[asking.mode] : ''}</strong> desativa:{' '}
          {asking?.others.map((m) => TRANSFER_MODE_LABEL[m]).join(', ')}. Deseja continuar?
        </Text>
      </ConfirmDialog>
    </MetadataTabCard>
  );
}
