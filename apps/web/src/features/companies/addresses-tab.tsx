import { Button, Grid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { type TCompanyDetail, ZUpdateCompanyInput } from '@prosa/shared/company-admin';
import { IconPlus } from '@tabler/icons-react';
import { zodValidate } from '../../lib/zod-form';
import { usePatchCompany } from './api';
import { ListItemCard } from './list-item-card';
import { SaveBar } from './save-bar';

type Address = TCompanyDetail['addresses'][number] & { rowKey: string };
type Values = { addresses: Address[] };

const schema = ZUpdateCompanyInput.pick({ addresses: true });
const EMPTY = { tipo: '', logradouro: '', numero: '', bairro: '', cep: '', cidade: '', observacao: '' };

/** CEP shown as 99999-999, stored as 8 digits. */
export function formatCep(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 8);
  return d.length > 5 ? `${d.slice(0, 5)}-${d.slice(5)}` : d;
}

/** Endereços (spec 2 §3 Company addresses): tipo, logradouro, número, bairro, CEP, cidade, observação. */
export function AddressesTab({ company }: { company: TCompanyDetail }) {
  const save = usePatchCompany(company.id);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { addresses: company.addresses.map((a) => ({ ...a, rowKey: randomId() })) },
    validate: zodValidate<Values>(schema),
  });
  const list = form.getValues().addresses;
  return (
    <form noValidate onSubmit={form.onSubmit((v) => save.mutate(schema.parse(v)))}>
      <Stack gap="md" maw={880}>
        {list.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhum endereço cadastrado.
          </Text>
        ) : null}
        {list.map((a, i) => (
          <ListItemCard
            key={a.rowKey}
            title={`Endereço ${i + 1}`}
            onRemove={() => form.removeListItem('addresses', i)}
          >
            <Grid gap="sm">
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput
                  label="Tipo"
                  placeholder="Comercial, cobrança…"
                  maxLength={40}
                  {...form.getInputProps(`addresses.${i}.tipo`)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 8 }}>
                <TextInput
                  label="Logradouro"
                  withAsterisk
                  maxLength={200}
                  {...form.getInputProps(`addresses.${i}.logradouro`)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 2 }}>
                <TextInput label="Número" maxLength={20} {...form.getInputProps(`addresses.${i}.numero`)} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 4 }}>
                <TextInput label="Bairro" maxLength={120} {...form.getInputProps(`addresses.${i}.bairro`)} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 2 }}>
                <TextInput
                  label="CEP"
                  placeholder="99999-999"
                  inputMode="numeric"
                  {...form.getInputProps(`addresses.${i}.cep`)}
                  value={formatCep(a.cep)}
                  onChange={(e) =>
                    form.setFieldValue(
                      `addresses.${i}.cep`,
                      e.currentTarget.value.replace(/\D/g, '').slice(0, 8),
                    )
                  }
                />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 4 }}>
                <TextInput label="Cidade" maxLength={120} {...form.getInputProps(`addresses.${i}.cidade`)} />
              </Grid.Col>
              <Grid.Col span={12}>
                <Textarea
                  label="Observação"
                  autosize
                  minRows={1}
                  maxRows={4}
                  maxLength={500}
                  {...form.getInputProps(`addresses.${i}.observacao`)}
                />
              </Grid.Col>
            </Grid>
          </ListItemCard>
        ))}
        <SaveBar saving={save.isPending}>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            onClick={() => form.insertListItem('addresses', { ...EMPTY, rowKey: randomId() })}
          >
            Adicionar endereço
          </Button>
        </SaveBar>
      </Stack>
    </form>
  );
}
