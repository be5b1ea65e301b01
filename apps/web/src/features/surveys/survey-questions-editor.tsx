import { ActionIcon, Button, Card, Group, Stack, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { emptyQuestion, type TSurveyFormValues } from './survey-form-values';

type Form = UseFormReturnType<TSurveyFormValues>;

/** The questions of a survey: each with its text, at least 2 options and the 'Outros' free text if allowed. */
export function SurveyQuestionsEditor({ form }: { form: Form }) {
  const questions = form.getValues().questions;
  const listError = form.errors.questions;
  return (
    <Stack gap="sm">
      <Text fw={600} size="sm">
        Perguntas
      </Text>
      {questions.map((q, i) => {
        const optionsError = form.errors[`questions.${i}.options`];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: questions are identified by their index (spec 3 §3)
          <Card key={i} withBorder padding="sm">
            <Stack gap="xs">
              <Group align="flex-end" gap="xs" wrap="nowrap">
                <TextInput
                  style={{ flex: 1 }}
                  label={`Pergunta ${i + 1}`}
                  withAsterisk
                  maxLength={500}
                  {...form.getInputProps(`questions.${i}.text`)}
                />
                <Tooltip label="Remover pergunta">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={`Remover pergunta ${i + 1}`}
                    disabled={questions.length === 1}
                    onClick={() => form.removeListItem('questions', i)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
              {q.options.map((_, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place by position
                <Group key={j} gap="xs" wrap="nowrap" align="flex-start">
                  <TextInput
                    style={{ flex: 1 }}
                    aria-label={`Opção ${j + 1} da pergunta ${i + 1}`}
                    placeholder={`Opção ${j + 1}`}
                    maxLength={200}
                    {...form.getInputProps(`questions.${i}.options.${j}`)}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="lg"
                    aria-label={`Remover opção ${j + 1} da pergunta ${i + 1}`}
                    disabled={q.options.length <= 2}
                    onClick={() => form.removeListItem(`questions.${i}.options`, j)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ))}
              {optionsError ? (
                <Text size="xs" c="red">
                  {optionsError}
                </Text>
              ) : null}
              <Group justify="space-between">
                <Button
                  variant="subtle"
                  size="xs"
                  leftSection={<IconPlus size={14} />}
                  disabled={q.options.length >= 20}
                  onClick={() => form.insertListItem(`questions.${i}.options`, '')}
                >
                  Adicionar opção
                </Button>
                <Switch
                  label="Permitir 'Outros'"
                  {...form.getInputProps(`questions.${i}.others`, { type: 'checkbox' })}
                />
              </Group>
            </Stack>
          </Card>
        );
      })}
      {typeof listError === 'string' ? (
        <Text size="xs" c="red">
          {listError}
        </Text>
      ) : null}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        style={{ alignSelf: 'flex-start' }}
        disabled={questions.length >= 50}
        onClick={() => form.insertListItem('questions', emptyQuestion())}
      >
        Adicionar pergunta
      </Button>
    </Stack>
  );
}
