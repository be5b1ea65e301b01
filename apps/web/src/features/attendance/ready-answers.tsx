import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Group,
  Loader,
  Modal,
  Popover,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useWindowEvent } from '@mantine/hooks';
import { KNOWLEDGE_MSG, parseKnowledgeSearch } from '@prosa/shared/knowledge';
import { can } from '@prosa/shared/permissions';
import { IconAlertCircle, IconBook2, IconSearch } from '@tabler/icons-react';
import {
  type KeyboardEvent,
  type ReactNode,
  type SyntheticEvent,
  useCallback,
  useId,
  useRef,
  useState,
} from 'react';
import { errorMessage } from '../../lib/api';
import { useCurrentUser } from '../auth/session-context';
import { useCompanyFeatures } from '../company-metadata/api';
import {
  incrementKnowledgeUse,
  type TKnowledgeItem,
  useKnowledgeAutocomplete,
  useKnowledgeList,
  useMostUsed,
} from '../knowledge/api';
import { hashTermAt, insertAnswer, type THashTerm } from './ready-answer-term';

// The chat modal closes on Escape (a window listener): elements marked so keep it open, and the ready
// answers close their own list or dialog instead.
const KEEP_CHAT_OPEN = { 'data-mantine-stop-propagation': 'true' } as const;
const MODAL_RESULTS = 16;

/**
 * Ready answers in the text box (spec 1 §5, §2 side modals): '#' plus 2 characters lists up to 7 answers;
 * picking one puts its text in place of the '#term' and counts a use. Only with the company's knowledge
 * base on and the menu permission perguntas_e_respostas.
 */
export function useReadyAnswers(text: string, setText: (text: string) => void) {
  const user = useCurrentUser();
  const features = useCompanyFeatures();
  const enabled =
    features.data?.allow.knowledgebase === true && can(user.permissions, 'perguntas_e_respostas', 'read');
  const input = useRef<HTMLTextAreaElement | null>(null);
  const caret = useRef(0);
  const [hash, setHash] = useState<THashTerm | null>(null);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [modalOpen, setModalOpen] = useState(false);
  const [term] = useDebouncedValue(hash?.term ?? '', 150);
  const suggestions = useKnowledgeAutocomplete(term, enabled && hash !== null && term.length >= 2);
  const items = hash && suggestions.data ? suggestions.data : [];
  const open = enabled && hash !== null && dismissed !== hash.start && items.length > 0;
  const listId = useId();

  /** Follows the caret (React fires onSelect on every edit and caret move). */
  const track = useCallback((event: SyntheticEvent<HTMLTextAreaElement>) => {
    const el = event.currentTarget;
    input.current = el;
    caret.current = el.selectionStart ?? el.value.length;
    const next = el.selectionStart === el.selectionEnd ? hashTermAt(el.value, caret.current) : null;
    setHash((prev) => (prev?.start === next?.start && prev?.term === next?.term ? prev : next));
    setActive(0);
  }, []);

  const put = (item: TKnowledgeItem, where: { hash: THashTerm | null; caret: number }) => {
    const next = insertAnswer(text, item.text, where);
    setText(next.text);
    setHash(null);
    caret.current = next.caret;
    incrementKnowledgeUse(item.id);
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(next.caret, next.caret);
    });
  };

  const choose = (item: TKnowledgeItem) => put(item, { hash, caret: caret.current });

  /** Arrows, Enter/Tab and Escape while the list is open; true when the key was used here. */
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open) return false;
    const count = items.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (i + (event.key === 'ArrowDown' ? 1 : count - 1)) % count);
      return true;
    }
    if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
      const item = items[active] ?? items[0];
      if (!item) return false;
      event.preventDefault();
      choose(item);
      return true;
    }
    if (event.key === 'Escape' && hash) {
      event.preventDefault();
      setDismissed(hash.start);
      return true;
    }
    return false;
  };

  return {
    enabled,
    open,
    items,
    active,
    listId,
    choose,
    onKeyDown,
    modalOpen,
    openModal: () => setModalOpen(true),
    closeModal: () => {
      setModalOpen(false);
      requestAnimationFrame(() => input.current?.focus());
    },
    /** From the "Respostas prontas" dialog: at the caret, or in place of a '#term' being typed. */
    insert: (item: TKnowledgeItem) => {
      setModalOpen(false);
      put(item, { hash, caret: caret.current });
    },
    close: () => hash && setDismissed(hash.start),
    /** Props for the text box: caret tracking and the combobox semantics of the suggestion list. */
    inputProps: {
      onSelect: track,
      'aria-autocomplete': 'list' as const,
      'aria-expanded': open,
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': open ? `${listId}-${active}` : undefined,
      ...(open ? KEEP_CHAT_OPEN : {}),
    },
  };
}

export type TReadyAnswers = ReturnType<typeof useReadyAnswers>;

