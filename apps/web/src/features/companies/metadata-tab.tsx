import { ActionIcon, Button, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { type TCompanyDetail, ZUpdateCompanyInput } from '@prosa/shared/company-admin';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { zodValidate } from '../../lib/zod-form';
import { usePatchCompany } from './api';
import { SaveBar } from './save-bar';

type Values = { custom_metadata: { key: string; value: string; rowKey: string }[] };
const schema = ZUpdateCompanyInput.pick({ custom_metadata: true });

/** Metadados: the company's free key/value list (spec 2 §3 metadata list); keys are required and unique. */
export function MetadataTab({ company }: { company: TCompanyDetail }) {
  const save = usePatchCompany(company.id);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { custom_metadata: company.custom_metadata.map((m) => ({ ...m, rowKey: randomId() })) },
    validate: zodValidate<Values>(schema),
  });
  const list = form.getValues().custom_metadata;
  return (
    <form noValidate onSubmit={form.onSubmit((v) => save.mutate(schema.parse(v)))}>
      <Stack gap="sm" maw={760}>
        <Text size="sm" c="dimmed">
          Informações livres da empresa (por exemplo, o código no ERP), no formato chave e valor.
        </Text>
        {list.length === 0 ? (
          <Text size="sm" c="dimmed" py="sm">
            Nenhum metadado cadastrado.
          </Text>
        ) : null}
        {list.map((m, i) => (
          <Group
            key={m.rowKey}
            align="flex-start"
            gap="sm"
            wrap="nowrap"
            role="group"
            aria-label={`Metadado ${i + 1}`}
          >
            <TextInput
              label="Chave"
              withAsterisk
              maxLength={80}
              w={240}
              {...form.getInputProps(`custom_metadata.${i}.key`)}
            />
            <TextInput
              label="Valor"
              maxLength={2000}
              flex={1}
              {...form.getInputProps(`custom_metadata.${i}.value`)}
            />
            <Tooltip label="Remover" withArrow>
              <ActionIcon
                mt={26}
                size="lg"
                variant="subtle"
                color="red"
                aria-label={`Remover metadado ${i + 1}`}
                onClick={() => form.removeListItem('custom_metadata', i)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ))}
        <SaveBar saving={save.isPending}>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            onClick={() => form.insertListItem('custom_metadata', { key: '', value: '', rowKey: randomId() })}
          >
            Adicionar metadado
          </Button>
        </SaveBar>
      </Stack>
    </form>
  );
}
