import { Card, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { fillTemplate, type THsm, templateParams } from '@prosa/shared/hsm';

type Props = {
  templates: THsm[];
  templateId: number | null;
  values: string[];
  onTemplate: (id: number | null) => void;
  onValues: (values: string[]) => void;
  error?: string | null;
};

/** Choose a template, fill each {{n}} and see the message as the contact will receive it. */
export function TemplateFields({ templates, templateId, values, onTemplate, onValues, error }: Props) {
  const template = templates.find((t) => t.id === templateId) ?? null;
  const params = template ? templateParams(template.template) : [];
  return (
    <Stack gap="sm">
      <Select
        label="Modelo (HSM)"
        placeholder="Selecione um modelo"
        required
        searchable
        nothingFoundMessage="Nenhum modelo encontrado."
        data={templates.map((t) => ({ value: String(t.id), label: `${t.name} (${t.language})` }))}
        value={templateId === null ? null : String(templateId)}
        onChange={(v) => {
          onTemplate(v === null ? null : Number(v));
          onValues([]);
        }}
        error={error ?? undefined}
      />
      {params.length > 0 ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {params.map((n) => (
            <TextInput
              key={n}
              required
              label={`Parâmetro {{${n}}}`}
              value={values[n - 1] ?? ''}
              onChange={(e) => {
                const next = [...values];
                next[n - 1] = e.currentTarget.value;
                onValues(next);
              }}
            />
          ))}
        </SimpleGrid>
      ) : null}
      {template ? (
        <Card withBorder padding="sm" bg="teal.0">
          <Text size="xs" c="dimmed" mb={4}>
            Pré-visualização
          </Text>
          {template.header_type === 'text' && template.header_template ? (
            <Text size="sm" fw={700}>
              {template.header_template}
            </Text>
          ) : null}
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="hsm-picker-preview">
            {fillTemplate(template.template, values)}
          </Text>
        </Card>
      ) : null}
    </Stack>
  );
}
