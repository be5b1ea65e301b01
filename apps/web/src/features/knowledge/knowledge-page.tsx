import { Alert, Button, Grid, Skeleton, Stack, Text } from '@mantine/core';
import { KNOWLEDGE_MSG } from '@prosa/shared/knowledge';
import { can } from '@prosa/shared/permissions';
import { ROLE } from '@prosa/shared/roles';
import { IconInfoCircle, IconPlus, IconTags } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { useCurrentUser } from '../auth/session-context';
import { useCompanyFeatures } from '../company-metadata/api';
import { useSectors } from '../sectors/api';
import { type TKnowledgeItem, useDeleteKnowledge, useSaveKnowledge } from './api';
import { KnowledgeFormModal } from './knowledge-form-modal';
import { KnowledgeListCard } from './knowledge-list-card';
import { MostUsedCard } from './most-used-card';
import { TagsModal } from './tags-modal';

const DESCRIPTION =
  'Respostas prontas que a equipe insere na conversa digitando # e parte do título ou do texto.';

/** Knowledge base screen (spec 1 main.knowledgebase, spec 3 §2): list, search, most used and, for managers, changes. */
export function KnowledgePage() {
  const user = useCurrentUser();
  const features = useCompanyFeatures();
  const canWrite = user.role >= ROLE.manager && can(user.permissions, 'perguntas_e_respostas', 'write');
  const enabled = features.data?.allow.knowledgebase === true;
  const [search, setSearch] = useState('');
  const [scope, setScope] = useState<'company' | 'sector'>('company');
  const [editing, setEditing] = useState<TKnowledgeItem | 'new' | null>(null);
  const [removing, setRemoving] = useState<TKnowledgeItem | null>(null);
  const [tagsOpen, setTagsOpen] = useState(false);
  const sectors = useSectors();
  const save = useSaveKnowledge();
  const remove = useDeleteKnowledge();
  const onScope = useCallback((s: 'company' | 'sector') => setScope(s), []);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Perguntas e respostas"
        description={DESCRIPTION}
        actions={
          canWrite && enabled ? (
            <>
              <Button
                variant="default"
                leftSection={<IconTags size={16} />}
                onClick={() => setTagsOpen(true)}
              >
                Tags
              </Button>
              <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
                Nova resposta
              </Button>
            </>
          ) : null
        }
      />
      {features.isPending ? (
        <Skeleton h={240} radius="md" />
      ) : !enabled ? (
        <Alert color="yellow" icon={<IconInfoCircle />} title="Recurso desativado" maw={720}>
          <Text size="sm">{KNOWLEDGE_MSG.notEnabled}</Text>
          <Text size="sm" mt={4}>
            {user.role >= ROLE.admin
              ? 'Ative "Perguntas e respostas" nas configurações da empresa para usar respostas prontas no chat.'
              : 'Peça a um administrador para ativar o recurso nas configurações da empresa.'}
          </Text>
        </Alert>
      ) : (
        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <KnowledgeListCard
              search={search}
              onSearch={setSearch}
              canWrite={canWrite}
              onEdit={setEditing}
              onRemove={setRemoving}
              onScope={onScope}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <MostUsedCard onPick={(item) => setSearch(`#${item.id}`)} />
          </Grid.Col>
        </Grid>
      )}
      <KnowledgeFormModal
        target={editing}
        saving={save.isPending}
        sectors={scope === 'sector' ? (sectors.data ?? []) : null}
        onClose={() => setEditing(null)}
        onSave={(id, body) => save.mutate({ id, body }, { onSuccess: () => setEditing(null) })}
      />
      <TagsModal opened={tagsOpen} onClose={() => setTagsOpen(false)} />
      <ConfirmDialog
        opened={removing !== null}
        title="Excluir pergunta e resposta"
        confirmLabel="Excluir"
        confirmColor="red"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSettled: () => setRemoving(null) })}
      >
        <Text size="sm">
          Deseja excluir <strong>{removing?.title}</strong>? Ela deixa de aparecer para a equipe no chat.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
