import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import type { TCard } from '@prosa/shared/attendance';
import { useState } from 'react';
import { useSaveNotes } from './use-card-actions';

const NOTES_MAX = 5000;

/** The attendance's notes, shared by everyone who sees it (save-notes). */
export function NotesModal({ card, opened, onClose }: { card: TCard; opened: boolean; onClose: () => void }) {
  const save = useSaveNotes(card);
  const [notes, setNotes] = useState(card.notes);
  const [wasOpened, setWasOpened] = useState(opened);
  // Each opening starts from the saved notes (someone else may have changed them meanwhile).
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setNotes(card.notes);
  }
  return (
    <Modal opened={opened} onClose={onClose} title="Anotações" zIndex={300} centered>
      <Stack>
        <Textarea
          label="Anotações do atendimento"
          description={`${notes.length}/${NOTES_MAX} caracteres`}
          autosize
          minRows={5}
          maxRows={12}
          maxLength={NOTES_MAX}
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button loading={save.isPending} onClick={() => save.mutate(notes, { onSuccess: onClose })}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
