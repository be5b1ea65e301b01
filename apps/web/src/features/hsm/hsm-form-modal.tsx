import {
  Alert,
  Button,
  Card,
  FileButton,
  Group,
  Modal,
  MultiSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  fillTemplate,
  HSM_AUTH_TEXT,
  HSM_HEADER_LABEL,
  HSM_HEADER_TYPES,
  HSM_MEDIA_LIMITS,
  hsmMediaError,
  type THsm,
  type THsmHeaderType,
  type THsmInput,
  type THsmMediaType,
  templateParams,
  ZHsmInput,
} from '@prosa/shared/hsm';
import { ROLE } from '@prosa/shared/roles';
import { IconInfoCircle, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { zodValidate } from '../../lib/zod-form';
import { useCurrentUser } from '../auth/session-context';
import { useUploadHsmMedia } from './api';

type Values = {
  name: string;
  element_name: string;
  namespace: string;
  language: string;
  category: string;
  template: string;
  template_type: 'headers' | 'authentication';
  use_header: boolean;
  header_type: THsmHeaderType | null;
  header_template: string;
  header_media_key: string | null;
  use_in_poll: boolean;
  all_companies: boolean;
  companies: string[];
};

const CATEGORIES = [
  { value: 'UTILITY', label: 'Utilidade' },
  { value: 'MARKETING', label: 'Marketing' },
  { value: 'AUTHENTICATION', label: 'Autenticação' },
];

function valuesOf(t: THsm | null, companyId: number): Values {
  return {
    name: t?.name ?? '',
    element_name: t?.element_name ?? '',
    namespace: t?.namespace ?? '',
    language: t?.language ?? 'pt_BR',
    category: t?.category ?? 'UTILITY',
    template: t?.template ?? '',
    template_type: t?.template_type ?? 'headers',
    use_header: Boolean(t?.header_type),
    header_type: t?.header_type ?? null,
    header_template: t?.header_template ?? '',
    header_media_key: t?.header_media_key ?? null,
    use_in_poll: t?.use_in_poll ?? false,
    all_companies: t?.all_companies ?? false,
    companies: (t?.companies ?? [companyId]).map(String),
  };
}

export function toHsmInput(v: Values): THsmInput {
  return {
    name: v.name,
    element_name: v.element_name,
    namespace: v.namespace || null,
    language: v.language,
    category: v.category,
    template: v.template_type === 'authentication' ? HSM_AUTH_TEXT : v.template,
    template_type: v.template_type,
    auth_type: v.template_type === 'authentication' ? 'OTP' : null,
    use_header: v.use_header,
    header_type: v.use_header ? v.header_type : null,
    header_template: v.header_template || null,
    header_media_key: v.header_media_key,
    use_in_poll: v.use_in_poll,
    all_companies: v.all_companies,
    companies: v.companies.map(Number),
  };
}

type Props = {
  target: THsm | 'new' | null;
  companies: { id: number; name: string }[];
  saving: boolean;
  onSave: (id: number | null, body: THsmInput) => void;
  onClose: () => void;
};

export function HsmFormModal({ target, ...props }: Props) {
  const editing = target !== null && target !== 'new' ? target : null;
  return (
    <Modal
      opened={target !== null}
      onClose={props.onClose}
      title={editing ? `Editar modelo — ${editing.name}` : 'Novo modelo (HSM)'}
      size={880}
      closeOnClickOutside={false}
    >
      {target !== null ? <HsmForm key={editing?.id ?? 'new'} template={editing} {...props} /> : null}
    </Modal>
  );
}

function HsmForm({
  template,
  companies,
  saving,
  onSave,
  onClose,
}: Omit<Props, 'target'> & { template: THsm | null }) {
  const me = useCurrentUser();
  const isAdmin = me.role >= ROLE.admin;
  const upload = useUploadHsmMedia();
  const [mediaName, setMediaName] = useState<string | null>(
    template?.header_media_key ? 'Mídia enviada' : null,
  );
  const [mediaError, setMediaError] = useState<string | null>(null);
  const [sample, setSample] = useState<string[]>([]);
  const form = useForm<Values>({
    initialValues: valuesOf(template, me.companyId),
    validate: zodValidate<Values>(ZHsmInput, toHsmInput),
  });
  const v = form.values;
  const auth = v.template_type === 'authentication';
  const text = auth ? HSM_AUTH_TEXT : v.template;
  const params = templateParams(text);
  const mediaType =
    v.use_header && v.header_type && v.header_type !== 'text' ? (v.header_type as THsmMediaType) : null;

  const pickFile = (file: File | null) => {
    if (!file || !mediaType) return;
    // The browser's check gives the same texts early; the server judges the content again.
    const refused = hsmMediaError(mediaType, file.type === 'video/3gp' ? 'video/3gpp' : file.type, file.size);
    setMediaError(refused);
    if (refused) return;
    upload.mutate(
      { headerType: mediaType, file },
      {
        onSuccess: (r) => {
          form.setFieldValue('header_media_key', r.key);
          setMediaName(file.name);
        },
      },
    );
  };

  const submit = form.onSubmit((values) => {
    if (isAdmin && !values.all_companies && values.companies.length === 0) {
      form.setFieldError('companies', 'Selecione uma empresa.');
      return;
    }
    onSave(template?.id ?? null, toHsmInput(values));
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Nome" required {...form.getInputProps('name')} />
          <TextInput
            label="Nome do elemento"
            description="Nome do modelo na Meta (element_name)"
            required
            {...form.getInputProps('element_name')}
          />
          <TextInput
            label="Espaço de nomes"
            description="Namespace do modelo no painel da Meta"
            {...form.getInputProps('namespace')}
          />
          <SimpleGrid cols={2}>
            <TextInput label="Idioma" {...form.getInputProps('language')} />
            <Select
              label="Categoria"
              data={CATEGORIES}
              allowDeselect={false}
              disabled={auth}
              {...form.getInputProps('category')}
            />
          </SimpleGrid>
        </SimpleGrid>
        <Group gap="lg" align="flex-end">
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Tipo do modelo
            </Text>
            <SegmentedControl
              data={[
                { value: 'headers', label: 'Padrão' },
                { value: 'authentication', label: 'Autenticação (OTP)' },
              ]}
              value={v.template_type}
              onChange={(value) => {
                form.setFieldValue('template_type', value as Values['template_type']);
                if (value === 'authentication') form.setFieldValue('category', 'AUTHENTICATION');
              }}
            />
          </Stack>
          <Switch
            label="Usar em pesquisas"
            checked={v.use_in_poll}
            onChange={(e) => form.setFieldValue('use_in_poll', e.currentTarget.checked)}
          />
        </Group>
        {!auth ? (
          <Card withBorder padding="sm">
            <Stack gap="sm">
              <Switch
                label="Usar cabeçalho"
                checked={v.use_header}
                onChange={(e) => form.setFieldValue('use_header', e.currentTarget.checked)}
              />
              {v.use_header ? (
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <Select
                    label="Tipo do cabeçalho"
                    placeholder="Selecione"
                    data={HSM_HEADER_TYPES.map((t) => ({ value: t, label: HSM_HEADER_LABEL[t] }))}
                    {...form.getInputProps('header_type')}
                    onChange={(value) => {
                      form.setFieldValue('header_type', value as THsmHeaderType | null);
                      form.setFieldValue('header_media_key', null);
                      setMediaName(null);
                      setMediaError(null);
                    }}
                  />
                  {v.header_type === 'text' ? (
                    <TextInput label="Mensagem do cabeçalho" {...form.getInputProps('header_template')} />
                  ) : mediaType ? (
                    <Stack gap={4}>
                      <Text size="sm" fw={500}>
                        Mídia do cabeçalho
                      </Text>
                      <Group gap="xs">
                        <FileButton onChange={pickFile} accept={HSM_MEDIA_LIMITS[mediaType].accept}>
                          {(p) => (
                            <Button
                              {...p}
                              variant="light"
                              leftSection={<IconUpload size={16} />}
                              loading={upload.isPending}
                            >
                              Enviar mídia
                            </Button>
                          )}
                        </FileButton>
                        <Text size="sm" c="dimmed">
                          {mediaName ??
                            `${HSM_MEDIA_LIMITS[mediaType].extensions} até ${HSM_MEDIA_LIMITS[mediaType].maxLabel}`}
                        </Text>
                      </Group>
                      {mediaError || form.errors.header_template ? (
                        <Text size="xs" c="red">
                          {mediaError ?? form.errors.header_template}
                        </Text>
                      ) : null}
                    </Stack>
                  ) : null}
                </SimpleGrid>
              ) : null}
            </Stack>
          </Card>
        ) : null}
        <Textarea
          label="Mensagem do modelo"
          description={
            auth ? 'Texto fixo dos modelos de autenticação.' : 'Use {{1}}, {{2}}… para os parâmetros.'
          }
          autosize
          minRows={3}
          readOnly={auth}
          {...form.getInputProps('template')}
          value={text}
        />
        {params.length > 0 ? (
          <Card withBorder padding="sm" bg="gray.0">
            <Stack gap="xs">
              <Text size="sm" fw={600}>
                Pré-visualização
              </Text>
              <SimpleGrid cols={{ base: 2, sm: 4 }}>
                {params.map((n) => (
                  <TextInput
                    key={n}
                    size="xs"
                    label={`Parâmetro {{${n}}}`}
                    value={sample[n - 1] ?? ''}
                    onChange={(e) => {
                      const next = [...sample];
                      next[n - 1] = e.currentTarget.value;
                      setSample(next);
                    }}
                  />
                ))}
              </SimpleGrid>
              <Text size="sm" data-testid="hsm-preview" style={{ whiteSpace: 'pre-wrap' }}>
                {v.use_header && v.header_type === 'text' && v.header_template ? (
                  <strong>
                    {v.header_template}
                    {'\n'}
                  </strong>
                ) : null}
                {fillTemplate(text, sample)}
              </Text>
            </Stack>
          </Card>
        ) : null}
        {isAdmin ? (
          <Stack gap="xs">
            <Switch
              label="Todas as empresas"
              checked={v.all_companies}
              onChange={(e) => form.setFieldValue('all_companies', e.currentTarget.checked)}
            />
            {!v.all_companies ? (
              <MultiSelect
                label="Empresas"
                placeholder="Selecione"
                data={companies.map((c) => ({ value: String(c.id), label: c.name }))}
                searchable
                {...form.getInputProps('companies')}
              />
            ) : null}
          </Stack>
        ) : null}
        {template && !template.editable ? (
          <Alert color="gray" icon={<IconInfoCircle />}>
            Este modelo pertence a outra empresa e não pode ser alterado aqui.
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button
            type="submit"
            loading={saving}
            disabled={upload.isPending || (template !== null && !template.editable)}
          >
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
