import { Button, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { type TCompanyDetail, ZUpdateCompanyInput } from '@prosa/shared/company-admin';
import { IconPlus } from '@tabler/icons-react';
import { zodValidate } from '../../lib/zod-form';
import { usePatchCompany } from './api';
import { ListItemCard } from './list-item-card';
import { PhoneInput } from './phone-input';
import { SaveBar } from './save-bar';

type Responsible = TCompanyDetail['responsibles'][number] & { rowKey: string };
type Values = { responsibles: Responsible[] };

const schema = ZUpdateCompanyInput.pick({ responsibles: true });
const EMPTY = { nome: '', email: '', celular: '', titulo: '', telefone: '' };

/** Responsáveis (spec 2 §3): nome, título, e-mail, celular and telefone with the DDI 55 mask. */
export function ResponsiblesTab({ company }: { company: TCompanyDetail }) {
  const save = usePatchCompany(company.id);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { responsibles: company.responsibles.map((r) => ({ ...r, rowKey: randomId() })) },
    validate: zodValidate<Values>(schema),
  });
  const list = form.getValues().responsibles;
  const phone = (path: string) => {
    const props = form.getInputProps(path);
    return {
      ...props,
      value: String(props.value ?? ''),
      onChange: (v: string) => form.setFieldValue(path, v),
    };
  };
  return (
    <form noValidate onSubmit={form.onSubmit((v) => save.mutate(schema.parse(v)))}>
      <Stack gap="md" maw={880}>
        {list.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhum responsável cadastrado.
          </Text>
        ) : null}
        {list.map((r, i) => (
          <ListItemCard
            key={r.rowKey}
            title={`Responsável ${i + 1}`}
            onRemove={() => form.removeListItem('responsibles', i)}
          >
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
              <TextInput
                label="Nome"
                withAsterisk
                maxLength={120}
                {...form.getInputProps(`responsibles.${i}.nome`)}
              />
              <TextInput
                label="Título"
                placeholder="Cargo"
                maxLength={80}
                {...form.getInputProps(`responsibles.${i}.titulo`)}
              />
              <TextInput
                label="E-mail"
                type="email"
                maxLength={200}
                {...form.getInputProps(`responsibles.${i}.email`)}
              />
              <PhoneInput label="Celular" {...phone(`responsibles.${i}.celular`)} />
              <PhoneInput label="Telefone" {...phone(`responsibles.${i}.telefone`)} />
            </SimpleGrid>
          </ListItemCard>
        ))}
        <SaveBar saving={save.isPending}>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            onClick={() => form.insertListItem('responsibles', { ...EMPTY, rowKey: randomId() })}
          >
            Adicionar responsável
          </Button>
        </SaveBar>
      </Stack>
    </form>
  );
}
