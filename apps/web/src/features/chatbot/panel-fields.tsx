import { NumberInput, Textarea } from '@mantine/core';
import { FLOW_RETRIES_MAX, FLOW_TEXT_MAX } from '@prosa/shared/chatbot';
import type { ReactNode } from 'react';

// The small pieces every node panel uses: readers of a node's loose data, a text area and the retries field.

export const str = (v: unknown) => (typeof v === 'string' ? v : '');
export const num = (v: unknown) => (typeof v === 'number' ? v : null);
export const idValue = (v: unknown) => (typeof v === 'number' ? String(v) : null);
export const toId = (v: string | null) => (v ? Number(v) : null);

export function TextField(props: {
  label: string;
  value: unknown;
  onChange: (v: string) => void;
  description?: ReactNode;
  required?: boolean;
  placeholder?: string;
}) {
  return (
    <Textarea
      label={props.label}
      description={props.description}
      withAsterisk={props.required}
      placeholder={props.placeholder}
      value={str(props.value)}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      autosize
      minRows={2}
      maxRows={8}
      maxLength={FLOW_TEXT_MAX}
    />
  );
}

export const PLACEHOLDER_HINT = 'Use {{chave}} para inserir um dado do contato.';

export function Retries(props: { value: unknown; onChange: (v: number) => void }) {
  return (
    <NumberInput
      label="Tentativas"
      description="Respostas inválidas aceitas antes de seguir pela saída “Sem resposta válida”."
      min={0}
      max={FLOW_RETRIES_MAX}
      allowDecimal={false}
      allowNegative={false}
      value={num(props.value) ?? 0}
      onChange={(v) => props.onChange(typeof v === 'number' ? v : 0)}
    />
  );
}
