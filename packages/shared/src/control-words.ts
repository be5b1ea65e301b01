// Control words (spec 1 §5, spec 3 settings "control words"): a company's list of words that an outgoing
// message or a contact's name may not contain, matched case- and accent-insensitively on whole words.
import { z } from './zod';

export const CONTROL_WORDS_MSG = {
  messageBlocked: 'Sua mensagem não pode ser enviada.',
  nameBlocked: 'Esse nome não pode ser salvo.',
  wordRequired: 'Informe a palavra.',
  wordTooLong: 'A palavra deve conter no máximo 60 caracteres.',
  wordInvalid: 'A palavra deve conter letras ou números.',
  duplicate: 'Esta palavra já está na lista.',
  notFound: 'Palavra não encontrada.',
  saved: 'Palavra adicionada com sucesso!',
  removed: 'Palavra removida com sucesso!',
  settingsSaved: 'Configuração alterada com sucesso!',
  loadError: 'Erro ao carregar configurações',
  toggleError: 'Ocorreu um erro ao Ativar/Desativar configuração.',
} as const;

export const CONTROL_WORD_MAX = 60;

/**
 * The comparable form of a text: lowercase, accents removed, every run of characters that are not letters
 * or digits turned into one space. "Seu BÔBO!" → "seu bobo".
 */
export function normalizeControlText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The listed words (already normalized) that `text` contains as whole words, in list order, each once.
 * A multi-word entry matches the same words in sequence. "bobo" matches "Seu BÔBO!" but not "bobos".
 */
export function findControlWords(text: string, normalizedWords: readonly string[]): string[] {
  const haystack = ` ${normalizeControlText(text)} `;
  if (haystack.trim() === '') return [];
  const found: string[] = [];
  for (const word of normalizedWords) {
    if (word && !found.includes(word) && haystack.includes(` ${word} `)) found.push(word);
  }
  return found;
}

export const ZControlWordInput = z.object({
  word: z
    .string({ error: CONTROL_WORDS_MSG.wordRequired })
    .trim()
    .min(1, { error: CONTROL_WORDS_MSG.wordRequired })
    .max(CONTROL_WORD_MAX, { error: CONTROL_WORDS_MSG.wordTooLong })
    .refine((w) => normalizeControlText(w) !== '', { error: CONTROL_WORDS_MSG.wordInvalid }),
});

export const ZControlWord = z.object({ id: z.number(), word: z.string(), created_at: z.string() });
export type TControlWord = z.infer<typeof ZControlWord>;

export const ZControlWordList = z.object({ enabled: z.boolean(), items: z.array(ZControlWord) });
export type TControlWordList = z.infer<typeof ZControlWordList>;

export const ZControlWordLog = z.object({
  id: z.number(),
  user_id: z.number(),
  user_name: z.string().nullable(),
  attendance_id: z.number().nullable(),
  protocol: z.string().nullable(),
  kind: z.enum(['message', 'name']),
  words: z.array(z.string()),
  created_at: z.string(),
});
export const ZControlWordLogPage = z.object({
  items: z.array(ZControlWordLog),
  total: z.number(),
  page: z.number(),
  count: z.number(),
});
