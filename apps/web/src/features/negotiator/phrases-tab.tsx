import { Alert, Badge, Button, Divider, Group, Stack, Text, Textarea } from '@mantine/core';
import { phraseError, phraseVariables, type TPhraseGroup } from '@prosa/shared/negotiator';
import { PHRASE_WARNING_CLOSE_MS, type TPhraseView } from '@prosa/shared/negotiator-admin';
import { IconAlertTriangle, IconArrowBackUp, IconPencil } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api';
import { useSaveNegotiatorPhrases } from './api';

type Props = { negotiatorId: number; group: TPhraseGroup; phrases: Record<string, TPhraseView> };

function variablesHint(defaultText: string): string {
  const vars = [...new Set(phraseVariables(defaultText))];
  return vars.length
    ? `Variáveis permitidas, cada uma no máximo uma vez: ${vars.join(', ')}`
    : 'Esta frase não aceita variáveis.';
}

/**
 * One group's phrases: read mode lists label and text; "Editar" turns the whole tab into textareas with each
 * phrase's allowed variables, its rule error as it is typed and "Restaurar padrão"; Save sends the tab's phrases.
 */
export function PhrasesTab({ negotiatorId, group, phrases }: Props) {
  const save = useSaveNegotiatorPhrases(negotiatorId);
  const [editing, setEditing] = useState(false);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [warning, setWarning] = useState<string | null>(null);

  // The warning box closes by itself (spec 3 §9).
  useEffect(() => {
    if (!warning) return;
    const timer = setTimeout(() => setWarning(null), PHRASE_WARNING_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [warning]);

  const keys = Object.keys(phrases);
  const startEditing = () => {
    setDrafts(Object.fromEntries(keys.map((k) => [k, phrases[k]?.text ?? ''])));
    setServerErrors({});
    setEditing(true);
  };
  const errorOf = (key: string) => {
    const p = phrases[key];
    if (!p) return null;
    return phraseError(group, p.default, drafts[key] ?? '') ?? serverErrors[`${group}.${key}`] ?? null;
  };
  const submit = () => {
    const firstError = keys.map(errorOf).find((e) => e !== null);
    if (firstError) {
      setWarning(firstError);
      return;
    }
    save.mutate(
      { phrases: { [group]: drafts } },
      {
        onSuccess: () => setEditing(false),
        onError: (error) => {
          const errors = error instanceof ApiError ? error.body.errors : undefined;
          if (errors && typeof errors === 'object') setServerErrors(errors as Record<string, string>);
          setWarning(errorMessage(error, 'Não foi possível salvar as frases.') ?? null);
        },
      },
    );
  };

  return (
    <Stack gap="md" pt="md">
      {warning ? (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle />}
          role="alert"
          withCloseButton
          closeButtonLabel="Fechar aviso"
          onClose={() => setWarning(null)}
        >
          {warning}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        {editing ? (
          <>
            <Button variant="default" onClick={() => setEditing(false)} disabled={save.isPending}>
              Cancelar
            </Button>
            <Button onClick={submit} loading={save.isPending}>
              Salvar
            </Button>
          </>
        ) : (
          <Button variant="light" leftSection={<IconPencil size={16} />} onClick={startEditing}>
            Editar
          </Button>
        )}
      </Group>
      {keys.map((key, i) => {
        const p = phrases[key];
        if (!p) return null;
        return (
          <Stack key={key} gap={6}>
            {i > 0 ? <Divider /> : null}
            {editing ? (
              <>
                <Textarea
                  label={p.label}
                  description={variablesHint(p.default)}
                  autosize
                  minRows={2}
                  value={drafts[key] ?? ''}
                  error={errorOf(key)}
                  onChange={(e) => {
                    const text = e.currentTarget.value;
                    setDrafts((d) => ({ ...d, [key]: text }));
                    setServerErrors(({ [`${group}.${key}`]: _gone, ...rest }) => rest);
                  }}
                />
                <Group>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    leftSection={<IconArrowBackUp size={14} />}
                    disabled={drafts[key] === p.default}
                    aria-label={`Restaurar padrão de ${p.label}`}
                    onClick={() => setDrafts((d) => ({ ...d, [key]: p.default }))}
                  >
                    Restaurar padrão
                  </Button>
                </Group>
              </>
            ) : (
              <>
                <Group gap="xs">
                  <Text fw={500} size="sm">
                    {p.label}
                  </Text>
                  {p.edited ? (
                    <Badge size="sm" variant="light">
                      Editada
                    </Badge>
                  ) : null}
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid={`phrase-${group}-${key}`}>
                  {p.text}
                </Text>
              </>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
