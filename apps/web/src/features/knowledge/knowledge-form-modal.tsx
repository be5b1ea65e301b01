import { Button, Group, Select, Stack, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import {
  KNOWLEDGE_MSG,
  KNOWLEDGE_TAG_MAX,
  KNOWLEDGE_TEXT_MAX,
  normalizeSearchText,
  type TKnowledgeInput,
  ZKnowledgeInput,
} from '@prosa/shared/knowledge';
import { useState } from 'react';
import { TargetModal } from '../../components/target-modal';
import { zodValidate } from '../../lib/zod-form';
import type { TSector } from '../sectors/api';
import { type TKnowledgeItem, useCreateTag, useKnowledgeTags } from './api';

type Props = {
  /** null: closed; 'new': creating; an item: editing it. */
  target: TKnowledgeItem | 'new' | null;
  saving: boolean;
  /** The sectors to choose from when the company separates answers by sector (knowledgebase_scope). */
  sectors: TSector[] | null;
  onSave: (id: number | null, body: TKnowledgeInput) => void;
  onClose: () => void;
};

export function KnowledgeFormModal({ target, saving, sectors, onSave, onClose }: Props) {
  return (
    <TargetModal
      target={target}
      onClose={onClose}
      saving={saving}
      title={(editing) => (editing ? 'Editar pergunta e resposta' : 'Nova pergunta e resposta')}
      size="lg"
      centered
    >
      {(editing) => (
        <KnowledgeForm item={editing} saving={saving} sectors={sectors} onSave={onSave} onClose={onClose} />
      )}
    </TargetModal>
  );
}

type FormValues = { title: string; text: string; tags: string[]; sector: string | null };

function KnowledgeForm(props: Omit<Props, 'target'> & { item: TKnowledgeItem | null }) {
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: {
      title: props.item?.title ?? '',
      text: props.item?.text ?? '',
      tags: props.item?.tags.map((t) => t.tag) ?? [],
      sector: props.item?.sector_id ? String(props.item.sector_id) : null,
    },
    validate: zodValidate(ZKnowledgeInput, (v: FormValues) => ({
      title: v.title,
      text: v.text,
      tags: v.tags,
    })),
  });
  const [tagSearch, setTagSearch] = useState('');
  const [debouncedTag] = useDebouncedValue(tagSearch, 250);
  const tags = useKnowledgeTags(debouncedTag.trim());
  const createTag = useCreateTag();

  // A new tag is created on the server as soon as it is typed; if that fails it is not kept.
  const onTagsChange = (next: string[]) => {
    const known = new Set((tags.data ?? []).map((t) => normalizeSearchText(t.tag)));
    const added = next.filter((t) => !form.values.tags.includes(t));
    const valid = next.filter((t) => t.trim().length > 0 && t.trim().length <= KNOWLEDGE_TAG_MAX);
    form.setFieldValue('tags', valid);
    for (const tag of added) {
      if (known.has(normalizeSearchText(tag)) || !valid.includes(tag)) continue;
      createTag.mutate(tag.trim(), {
        onError: () => form.setFieldValue('tags', (current) => current.filter((t) => t !== tag)),
      });
    }
  };

  const tagError = Object.entries(form.errors).find(([k]) => k === 'tags' || k.startsWith('tags.'))?.[1];

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) =>
        props.onSave(props.item?.id ?? null, {
          title: v.title.trim(),
          text: v.text.trim(),
          tags: v.tags,
          ...(props.sectors ? { sector_id: v.sector ? Number(v.sector) : null } : {}),
        }),
      )}
    >
      <Stack gap="md">
        <TextInput
          label="Título"
          description="A pergunta ou o assunto, como a equipe vai procurar."
          withAsterisk
          maxLength={KNOWLEDGE_TEXT_MAX + 1}
          data-autofocus
          {...form.getInputProps('title')}
        />
        <Textarea
          label="Texto"
          description="A resposta inserida na conversa."
          withAsterisk
          autosize
          minRows={5}
          maxRows={12}
          {...form.getInputProps('text')}
        />
        <TagsInput
          label="Tags"
          description="Escolha uma tag existente ou digite uma nova e tecle Enter."
          placeholder={form.values.tags.length === 0 ? 'Ex.: Entrega' : undefined}
          data={(tags.data ?? []).map((t) => t.tag)}
          value={form.values.tags}
          onChange={onTagsChange}
          searchValue={tagSearch}
          onSearchChange={setTagSearch}
          maxTags={20}
          clearable
          acceptValueOnBlur
          error={tags.isError ? KNOWLEDGE_MSG.tagsLoadError : tagError}
          isDuplicate={(value, current) =>
            current.some((t) => normalizeSearchText(t) === normalizeSearchText(value))
          }
        />
        {props.sectors ? (
          <Select
            label="Setor"
            description="As respostas são separadas por setor: sem setor, todos os setores a veem."
            placeholder="Todos os setores"
            data={props.sectors.map((s) => ({ value: String(s.id), label: s.name }))}
            clearable
            {...form.getInputProps('sector')}
          />
        ) : null}
        {createTag.isPending ? (
          <Text size="xs" c="dimmed" role="status">
            Adicionando tag…
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose} disabled={props.saving}>
            Cancelar
          </Button>
          <Button type="submit" loading={props.saving} disabled={createTag.isPending}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
