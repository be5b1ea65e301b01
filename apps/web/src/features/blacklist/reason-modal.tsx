import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { BLACKLIST_LIMITS } from '@prosa/shared/blacklist';
import { type ReactNode, useState } from 'react';

type Props = {
  opened: boolean;
  title: string;
  /** The reason field's label ("Motivo do desbloqueio"). */
  label: string;
  /** The spec's text when the reason is empty. */
  requiredMessage: string;
  confirmLabel: string;
  confirmColor?: string;
  loading: boolean;
  onClose: () => void;
  onConfirm: (description: string) => Promise<unknown>;
  children?: ReactNode;
};

/** A confirmation that needs a reason (unblock, block again, approve, deny, suggest). */
export function ReasonModal(props: Props) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setValue('');
    setError(null);
    props.onClose();
  };
  const submit = async () => {
    const description = value.trim();
    if (!description) {
      setError(props.requiredMessage);
      return;
    }
    try {
      await props.onConfirm(description);
      close();
    } catch {
      // The toast told what went wrong; the modal stays open to try again.
    }
  };
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Fechar' }}
      opened={props.opened}
      onClose={close}
      title={props.title}
      centered
    >
      <form
        aria-label={props.title}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          {props.children}
          <Textarea
            label={props.label}
            withAsterisk
            autosize
            minRows={3}
            maxLength={BLACKLIST_LIMITS.description}
            value={value}
            error={error}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setError(null);
            }}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancelar
            </Button>
            <Button type="submit" color={props.confirmColor} loading={props.loading}>
              {props.confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
