import { Button, Collapse, Group, SimpleGrid, TagsInput, TextInput } from '@mantine/core';
import { EMAIL_MAX_RECIPIENTS, EMAIL_SUBJECT_MAX, type TEmailReplyExtras } from '@prosa/shared/email';
import { IconMailCog } from '@tabler/icons-react';
import { useState } from 'react';

/**
 * An em_ card's reply options above the composer: a subject of its own (else "Re: " and the thread's), copies and
 * blind copies. Closed by default: most replies just answer the thread.
 */
export function EmailReplyFields({
  value,
  onChange,
}: {
  value: TEmailReplyExtras;
  onChange: (next: TEmailReplyExtras) => void;
}) {
  const [open, setOpen] = useState(false);
  const count = (value.cc?.length ?? 0) + (value.bcc?.length ?? 0) + (value.subject ? 1 : 0);
  return (
    <>
      <Group gap={4} mb={4}>
        <Button
          variant="subtle"
          size="compact-xs"
          leftSection={<IconMailCog size={14} />}
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
        >
          {open ? 'Ocultar assunto e cópias' : `Assunto e cópias${count ? ` (${count})` : ''}`}
        </Button>
      </Group>
      <Collapse expanded={open}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} mb="xs" spacing="xs">
          <TextInput
            size="xs"
            label="Assunto"
            placeholder="Re: assunto da conversa"
            maxLength={EMAIL_SUBJECT_MAX}
            value={value.subject ?? ''}
            onChange={(e) => onChange({ ...value, subject: e.currentTarget.value || undefined })}
          />
          <TagsInput
            size="xs"
            label="Cópia"
            placeholder="e-mail e Enter"
            maxTags={EMAIL_MAX_RECIPIENTS}
            value={value.cc ?? []}
            onChange={(cc) => onChange({ ...value, cc })}
          />
          <TagsInput
            size="xs"
            label="Cópia Oculta"
            placeholder="e-mail e Enter"
            maxTags={EMAIL_MAX_RECIPIENTS}
            value={value.bcc ?? []}
            onChange={(bcc) => onChange({ ...value, bcc })}
          />
        </SimpleGrid>
      </Collapse>
    </>
  );
}
