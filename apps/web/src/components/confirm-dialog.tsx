import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  confirmColor?: string;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** A confirmation that stays open with a loading button until the action it confirms has answered. */
export function ConfirmDialog(props: Props) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.loading ? () => {} : props.onClose}
      title={props.title}
      centered
    >
      <Stack gap="lg">
        {props.children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose} disabled={props.loading}>
            Cancelar
          </Button>
          <Button color={props.confirmColor} loading={props.loading} onClick={props.onConfirm}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

type DeleteProps<T> = Omit<Props, 'opened' | 'confirmLabel' | 'confirmColor' | 'onConfirm'> & {
  /** What would be deleted; the dialog is open while there is one. */
  target: T | null;
  onConfirm: (target: T) => void;
};

/** The confirmation of a deletion: a red "Excluir" for the row the user chose. */
export function DeleteDialog<T>({ target, onConfirm, ...props }: DeleteProps<T>) {
  return (
    <ConfirmDialog
      {...props}
      opened={target !== null}
      confirmLabel="Excluir"
      confirmColor="red"
      onConfirm={() => {
        if (target !== null) onConfirm(target);
      }}
    />
  );
}
