import { CloseButton, TextInput } from '@mantine/core';
import { CARD_SEARCH_MAX } from '@prosa/shared/attendance-constants';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

// The list is searched on the server: one request after the operator pauses typing.
const SEARCH_DEBOUNCE_MS = 400;

/** The chat list's search box (name, phone, protocol); the search lives in the URL with the other filters. */
export function CardSearch({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (q: string | undefined) => void;
}) {
  const [text, setText] = useState(value ?? '');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const sent = useRef(value ?? '');

  // A search set from elsewhere (a link, the back button) shows in the box.
  useEffect(() => {
    if ((value ?? '') !== sent.current) {
      sent.current = value ?? '';
      setText(value ?? '');
    }
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (next: string) => {
    clearTimeout(timer.current);
    const q = next.trim();
    if (q === sent.current) return;
    sent.current = q;
    onChange(q || undefined);
  };

  return (
    <TextInput
      aria-label="Buscar atendimentos"
      placeholder="Buscar por nome, telefone ou protocolo"
      leftSection={<IconSearch size={16} />}
      maxLength={CARD_SEARCH_MAX}
      value={text}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setText(next);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => commit(next), SEARCH_DEBOUNCE_MS);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit(text);
      }}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label="Limpar busca"
            onClick={() => {
              setText('');
              commit('');
            }}
          />
        ) : null
      }
    />
  );
}
