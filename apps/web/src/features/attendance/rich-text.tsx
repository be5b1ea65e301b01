import { Text, type TextProps } from '@mantine/core';
import { useMemo } from 'react';
import { splitBold } from './bold-text';

/** The parts of a text with *bold* as <strong>, inline (for previews inside another element). */
export function RichParts({ text }: { text: string }) {
  const parts = useMemo(() => splitBold(text), [text]);
  return parts.map((part, i) =>
    part.bold ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one text never move
      <strong key={i}>{part.text}</strong>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one text never move
      <span key={i}>{part.text}</span>
    ),
  );
}

/** A message text with *bold* parts, built from React elements: never parsed as HTML. */
export function RichText({ text, ...props }: { text: string } & TextProps) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} {...props}>
      <RichParts text={text} />
    </Text>
  );
}
