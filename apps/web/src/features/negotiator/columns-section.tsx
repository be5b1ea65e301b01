import { ActionIcon, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { emptyOffer, type TColumnKey, type TNegotiatorFormValues } from './form-values';

type Form = UseFormReturnType<TNegotiatorFormValues>;

const COLUMNS: { key: TColumnKey; label: string; required?: boolean }[] = [
  { key: 'document', label: 'Documento (CPF/CNPJ)', required: true },
  { key: 'name', label: 'Nome do devedor' },
  { key: 'debt_description', label: 'Descrição da dívida' },
  { key: 'debt_amount', label: 'Valor da dívida', required: true },
  { key: 'debt_due_date', label: 'Vencimento da dívida' },
];
const MAX_OFFERS = 3;

/** Which mailing columns hold the debtor and the debt, and 1 to 3 offers (label, amount, installments). */
export function ColumnsSection({ form, header }: { form: Form; header: string[] }) {
  const data = header.map((h, i) => ({ value: String(i), label: h || `Coluna ${i + 1}` }));
  const disabled = header.length === 0;
  const offers = form.values.fields.offers;
  return (
    <Stack gap="md">
      {disabled ? (
        <Text size="sm" c="dimmed">
          Escolha o mailing para indicar as colunas.
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {COLUMNS.map((c) => (
          <Select
            key={c.key}
            label={c.label}
            required={c.required}
            data={data}
            disabled={disabled}
            clearable={!c.required}
            placeholder="Selecione a coluna"
            {...form.getInputProps(`fields.${c.key}`)}
          />
        ))}
      </SimpleGrid>
      <Text fw={500} size="sm">
        Ofertas
      </Text>
      {offers.map((_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: offers have no id; their position is their identity.
        <Group key={i} align="flex-end" wrap="nowrap" gap="sm">
          <TextInput
            label={`Oferta ${i + 1}`}
            placeholder="Ex.: À vista"
            required
            maxLength={60}
            style={{ flex: 1 }}
            {...form.getInputProps(`fields.offers.${i}.label`)}
          />
          <Select
            label="Coluna do valor"
            required
            data={data}
            disabled={disabled}
            placeholder="Selecione"
            style={{ flex: 1 }}
            {...form.getInputProps(`fields.offers.${i}.amount`)}
          />
          <Select
            label="Coluna das parcelas"
            data={data}
            disabled={disabled}
            clearable
            placeholder="1 parcela"
            style={{ flex: 1 }}
            {...form.getInputProps(`fields.offers.${i}.installments`)}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            mb={2}
            aria-label={`Remover oferta ${i + 1}`}
            disabled={offers.length === 1}
            onClick={() => form.removeListItem('fields.offers', i)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
      {offers.length < MAX_OFFERS ? (
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => form.insertListItem('fields.offers', emptyOffer())}
          >
            Adicionar oferta
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
