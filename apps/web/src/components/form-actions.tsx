import { Button, Group } from '@mantine/core';

type Props = {
  saving: boolean;
  onCancel: () => void;
  submitLabel?: string;
  submitColor?: string;
};

/** The end of a modal form: "Cancelar" (disabled while saving) and the submit button (loading while saving). */
export function FormActions({ saving, onCancel, submitLabel = 'Salvar', submitColor }: Props) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={saving}>
        Cancelar
      </Button>
      <Button type="submit" loading={saving} color={submitColor}>
        {submitLabel}
      </Button>
    </Group>
  );
}