/** The suggestion list above the text box while a '#term' finds answers. */
export function ReadyAnswerSuggestions({ ready, children }: { ready: TReadyAnswers; children: ReactNode }) {
  return (
    <Popover
      opened={ready.open}
      onDismiss={ready.close}
      position="top-start"
      width="target"
      shadow="md"
      trapFocus={false}
      returnFocus={false}
      closeOnEscape={false}
    >
      <Popover.Target>
        <Box style={{ flex: 1, minWidth: 0 }}>{children}</Box>
      </Popover.Target>
      <Popover.Dropdown p={4}>
        <Text size="xs" c="dimmed" px="xs" pt={4} pb={2}>
          Respostas prontas · Enter insere · Esc fecha
        </Text>
        <Stack gap={2} id={ready.listId} role="listbox" aria-label="Respostas prontas sugeridas">
          {ready.items.map((item, index) => (
            <UnstyledButton
              key={item.id}
              id={`${ready.listId}-${index}`}
              role="option"
              aria-selected={index === ready.active}
              tabIndex={-1}
              // The text box keeps the focus: the click must not take it.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => ready.choose(item)}
              px="xs"
              py={6}
              style={{
                borderRadius: 'var(--mantine-radius-sm)',
                background: index === ready.active ? 'var(--mantine-color-prosa-light)' : undefined,
              }}
            >
              <Text size="sm" fw={600} truncate>
                {item.title}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={1}>
                {item.text}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The "Respostas prontas" button beside the send button, with its dialog. */
export function ReadyAnswersButton({ ready }: { ready: TReadyAnswers }) {
  if (!ready.enabled) return null;
  return (
    <>
      <Tooltip label="Respostas prontas (ou digite # e parte do título)" withArrow>
        <ActionIcon
          size={36}
          radius="md"
          variant="default"
          aria-label="Respostas prontas"
          onClick={ready.openModal}
        >
          <IconBook2 size={18} />
        </ActionIcon>
      </Tooltip>
      <ReadyAnswersModal opened={ready.modalOpen} onClose={ready.closeModal} onPick={ready.insert} />
    </>
  );
}

function ReadyAnswersModal(props: {
  opened: boolean;
  onClose: () => void;
  onPick: (item: TKnowledgeItem) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const rule = parseKnowledgeSearch(debounced);
  const searching = debounced.trim() !== '';
  const results = useKnowledgeList(
    { page: 1, count: MODAL_RESULTS, searchFor: rule.ok ? debounced.trim() : '' },
    props.opened && rule.ok && searching,
  );
  const mostUsed = useMostUsed(props.opened && !searching);
  // Nothing used yet: the dialog shows the first answers instead of an empty "most used".
  const firstAnswers = useKnowledgeList(
    { page: 1, count: MODAL_RESULTS, searchFor: '' },
    props.opened && !searching && mostUsed.data?.length === 0,
  );
  const source = searching ? results : mostUsed.data?.length === 0 ? firstAnswers : mostUsed;
  const items = !rule.ok
    ? []
    : searching
      ? (results.data?.items ?? [])
      : mostUsed.data?.length
        ? mostUsed.data
        : (firstAnswers.data?.items ?? []);
  const more = searching && (results.data?.total ?? 0) > MODAL_RESULTS;

  // The chat modal ignores Escape on the marked elements; this dialog closes itself.
  useWindowEvent('keydown', (event) => {
    if (props.opened && event.key === 'Escape') props.onClose();
  });

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      closeOnEscape={false}
      title="Respostas prontas"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Fechar respostas prontas', ...KEEP_CHAT_OPEN }}
    >
      <Stack gap="sm">
        <TextInput
          aria-label="Buscar resposta pronta"
          placeholder="Buscar por palavra, tag ou #número"
          leftSection={<IconSearch size={16} />}
          rightSection={source.isFetching ? <Loader size="xs" /> : null}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          error={rule.ok ? undefined : rule.message}
          data-autofocus
          {...KEEP_CHAT_OPEN}
        />
        <Text size="xs" c="dimmed">
          {searching
            ? 'Resultados da busca'
            : mostUsed.data?.length
              ? 'Mais usadas'
              : 'Respostas cadastradas'}{' '}
          · clique para inserir na mensagem
        </Text>
        {source.isError ? (
          <Alert color="red" icon={<IconAlertCircle />} title={KNOWLEDGE_MSG.readyAnswersLoadError}>
            {errorMessage(source.error, '')}
          </Alert>
        ) : source.isPending && (rule.ok || !searching) ? (
          <Loader size="sm" aria-label="Carregando respostas prontas" />
        ) : rule.ok && items.length === 0 ? (
          <Text size="sm" c="dimmed" py="md" ta="center">
            Nenhuma resposta pronta encontrada.
          </Text>
        ) : (
          <ScrollArea.Autosize mah="55dvh">
            <Stack gap={6} role="list" aria-label="Respostas prontas">
              {items.map((item) => (
                <UnstyledButton
                  key={item.id}
                  role="listitem"
                  aria-label={`Inserir ${item.title}`}
                  onClick={() => props.onPick(item)}
                  p="sm"
                  {...KEEP_CHAT_OPEN}
                  style={{
                    border: '1px solid var(--mantine-color-gray-3)',
                    borderRadius: 'var(--mantine-radius-md)',
                  }}
                >
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="sm" fw={600} truncate>
                      {item.title}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                      #{item.id}
                    </Text>
                  </Group>
                  <Text size="sm" c="dimmed" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
                    {item.text}
                  </Text>
                  {item.tags.length > 0 ? (
                    <Group gap={4} mt={6}>
                      {item.tags.map((t) => (
                        <Badge key={t.id} size="xs" variant="light" tt="none">
                          {t.tag}
                        </Badge>
                      ))}
                    </Group>
                  ) : null}
                </UnstyledButton>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
        {more ? (
          <Text size="xs" c="dimmed">
            Há mais respostas: refine a busca para encontrá-las.
          </Text>
        ) : null}
      </Stack>
    </Modal>
  );
}
