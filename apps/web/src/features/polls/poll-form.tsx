import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  POLL_ANSWER_ORDER_LABEL,
  POLL_LIMITS,
  POLL_MSG,
  pollOptionKey,
  type TPoll,
  type TPollAnswerOrder,
  ZPollInput,
} from '@prosa/shared/polls';
import { IconLock, IconPlus, IconTrash } from '@tabler/icons-react';
import { zodValidate } from '../../lib/zod-form';
import { usePollTemplates, useSavePoll } from './api';
import { optionsError, pollFormValues, type TPollFormValues, toPollInput } from './poll-form-values';

type Props = { poll: TPoll | null; onDone: () => void };

/** The create/edit tab (spec 3 §2, §3, §4): a poll with answers keeps its options (count, values, type). */
export function PollForm({ poll, onDone }: Props) {
  const save = useSavePoll();
  const templates = usePollTemplates();
  const locked = (poll?.answers_count ?? 0) > 0;
  const form = useForm<TPollFormValues>({
    mode: 'controlled',
    initialValues: pollFormValues(poll),
    validate: zodValidate(ZPollInput, toPollInput),
    // The options' errors (reported on possible_answers) go once the options change.
    onValuesChange: (next, previous) => {
      if (next.options !== previous.options || next.answer_order !== previous.answer_order)
        for (const k of Object.keys(form.errors))
          if (k.startsWith('possible_answers')) form.clearFieldError(k);
    },
  });
  const values = form.getValues();
  const submit = form.onSubmit((v) =>
    save.mutate({ id: poll?.id ?? null, body: toPollInput(v) }, { onSuccess: () => onDone() }),
  );
  const optionsProblem = optionsError(form.errors);

  return (
    <form noValidate onSubmit={submit} aria-label={poll ? 'Editar pesquisa' : 'Nova pesquisa'}>
      <Stack gap="lg">
        <Card>
          <Stack gap="md">
            <Title order={4}>{poll ? `Editar pesquisa — ${poll.name}` : 'Nova pesquisa'}</Title>
            <TextInput
              label="Nome"
              withAsterisk
              maxLength={POLL_LIMITS.name}
              description={`Até ${POLL_LIMITS.name} caracteres.`}
              {...form.getInputProps('name')}
            />
            <Textarea
              label="Pergunta"
              withAsterisk
              autosize
              minRows={2}
              maxLength={POLL_LIMITS.question}
              description="Enviada ao cliente com as opções listadas abaixo dela."
              {...form.getInputProps('question')}
            />
          </Stack>
        </Card>

        <Card>
          <Stack gap="md">
            <Group justify="space-between">
              <Title order={4}>Opções de resposta</Title>
              <Text size="sm" c="dimmed">
                {values.options.length} de {POLL_LIMITS.maxOptions}
              </Text>
            </Group>
            {locked ? (
              <Alert color="yellow" icon={<IconLock size={18} />}>
                Esta pesquisa já possui respostas: as opções não podem ser adicionadas, removidas ou
                alteradas, nem o tipo das opções.
              </Alert>
            ) : null}
            <Stack gap={6}>
              <Text size="sm" fw={500} id="poll-order-label">
                Tipo das opções
              </Text>
              <SegmentedControl
                aria-labelledby="poll-order-label"
                disabled={locked}
                data={(['letters', 'numbers'] as TPollAnswerOrder[]).map((o) => ({
                  value: o,
                  label: POLL_ANSWER_ORDER_LABEL[o],
                }))}
                value={values.answer_order}
                onChange={(v) => form.setFieldValue('answer_order', v as TPollAnswerOrder)}
                w="fit-content"
              />
            </Stack>
            <Stack gap="xs">
              {values.options.map((_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the options are positional (their key is their place)
                <Group key={i} gap="xs" wrap="nowrap" align="flex-start">
                  <Badge size="lg" variant="light" w={44} mt={4} aria-hidden>
                    {pollOptionKey(values.answer_order, i)}
                  </Badge>
                  <TextInput
                    style={{ flex: 1 }}
                    aria-label={`Opção ${pollOptionKey(values.answer_order, i)}`}
                    placeholder="Texto da opção"
                    maxLength={POLL_LIMITS.option}
                    readOnly={locked}
                    variant={locked ? 'filled' : 'default'}
                    {...form.getInputProps(`options.${i}`)}
                  />
                  {!locked ? (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      mt={2}
                      aria-label={`Remover opção ${pollOptionKey(values.answer_order, i)}`}
                      disabled={values.options.length <= POLL_LIMITS.minOptions}
                      onClick={() => form.removeListItem('options', i)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  ) : null}
                </Group>
              ))}
            </Stack>
            {optionsProblem ? (
              <Text size="sm" c="red" role="alert">
                {optionsProblem}
              </Text>
            ) : null}
            {!locked ? (
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                w="fit-content"
                disabled={values.options.length >= POLL_LIMITS.maxOptions}
                onClick={() => form.insertListItem('options', '')}
              >
                Adicionar opção
              </Button>
            ) : null}
          </Stack>
        </Card>

        <Card>
          <Stack gap="md">
            <Title order={4}>Mensagens</Title>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <Textarea
                label="Resposta correta"
                placeholder={POLL_MSG.thanks}
                description="Enviada quando o cliente responde uma opção válida."
                autosize
                minRows={2}
                maxLength={POLL_LIMITS.text}
                {...form.getInputProps('correct_answer')}
              />
              <Textarea
                label="Resposta inválida"
                placeholder={POLL_MSG.invalidAnswer}
                description="Enviada uma vez, com a pergunta de novo."
                autosize
                minRows={2}
                maxLength={POLL_LIMITS.text}
                {...form.getInputProps('invalid_answer')}
              />
            </SimpleGrid>
          </Stack>
        </Card>

        <Card>
          <Stack gap="md">
            <Title order={4}>Expiração e WhatsApp Enterprise</Title>
            <Switch
              label="Usar tempo de expiração"
              {...form.getInputProps('use_expiration_time', { type: 'checkbox' })}
            />
            {values.use_expiration_time ? (
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                <NumberInput
                  label="Tempo de expiração (minutos)"
                  withAsterisk
                  min={1}
                  max={POLL_LIMITS.maxExpireMinutes}
                  allowDecimal={false}
                  {...form.getInputProps('time_expire')}
                />
                <Stack gap="xs" justify="flex-end">
                  <Switch
                    label="Usar mensagem de expiração padrão"
                    description={`"${POLL_MSG.expired}"`}
                    {...form.getInputProps('use_default_message', { type: 'checkbox' })}
                  />
                </Stack>
              </SimpleGrid>
            ) : null}
            {values.use_expiration_time && !values.use_default_message ? (
              <Textarea
                label="Mensagem de expiração"
                withAsterisk
                autosize
                minRows={2}
                maxLength={POLL_LIMITS.text}
                {...form.getInputProps('expiration_message')}
              />
            ) : null}
            <Select
              label="Modelo (HSM)"
              description="Enviado no lugar da pergunta no WhatsApp Enterprise fora da janela de 24 horas."
              placeholder={templates.isPending ? 'Carregando modelos…' : 'Nenhum'}
              clearable
              searchable
              nothingFoundMessage="Nenhum modelo marcado para uso em pesquisas"
              data={(templates.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
              {...form.getInputProps('hsm_id')}
              value={values.hsm_id || null}
              onChange={(v) => form.setFieldValue('hsm_id', v ?? '')}
              error={templates.isError ? 'Erro ao carregar os modelos (HSM).' : form.errors.hsm_id}
            />
          </Stack>
        </Card>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={save.isPending}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
