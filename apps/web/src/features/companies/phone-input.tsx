import { TextInput, type TextInputProps } from '@mantine/core';
import { formatPhoneBr } from '@prosa/shared/company-admin';
import { useLayoutEffect, useRef } from 'react';

type Props = Omit<TextInputProps, 'value' | 'onChange'> & {
  /** Digits (DDI 55) or '+' and digits (other countries). */
  value: string;
  onChange: (value: string) => void;
};

/** Where the caret goes in `formatted` to stay after the same number of digits as before formatting. */
export function caretAfterDigits(formatted: string, digits: number): number {
  if (digits <= 0) return formatted.startsWith('(') ? 1 : 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i] ?? '')) seen += 1;
    if (seen === digits) return i + 1;
  }
  return formatted.length;
}

/** Phone with the (99) 99999-9999 mask of DDI 55 (spec 2 §5); starting with + leaves the digits free. */
export function PhoneInput({ value, onChange, ...props }: Props) {
  const ref = useRef<HTMLInputElement>(null);
  // Editing in the middle keeps the caret after the same digit once the mask is applied again.
  const caretDigits = useRef<number | null>(null);
  const display = formatPhoneBr(value);

  useLayoutEffect(() => {
    const input = ref.current;
    if (caretDigits.current === null || !input || document.activeElement !== input) return;
    const at = caretAfterDigits(display, caretDigits.current);
    input.setSelectionRange(at, at);
    caretDigits.current = null;
  });

  return (
    <TextInput
      ref={ref}
      inputMode="tel"
      placeholder="(99) 99999-9999"
      {...props}
      value={display}
      onChange={(e) => {
        const raw = e.currentTarget.value;
        const caret = e.currentTarget.selectionStart ?? raw.length;
        caretDigits.current = raw.slice(0, caret).replace(/\D/g, '').length;
        const digits = raw.replace(/\D/g, '');
        onChange(raw.trim().startsWith('+') ? `+${digits.slice(0, 15)}` : digits.slice(0, 11));
      }}
    />
  );
}
