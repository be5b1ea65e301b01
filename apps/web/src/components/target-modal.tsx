import { Modal, type ModalProps } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';

/** What a create/edit modal works on: null while closed, 'new' while creating, the item while editing it. */
export type TModalTarget<T> = T | 'new' | null;

type Props<T extends { id: number }> = Omit<ModalProps, 'opened' | 'title' | 'onClose' | 'children'> & {
  target: TModalTarget<T>;
  title: (editing: T | null) => string;
  /** While saving, Esc and the close button do nothing (the form's Cancelar is disabled too). */
  saving?: boolean;
  onClose: () => void;
  /** The form; it mounts anew for each target, so its initial values are the target's. */
  children: (editing: T | null) => ReactNode;
};

/** The modal of "Novo X" / "Editar X": open while there is a target, a fresh form for each one. */
export function TargetModal<T extends { id: number }>({
  target,
  title,
  saving,
  onClose,
  children,
  ...modal
}: Props<T>) {
  const editing = target !== null && target !== 'new' ? target : null;
  return (
    <Modal opened={target !== null} onClose={saving ? () => {} : onClose} title={title(editing)} {...modal}>
      {target !== null ? <Fragment key={editing?.id ?? 'new'}>{children(editing)}</Fragment> : null}
    </Modal>
  );
}
