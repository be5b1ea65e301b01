import {
  ActionIcon,
  Button,
  Group,
  Input,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  CONTACT_FIELD_MSG,
  CONTACT_FIELD_TYPE_LABEL,
  CONTACT_FIELD_TYPES,
  definitionError,
  FIELD_KEY_MAX,
  fieldKeyFromLabel,
  MASK_PRESETS,
  optionKey,
  type TContactField,
  type TContactFieldType,
  ZContactFieldInput,
} from '@prosa/shared/contact-fields';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { FormActions } from '../../components/form-actions';
import { TargetModal } from '../../components/target-modal';
import { toast } from '../../lib/toast';
import type { TSector } from '../sectors/api';

export type TFieldBody = {
  key: string;
  label: string;
  type: TContactFieldType;
  options: { value: string }[];
  required: boolean;
  mask: string | null;
  is_active: boolean;
  sector_id: number | null;
};

type Props = {
  /** null: closed; 'new': creating; a field: editing it. */
  target: TContactField | 'new' | null;
  sectors: TSector[];
  saving: boolean;
  onSave: (id: number | null, body: TFieldBody) => void;
  onClose: () => void;
};

const CUSTOM = 'custom';
const NO_MASK = 'none';
const ALL_SECTORS = 'all';

/** Create or edit a custom contact field: name and key, type, options of a list, mask, sector, switches. */
export function ContactFieldModal({ target, sectors, saving, onSave, onClose }: Props) {
  return (
    <TargetModal
      target={target}
      onClose={onClose}
      saving={saving}
      title={(editing) => (editing ? 'Editar campo do contato' : 'Novo campo do contato')}
      size="lg"
      centered
    >
      {(editing) => (
        <FieldForm field={editing} sectors={sectors} saving={saving} onSave={onSave} onClose={onClose} />
      )}
    </TargetModal>
  );
}

function maskChoice(mask: string | null) {
  if (!mask) return NO_MASK;
  return MASK_PRESETS.some((p) => p.value === mask) ? mask : CUSTOM;
}

