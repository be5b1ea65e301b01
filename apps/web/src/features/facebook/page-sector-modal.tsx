import { Modal, Select, Stack, Text } from '@mantine/core';
import { FACEBOOK_MSG, type TFacebookPage } from '@prosa/shared/facebook';
import { useState } from 'react';
import { FormActions } from '../../components/form-actions';
import type { TSector } from '../sectors/api';

type Props = {
  /** The page whose sector is chosen; 'connect' also subscribes it, 'sector' only changes the sector. */
  target: { page: TFacebookPage; mode: 'connect' | 'sector' } | null;
  sectors: TSector[];
  saving: boolean;
  onSave: (sectorId: number) => void;
  onClose: () => void;
};

/** Chooses the sector new conversations of a page go to: when connecting it, or later. */
export function PageSectorModal({ target, ...props }: Props) {
  return (
    <Modal
      opened={target !== null}
      onClose={props.saving ? () => {} : props.onClose}
      title={target?.mode === 'connect' ? `Conectar página — ${target.page.name}` : 'Alterar setor'}
      centered
    >
      {target ? <SectorForm key={target.page.page_id} target={target} {...props} /> : null}
    </Modal>
  );
}

function SectorForm({
  target,
  sectors,
  saving,
  onSave,
  onClose,
}: Props & { target: NonNullable<Props['target']> }) {
  const [sector, setSector] = useState<string | null>(
    target.page.default_sector_id === null ? null : String(target.page.default_sector_id),
  );
  const [error, setError] = useState<string | null>(null);
  const options = [...sectors]
    .sort((a, b) => a.position - b.position)
    .map((s) => ({ value: String(s.id), label: s.name }));

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!sector) return setError(FACEBOOK_MSG.sectorRequired);
        onSave(Number(sector));
      }}
    >
      <Stack gap="md">
        {target.mode === 'connect' ? (
          <Text size="sm">
            O Prosa passa a receber as mensagens do Messenger da página <strong>{target.page.name}</strong>.
            Escolha o setor para onde vão as novas conversas.
          </Text>
        ) : null}
        <Select
          label="Setor"
          withAsterisk
          placeholder="Selecione"
          data={options}
          searchable
          nothingFoundMessage="Nenhum setor encontrado"
          value={sector}
          error={error}
          onChange={(v) => {
            setSector(v);
            setError(null);
          }}
        />
        <FormActions
          saving={saving}
          onCancel={onClose}
          submitLabel={target.mode === 'connect' ? 'Conectar' : 'Salvar'}
        />
      </Stack>
    </form>
  );
}
