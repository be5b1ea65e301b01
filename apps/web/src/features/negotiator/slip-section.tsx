import { NumberInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { TNegotiatorFormValues } from './form-values';

/** The payment slip's beneficiary and Bradesco account, days until due (1–30) and instructions. */
export function SlipSection({ form }: { form: UseFormReturnType<TNegotiatorFormValues> }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Beneficiário"
          required
          maxLength={120}
          {...form.getInputProps('slip.beneficiary')}
        />
        <TextInput
          label="CNPJ do beneficiário"
          maxLength={18}
          placeholder="00.000.000/0000-00"
          {...form.getInputProps('slip.beneficiary_document')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <TextInput label="Agência" required maxLength={4} {...form.getInputProps('slip.agency')} />
        <TextInput label="Conta" required maxLength={7} {...form.getInputProps('slip.account')} />
        <TextInput label="Carteira" required maxLength={2} {...form.getInputProps('slip.wallet')} />
        <NumberInput
          label="Dias para vencimento"
          required
          min={1}
          max={30}
          allowDecimal={false}
          {...form.getInputProps('slip.due_days')}
        />
      </SimpleGrid>
      <Textarea
        label="Instruções"
        description="Impressas no boleto (até 300 caracteres)."
        maxLength={300}
        autosize
        minRows={2}
        {...form.getInputProps('slip.instructions')}
      />
    </Stack>
  );
}
