import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { type TContract, ZContractInput } from '@prosa/shared/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { zodValidate } from '../../lib/zod-form';
import { DateInputBr } from '../companies/date-input-br';
import { SaveBar } from '../companies/save-bar';
import { useSaveContract, useSellers } from './api';
import { formValuesFrom, nextRule, type TContractFormValues, toContractInput } from './contract-form-values';

const MONEY = {
  prefix: 'R$ ',
  decimalSeparator: ',',
  thousandSeparator: '.',
  decimalScale: 2,
  fixedDecimalScale: true,
  min: 0,
  hideControls: true,
} as const;

/** Contract detail (spec 2 §3 Contract): dates, user ranges with their value, value per number, seller. */
export function ContractForm({ companyId, contract }: { companyId: number; contract: TContract }) {
  const sellers = useSellers();
  const save = useSaveContract(companyId);
  const form = useForm<TContractFormValues>({
    mode: 'controlled',
    initialValues: formValuesFrom(contract, randomId),
    validate: zodValidate<TContractFormValues>(ZContractInput, toContractInput),
  });
  const rules = form.getValues().rules;
  const rulesError = Object.entries(form.errors).find(([path]) => /^rules\.\d+\./.test(path));

  return (
    <form noValidate onSubmit={form.onSubmit((v) => save.mutate(toContractInput(v)))} aria-label="Contrato">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <DateInputBr label="Data de início" withAsterisk clearable {...form.getInputProps('start_date')} />
          <DateInputBr label="Data de vencimento" clearable {...form.getInputProps('due_date')} />
          <Select
            label="Vendedor"
            placeholder={sellers.isPending ? 'Carregando…' : 'Selecione'}
            clearable
            data={(sellers.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
            {...form.getInputProps('seller_id')}
          />
        </SimpleGrid>

        <Stack gap={6}>
          <Title order={4} fz="md">
            Faixas de usuários
          </Title>
          <Text size="sm" c="dimmed">
            Cada usuário paga o valor mensal da faixa que contém a sua posição (ordem de criação).
          </Text>
          <Table withTableBorder verticalSpacing={6} aria-label="Faixas de usuários" maw={640}>
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <Table.Th>De (posição)</Table.Th>
                <Table.Th>Até (posição)</Table.Th>
                <Table.Th>Valor por usuário</Table.Th>
                <Table.Th w={48}>
                  <VisuallyHidden>Ações</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rules.map((r, i) => (
                <Table.Tr key={r.rowKey} aria-label={`Faixa ${i + 1}`}>
                  <Table.Td>
                    <NumberInput
                      aria-label={`De, faixa ${i + 1}`}
                      min={1}
                      allowDecimal={false}
                      hideControls
                      {...form.getInputProps(`rules.${i}.start_limit`)}
                      error={Boolean(form.errors[`rules.${i}.start_limit`])}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`Até, faixa ${i + 1}`}
                      min={1}
                      allowDecimal={false}
                      hideControls
                      {...form.getInputProps(`rules.${i}.end_limit`)}
                      error={Boolean(form.errors[`rules.${i}.end_limit`])}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`Valor, faixa ${i + 1}`}
                      {...MONEY}
                      {...form.getInputProps(`rules.${i}.value`)}
                      error={Boolean(form.errors[`rules.${i}.value`])}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Tooltip label="Remover faixa" withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remover faixa ${i + 1}`}
                        onClick={() => form.removeListItem('rules', i)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))}
              {rules.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text size="sm" c="dimmed" ta="center" py={4}>
                      Nenhuma faixa cadastrada: os usuários não são cobrados.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>
          {rulesError ? (
            <Text size="sm" c="red" role="alert">
              {rulesError[1]}
            </Text>
          ) : null}
          <Group>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => form.insertListItem('rules', nextRule(form.getValues().rules, randomId()))}
            >
              Adicionar faixa
            </Button>
          </Group>
        </Stack>

        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <NumberInput
            label="Valor por número"
            description="Cobrado por número de WhatsApp da empresa."
            {...MONEY}
            {...form.getInputProps('number_value')}
          />
        </SimpleGrid>
        <Textarea
          label="Observação"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={2000}
          {...form.getInputProps('observation')}
        />
        <SaveBar saving={save.isPending} label="Salvar contrato" />
      </Stack>
    </form>
  );
}
