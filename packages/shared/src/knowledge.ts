// Knowledge base of ready answers (spec 1 §3, §5; spec 3 §3, §5, §8, §9): texts, limits, the search rules
// and the schemas shared by the server routes and the screens.
import { zId, zPage } from './ids';
import { z } from './zod';

export const KNOWLEDGE_MSG = {
  searchTooLong: 'Busca deve conter no máximo 255 caracteres',
  termTooShort: 'Informe uma palavra com mais que 2 caracteres',
  titleRequired: 'Título é obrigatório',
  titleTooLong: 'Título deve conter no máximo 255 caracteres',
  textRequired: 'Texto é obrigatório',
  tagRequired: 'Tag é obrigatória.',
  tagTooLong: 'Tag deve conter no máximo 50 caracteres.',
  tagsTooMany: 'Use no máximo 20 tags.',
  tagExists: 'Esta tag já existe.',
  notEnabled: 'O recurso de perguntas e respostas não está ativo para esta empresa.',
  notFound: 'Pergunta e resposta não encontrada.',
  tagNotFound: 'Tag não encontrada.',
  sectorNotFound: 'O setor informado não foi localizado.',
  saved: 'Pergunta e resposta salva com sucesso!',
  removed: 'Pergunta e resposta removida com sucesso!',
  tagSaved: 'Tag adicionada com sucesso!',
  tagRemoved: 'Tag removida com sucesso!',
  // Load and action errors shown by the screens (spec 1 §8, spec 3 §8).
  listError: 'Não foi possível listar as perguntas e respostas.',
  removeError: 'Não foi possível remover a pergunta e resposta.',
  tagsLoadError: 'Erro ao carregar Tags.',
  tagAddError: 'Erro ao adicionar Tag.',
  readyAnswersLoadError: 'Erro ao carregar Respostas prontas.',
  searchError: 'Erro ao realizar pesquisa.',
} as const;

export const KNOWLEDGE_PAGE_SIZES = [4, 8, 16] as const;
export const KNOWLEDGE_DEFAULT_COUNT = 8;
/** "Under 255 characters" (spec 1 §9, spec 3 §9): 254 is the longest accepted search or title. */
export const KNOWLEDGE_TEXT_MAX = 254;
export const KNOWLEDGE_TAG_MAX = 50;
export const KNOWLEDGE_MOST_USED = 7;
export const AUTOCOMPLETE_ITEMS = 7;
export const AUTOCOMPLETE_MIN_CHARS = 2;

/** Lowercase, accent-free, single-spaced: the form every search compares (case- and accent-insensitive). */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export type TKnowledgeSearch =
  | { ok: true; kind: 'all' }
  | { ok: true; kind: 'id'; id: number }
  | { ok: true; kind: 'text'; words: string[] }
  | { ok: false; message: string };

const ID_SEARCH = /^#(\d{1,9})$/;
const NUMERIC = /^\d+$/;

/**
 * The list's search box (spec 1 §5 Knowledge search): at most 254 characters; empty lists all; '#number'
 * looks an item up by id; a numeric term is allowed at any length; any other term needs more than 2
 * characters. A text search matches items holding every word (title, text or tag).
 */
export function parseKnowledgeSearch(raw: string | undefined | null): TKnowledgeSearch {
  const value = raw ?? '';
  if (value.length > KNOWLEDGE_TEXT_MAX) return { ok: false, message: KNOWLEDGE_MSG.searchTooLong };
  const term = value.trim();
  if (term === '') return { ok: true, kind: 'all' };
  const byId = ID_SEARCH.exec(term);
  if (byId?.[1]) return { ok: true, kind: 'id', id: Number(byId[1]) };
  // '#fre' in the list's box searches 'fre', as the chat's autocomplete does.
  const normalized = normalizeSearchText(term.replace(/^#/, ''));
  const compact = normalized.replace(/\s/g, '');
  if (!NUMERIC.test(compact) && [...compact].length <= 2) {
    return { ok: false, message: KNOWLEDGE_MSG.termTooShort };
  }
  return { ok: true, kind: 'text', words: normalized.split(' ').filter(Boolean) };
}

const ZTag = z
  .string({ error: KNOWLEDGE_MSG.tagRequired })
  .trim()
  .min(1, { error: KNOWLEDGE_MSG.tagRequired })
  .max(KNOWLEDGE_TAG_MAX, { error: KNOWLEDGE_MSG.tagTooLong });

const ZTitle = z
  .string({ error: KNOWLEDGE_MSG.titleRequired })
  .trim()
  .min(1, { error: KNOWLEDGE_MSG.titleRequired })
  .max(KNOWLEDGE_TEXT_MAX, { error: KNOWLEDGE_MSG.titleTooLong });
const ZText = z
  .string({ error: KNOWLEDGE_MSG.textRequired })
  .trim()
  .min(1, { error: KNOWLEDGE_MSG.textRequired })
  .max(10_000, { error: 'Texto deve conter no máximo 10000 caracteres.' });
const ZTags = z.array(ZTag).max(20, { error: KNOWLEDGE_MSG.tagsTooMany });
const ZSectorId = zId().nullable();

export const ZKnowledgeInput = z.object({
  title: ZTitle,
  text: ZText,
  tags: ZTags.default([]),
  sector_id: ZSectorId.optional(),
});
/** A change: the fields not sent keep their value (tags included). */
export const ZKnowledgePatch = z.object({
  title: ZTitle.optional(),
  text: ZText.optional(),
  tags: ZTags.optional(),
  sector_id: ZSectorId.optional(),
});
export type TKnowledgeInput = z.input<typeof ZKnowledgeInput>;
export type TKnowledgePatch = z.input<typeof ZKnowledgePatch>;

export const ZKnowledgeTagInput = z.object({ tag: ZTag });

export const ZKnowledgeTag = z.object({ id: z.number(), tag: z.string() });
export type TKnowledgeTag = z.infer<typeof ZKnowledgeTag>;

export const ZKnowledgeItem = z.object({
  id: z.number(),
  title: z.string(),
  text: z.string(),
  tags: z.array(ZKnowledgeTag),
  uses: z.number(),
  sector_id: z.number().nullable(),
});
export type TKnowledgeItem = z.infer<typeof ZKnowledgeItem>;

export const ZKnowledgePage = z.object({
  items: z.array(ZKnowledgeItem),
  total: z.number(),
  page: z.number(),
  count: z.number(),
});
export type TKnowledgePage = z.infer<typeof ZKnowledgePage>;

export const ZKnowledgeQuery = z.object({
  page: zPage(),
  count: z.coerce
    .number()
    .refine((n) => (KNOWLEDGE_PAGE_SIZES as readonly number[]).includes(n), {
      error: 'Quantidade por página inválida.',
    })
    .default(KNOWLEDGE_DEFAULT_COUNT),
  // Length is checked by parseKnowledgeSearch, so the spec's text is the one answered.
  searchFor: z.string().optional(),
});

/** GET /knowledge: a page of answers and the scope the company uses (whole company or per sector). */
export const ZKnowledgeListPage = ZKnowledgePage.extend({ scope: z.enum(['company', 'sector']) });

/** An answer created or changed, with the text to show. */
export const ZKnowledgeItemResult = z.object({ message: z.string(), item: ZKnowledgeItem });
