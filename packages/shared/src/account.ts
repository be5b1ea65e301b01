// The user's own account (spec 1 §2 Account) and the manager survey (spec 3 §2, §5, §8, §9).
import { z } from './zod';

export const ACCOUNT_MSG = {
  avatarTooLarge: 'Tamanho máximo 2MB excedido!',
  avatarInvalid: 'Envie uma imagem PNG, JPG, GIF ou BMP.',
  avatarSaved: 'Foto de perfil atualizada.',
  avatarRemoved: 'Foto de perfil removida.',
  avatarUploadError: 'Erro ao realizar upload da foto.',
  displaySaved: 'Os dados foram atualizados com sucesso!',
  surveyMax: 'Você só pode selecionar 3 opções',
  surveyMin: 'Selecione ao menos uma opção.',
  surveyThanks: 'Obrigado por responder nossa pesquisa!',
  surveyLoadError: 'Não foi possível carregar pergunta da pesquisa!',
} as const;

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const SURVEY_MAX_CHOICES = 3;

export const MANAGER_SURVEY = {
  id: 'gestores-2026-11',
  question: 'Quais recursos mais ajudariam a sua equipe no dia a dia? Escolha até 3.',
  options: [
    { key: 'relatorios', label: 'Relatórios mais detalhados' },
    { key: 'chatbot', label: 'Chatbot para triagem' },
    { key: 'campanhas', label: 'Campanhas de WhatsApp' },
    { key: 'integracoes', label: 'Integração com CRM' },
    { key: 'metas', label: 'Metas e painéis da equipe' },
    { key: 'mobile', label: 'Aplicativo para celular' },
  ],
} as const;

export const ZSurveyAnswer = z.object({
  choices: z
    .array(z.string().max(40))
    .min(1, { error: ACCOUNT_MSG.surveyMin })
    .max(SURVEY_MAX_CHOICES, { error: ACCOUNT_MSG.surveyMax })
    .refine((c) => new Set(c).size === c.length, { error: ACCOUNT_MSG.surveyMin }),
});

/** POST /users/me/avatar: the new photo's address (null when refused) and the text to show. */
export const ZAvatarOutput = z.object({
  success: z.boolean(),
  url: z.string().nullable(),
  message: z.string(),
});

/** GET /users/me/manager-survey: the question and its options, and whether to show it to this user. */
export const ZManagerSurvey = z.object({
  show: z.boolean(),
  id: z.string(),
  question: z.string(),
  options: z.array(z.object({ key: z.string(), label: z.string() })),
});

/** The user's own screen preferences (GET and PUT /users/me/settings), kept on the server per user. */
export const ZUserSettings = z.object({
  history_columns: z.array(z.string().max(40)).max(20).optional(),
  card_view: z.enum(['list', 'grid']).optional(),
  // Silences the sound and browser notifications of new attendances and messages (account screen).
  mute_notifications: z.boolean({ error: 'Valor inválido para silenciar avisos.' }).optional(),
});
export type TUserSettings = z.infer<typeof ZUserSettings>;