function FieldForm(props: Omit<Props, 'target'> & { field: TContactField | null }) {
  const { field } = props;
  const [label, setLabel] = useState(field?.label ?? '');
  const [key, setKey] = useState(field?.key ?? '');
  // A new field's key follows its name until the user edits the key.
  const [keyTouched, setKeyTouched] = useState(field !== null);
  const [type, setType] = useState<TContactFieldType>(field?.type ?? 'text');
  const [options, setOptions] = useState<string[]>(field?.options.map((o) => o.value) ?? ['']);
  const [choice, setChoice] = useState(maskChoice(field?.mask ?? null));
  const [customMask, setCustomMask] = useState(choice === CUSTOM ? (field?.mask ?? '') : '');
  const [sector, setSector] = useState(field?.sector_id ? String(field.sector_id) : ALL_SECTORS);
  const [required, setRequired] = useState(field?.required ?? false);
  const [active, setActive] = useState(field?.is_active ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const mask = choice === NO_MASK ? null : choice === CUSTOM ? customMask.trim() : choice;

  const removeOption = (index: number) => {
    // Spec 3 §5: the last option of a list cannot be removed.
    if (options.length <= 1) {
      toast.warning(CONTACT_FIELD_MSG.lastOption);
      return;
    }
    setOptions((o) => o.filter((_, i) => i !== index));
  };

  const submit = () => {
    const body: TFieldBody = {
      key: key.trim(),
      label: label.trim(),
      type,
      options: type === 'list' ? options.map((value) => ({ value })) : [],
      required,
      mask: type === 'list' ? null : mask,
      is_active: active,
      sector_id: sector === ALL_SECTORS ? null : Number(sector),
    };
    const next: Record<string, string> = {};
    const parsed = ZContactFieldInput.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path[0] === 'options' ? `options.${String(issue.path[1])}` : String(issue.path[0]);
        if (!(path in next)) next[path] = issue.message;
      }
    }
    const listProblem = definitionError(body, { wasList: field?.type === 'list' });
    if (listProblem && !Object.keys(next).some((k) => k.startsWith('options'))) next.options = listProblem;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    props.onSave(field?.id ?? null, body);
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Group grow align="flex-start" gap="sm">
          <TextInput
            label="Nome do campo"
            withAsterisk
            data-autofocus
            maxLength={100}
            value={label}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setLabel(value);
              if (!keyTouched) setKey(fieldKeyFromLabel(value));
            }}
            error={errors.label}
          />
          <TextInput
            label="Chave"
            placeholder="letras minúsculas, números e _"
            withAsterisk
            maxLength={FIELD_KEY_MAX}
            value={key}
            onChange={(e) => {
              setKey(e.currentTarget.value);
              setKeyTouched(true);
            }}
            error={errors.key}
          />
        </Group>
        <Input.Wrapper label="Tipo">
          <SegmentedControl
            fullWidth
            data={CONTACT_FIELD_TYPES.map((t) => ({ value: t, label: CONTACT_FIELD_TYPE_LABEL[t] }))}
            value={type}
            onChange={(v) => setType(v as TContactFieldType)}
          />
        </Input.Wrapper>
        {type === 'list' ? (
          <OptionsEditor
            options={options}
            errors={errors}
            onChange={(index, value) => setOptions((o) => o.map((v, i) => (i === index ? value : v)))}
            onAdd={() => setOptions((o) => [...o, ''])}
            onRemove={removeOption}
          />
        ) : (
          <Group grow align="flex-start" gap="sm">
            <Select
              label="Máscara"
              data={[
                { value: NO_MASK, label: 'Sem máscara' },
                ...MASK_PRESETS.map((p) => ({
                  value: p.value,
                  label: `${p.label}${p.value === 'numeric' ? '' : ` (${p.value})`}`,
                })),
                { value: CUSTOM, label: 'Personalizada' },
              ]}
              value={choice}
              onChange={(v) => setChoice(v ?? NO_MASK)}
              allowDeselect={false}
              error={choice !== CUSTOM ? errors.mask : undefined}
            />
            {choice === CUSTOM ? (
              <TextInput
                label="Máscara personalizada"
                description="9 número, a letra, * ambos"
                maxLength={50}
                value={customMask}
                onChange={(e) => setCustomMask(e.currentTarget.value)}
                error={errors.mask}
              />
            ) : null}
          </Group>
        )}
        <Select
          label="Setor"
          description="Em qual setor o campo aparece no atendimento"
          data={[
            { value: ALL_SECTORS, label: 'Todos os setores' },
            ...props.sectors.map((s) => ({ value: String(s.id), label: s.name })),
          ]}
          value={sector}
          onChange={(v) => setSector(v ?? ALL_SECTORS)}
          allowDeselect={false}
        />
        <Group gap="xl">
          <Switch
            label="Obrigatório"
            checked={required}
            onChange={(e) => setRequired(e.currentTarget.checked)}
          />
          <Switch label="Ativo" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
        </Group>
        <FormActions saving={props.saving} onCancel={props.onClose} />
      </Stack>
    </form>
  );
}

function OptionsEditor(props: {
  options: string[];
  errors: Record<string, string>;
  onChange: (index: number, value: string) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}) {
  return (
    <Input.Wrapper label="Opções" withAsterisk error={props.errors.options}>
      <Stack gap={6} mt={4}>
        {props.options.map((value, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place by position
          <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              aria-label={`Opção ${index + 1}`}
              placeholder={`Opção ${index + 1}`}
              maxLength={100}
              value={value}
              onChange={(e) => props.onChange(index, e.currentTarget.value)}
              error={props.errors[`options.${index}`]}
              style={{ flex: 1 }}
            />
            <Text size="xs" c="dimmed" w={140} pt={8} truncate="end" title={optionKey(value)}>
              {value.trim() ? `chave: ${optionKey(value)}` : ''}
            </Text>
            <Tooltip label="Remover opção" withArrow>
              <ActionIcon
                variant="subtle"
                color="red"
                size={36}
                aria-label={`Remover opção ${index + 1}`}
                onClick={() => props.onRemove(index)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ))}
        <Button
          variant="light"
          size="xs"
          w="fit-content"
          leftSection={<IconPlus size={14} />}
          onClick={props.onAdd}
        >
          Adicionar opção
        </Button>
      </Stack>
    </Input.Wrapper>
  );
}
