import type { TChannelKind } from './channels';
import { zId } from './ids';
import { z } from './zod';

// Triggers (issue 17; spec 2 §3 Trigger, §4 Trigger editor, §5 Triggers, §7 Triggers, §9; decision 0009):
// kinds, actions and their params, the editor route's channel types, payloads and answers of the API, the
// Portuguese texts and the pure validators shared by the editor and the server.

// ---------------------------------------------------------------------------------------------------------------
// Kinds

export const TRIGGER_TYPES = [
  'text',
  'first_message',
  'invalid_command',
  'offline_operators_notification',
  'unsupported_media_notification',
  'menu',
  'menu_keyboard_buttons',
  'before_working_period',
  'after_working_period',
  'limit_receivement',
  'close_attempted',
  'mailing_validation',
  'agreement',
  'mailing_sector_transfer',
  'on_chat_close',
] as const;
export type TTriggerType = (typeof TRIGGER_TYPES)[number];

/** The kinds other than text: at most one row each per channel, fields in `params`. */
export const OTHER_TRIGGER_TYPES = TRIGGER_TYPES.filter((t) => t !== 'text') as Exclude<
  TTriggerType,
  'text'
>[];
export type TOtherTriggerType = Exclude<TTriggerType, 'text'>;

/** The kinds that read a mailing (issue 18): the server checks the mailing is the company's, active and in period. */
export const MAILING_TRIGGER_TYPES = ['mailing_validation', 'mailing_sector_transfer'] as const;

/** The kinds the editor offers and the server accepts (every kind but text). */
export const EDITABLE_OTHER_TRIGGER_TYPES = OTHER_TRIGGER_TYPES;
export type TEditableOtherTriggerType = (typeof EDITABLE_OTHER_TRIGGER_TYPES)[number];

export const TRIGGER_TYPE_LABEL: Record<TTriggerType, string> = {
  text: 'Gatilho de texto',
  first_message: 'Primeira mensagem',
  invalid_command: 'Comando inválido',
  offline_operators_notification: 'Operadores offline',
  unsupported_media_notification: 'Mídia não suportada',
  menu: 'Menu',
  menu_keyboard_buttons: 'Menu com botões',
  before_working_period: 'Antes do expediente',
  after_working_period: 'Depois do expediente',
  limit_receivement: 'Limite de recebimento',
  close_attempted: 'Encerramento fora do expediente',
  mailing_validation: 'Validação de mailing',
  agreement: 'Termo de aceite',
  mailing_sector_transfer: 'Transferência de setor por mailing',
  on_chat_close: 'Ao finalizar o atendimento',
};

/** When each kind fires (decision 0009), for the editor. */
export const TRIGGER_TYPE_HELP: Record<TOtherTriggerType, string> = {
  first_message: 'Enviada ao cliente quando ele abre um novo atendimento.',
  invalid_command:
    'Enviada quando, no menu, o cliente digita algo que não corresponde a nenhum gatilho de texto.',
  offline_operators_notification:
    'Enviada quando o atendimento vai para as pessoas e nenhum operador do setor está online.',
  unsupported_media_notification: 'Enviada quando o cliente envia um conteúdo que o canal não suporta.',
  menu: 'Enviado na abertura do atendimento; o atendimento fica com o robô até o cliente escolher uma opção que transfira para atendimento.',
  menu_keyboard_buttons:
    'Como o menu, com opções: cada opção envia o texto de um gatilho de texto (lista numerada quando o canal não tem botões).',
  before_working_period:
    'Enviada quando o atendimento é aberto antes do horário de início do expediente do dia (vazio: sem limite nesse dia).',
  after_working_period:
    'Enviada quando o atendimento é aberto a partir do horário de fim do expediente do dia (vazio: sem limite nesse dia).',
  limit_receivement:
    'Enviada quando o atendimento é aberto entre o horário limite de recebimento e o início do período posterior, dentro do expediente.',
  close_attempted:
    'Finaliza na abertura, com o status escolhido, o atendimento aberto antes ou depois dos horários informados.',
  mailing_validation:
    'Na abertura, pede ao cliente um dado (a mensagem de boas-vindas) e procura a resposta na coluna escolhida do mailing: encontrada, envia a mensagem de verdadeiro (e pode salvar o dado no contato); senão, a de falso. Depois o atendimento segue.',
  agreement:
    'Pergunta ao cliente se aceita o termo antes do atendimento (uma vez por contato); recusado, o atendimento é finalizado.',
  mailing_sector_transfer:
    'Na abertura, procura o contato no mailing (pela coluna marcada como chave do canal) e leva o atendimento ao setor da coluna cod_setor (id ou nome do setor).',
  on_chat_close: 'Enviada ao cliente quando o atendimento é finalizado.',
};

// ---------------------------------------------------------------------------------------------------------------
// Channel types of the editor route (spec 2 §2 main.triggers {type, id}: wwpp, facebook, web, waent — extended to
// every live channel kind).

export const TRIGGERABLE_TYPES = [
  'web',
  'waent',
  'wwpp',
  'facebook',
  'instagram',
  'telegram',
  'newchat',
  'email',
  'sms',
  'smart',
] as const;
export type TTriggerableType = (typeof TRIGGERABLE_TYPES)[number];

export const TRIGGERABLE_KIND: Record<TTriggerableType, TChannelKind> = {
  web: 'web',
  waent: 'waent',
  wwpp: 'waweb',
  facebook: 'fa',
  instagram: 'insta',
  telegram: 'tg',
  newchat: 'nc',
  email: 'em',
  sms: 'sms',
  smart: 'smart',
};

/** The route's type of a channel kind; null for a kind without triggers (smsn). */
export function triggerableTypeOf(kind: string): TTriggerableType | null {
  for (const t of TRIGGERABLE_TYPES) if (TRIGGERABLE_KIND[t] === kind) return t;
  return null;
}

export function isTriggerableType(t: string): t is TTriggerableType {
  return (TRIGGERABLE_TYPES as readonly string[]).includes(t);
}

// ---------------------------------------------------------------------------------------------------------------
// Texts

export const TRIGGER_MSG = {
  // Text trigger (spec 2 §5 Triggers).
  nameRequired: 'Campo Nome é obrigatório.',
  nameTooLong: 'O nome deve ter no máximo 120 caracteres.',
  triggerTextRequired: 'Campo "Se o cliente digitar" é obrigatório.',
  actionsRequired: 'Adicione pelo menos uma ação.',
  actionType: 'Selecione o tipo da ação.',
  textRequired: 'Informe o texto da ação "Enviar texto".',
  mediaRequired: 'Selecione a imagem da ação "Enviar imagem".',
  exitStatusRequired: 'Selecione o status de finalização da ação "Finalizar atendimento".',
  oneChat: 'Só pode haver uma ação "Transferir para atendimento" por gatilho.',
  oneQuitChat: 'Só pode haver uma ação "Sair do atendimento" por gatilho.',
  oneExitChat: 'Só pode haver uma ação "Finalizar atendimento" por gatilho.',
  chatAndQuit:
    'As ações "Transferir para atendimento" e "Sair do atendimento" não podem estar no mesmo gatilho.',
  textBeforeChat:
    'As ações "Enviar texto" e "Enviar imagem" devem vir antes de "Transferir para atendimento".',
  quitBeforeText: 'A ação "Sair do atendimento" deve vir antes de "Enviar texto" e "Enviar imagem".',
  descriptionTooLong: 'A descrição deve ter no máximo 255 caracteres.',
  triggerTextTooLong: 'O campo "Se o cliente digitar" deve ter no máximo 1000 caracteres.',
  textTooLong: 'O texto deve ter no máximo 4096 caracteres.',
  buttonLabelTooLong: 'O texto da opção deve ter no máximo 100 caracteres.',
  invalidParams: 'Campos do gatilho inválidos.',
  // Other triggers.
  messageRequired: 'Informe a mensagem.',
  invalidTime: 'Horário inválido. Use o formato HH:mm (00:00 a 23:59).',
  periodTimeRequired: 'Informe o horário de pelo menos um tipo de dia.',
  limitTimeRequired: 'Informe o horário limite de recebimento.',
  limitAfterTimeRequired: 'Informe o horário do período posterior.',
  limitAfterTimeMissingDay: 'Informe o horário do período posterior para cada dia com horário limite.',
  limitOrder: 'O horário limite deve ser anterior ao horário do período posterior.',
  limitBetweenPeriods:
    'O limite de recebimento deve ficar entre o início do expediente (antes do expediente) e o fim do expediente (depois do expediente).',
  closeStatusRequired: 'Selecione o status de finalização.',
  closeTimeRequired: 'Informe pelo menos um horário (antes ou depois).',
  agreementContent: 'Informe o texto ou a imagem do termo.',
  acceptedRequired: 'Informe a mensagem de aceite.',
  refusedRequired: 'Informe a mensagem de recusa.',
  agreementStatusRequired: 'Selecione o status de finalização para quem recusar o termo.',
  buttonsRequired: 'Adicione pelo menos uma opção.',
  buttonsTooMany: 'O menu pode ter no máximo 10 opções.',
  buttonLabel: 'Informe o texto da opção.',
  buttonTriggerText: 'Informe o texto que a opção envia (o "Se o cliente digitar" de um gatilho de texto).',
  oneMenu: 'O canal só pode ter um menu: desative o outro menu antes.',
  welcomeRequired: 'Informe a mensagem de boas-vindas.',
  mailingRequired: 'Selecione o mailing.',
  mailingFieldRequired: 'Selecione o campo do mailing.',
  trueMessageRequired: 'Informe a mensagem para quando o dado for encontrado.',
  falseMessageRequired: 'Informe a mensagem para quando o dado não for encontrado.',
  saveFieldRequired: 'Selecione o campo do contato onde salvar o dado.',
  mailingNotFound: 'Mailing não encontrada.',
  mailingNotActive: 'O mailing precisa estar ativo e dentro do período de validade.',
  mailingFieldInvalid: 'O campo escolhido não existe no mailing.',
  mailingNoSectorColumn: 'O mailing precisa ter a coluna cod_setor.',
  mailingNoChannelKey: 'O mailing não tem um parâmetro marcado como chave para este canal.',
  saveFieldNotFound: 'Campo do contato não encontrado.',
  invalidTriggerType: 'Tipo de gatilho inválido.',
  // API.
  channelNotFound: 'Canal não encontrado.',
  invalidChannelType: 'Tipo de canal inválido.',
  notFound: 'Gatilho não encontrado.',
  orderMismatch: 'A ordem deve conter exatamente os gatilhos de texto do canal, cada um uma vez.',
  copySame: 'Os canais de origem e destino devem ser diferentes.',
  copyMissing: 'Selecione os canais de origem e destino.',
  statusNotFound: 'Status de finalização não encontrado.',
  sectorNotFound: 'Setor não encontrado.',
  imageKeyInvalid: 'Imagem inválida: envie a imagem novamente.',
  fileRequired: 'Selecione uma imagem.',
  imageType: 'São permitidas somente imagens JPEG ou PNG.',
  imageTooLarge: 'São permitidos somente arquivos de até 2MB.',
  useSelf: 'Um canal não pode usar os próprios gatilhos.',
  useChained: 'O canal escolhido já usa os gatilhos de outro canal.',
  usedByOthers: 'Outros canais usam os gatilhos deste canal: ele não pode usar os de outro.',
  readOnly: 'Este canal usa os gatilhos de outro canal: edite os gatilhos no canal de origem.',
  // UI.
  empty: 'Nenhum gatilho cadastrado',
  saved: 'Gatilho salvo.',
  deleted: 'Gatilho removido.',
  orderSaved: 'Ordem salva.',
  copied: 'Gatilhos copiados.',
  saveError: 'Erro ao salvar o gatilho.',
  loadError: 'Erro ao carregar os gatilhos.',
  deleteError: 'Erro ao remover o gatilho.',
  uploadError: 'Erro ao enviar a imagem.',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Limits

export const TRIGGER_NAME_MAX = 120;
export const TRIGGER_DESCRIPTION_MAX = 255;
export const TRIGGER_TEXT_MAX = 1000;
export const TRIGGER_MESSAGE_MAX = 4096;
export const TRIGGER_BUTTONS_MAX = 10;
/** Spec 2 §9: upload max 2MB; images jpeg/png. */
export const TRIGGER_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const TRIGGER_IMAGE_MIMES = ['image/jpeg', 'image/png'] as const;
export const TRIGGER_IMAGE_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

// ---------------------------------------------------------------------------------------------------------------
// Actions of a text trigger

export const ACTION_TYPES = ['TEXT', 'MEDIA', 'CHAT', 'QUIT_CHAT', 'EXIT_CHAT'] as const;
export type TActionType = (typeof ACTION_TYPES)[number];

export const ACTION_LABEL: Record<TActionType, string> = {
  TEXT: 'Enviar texto',
  MEDIA: 'Enviar imagem',
  CHAT: 'Transferir para atendimento',
  QUIT_CHAT: 'Sair do atendimento',
  EXIT_CHAT: 'Finalizar atendimento',
};

/** An image uploaded with POST /channel/trigger_image (stored with the company's uploads). */
export const ZTriggerImage = z.object({
  key: z.string().min(1).max(500),
  name: z.string().max(255),
  mime: z.enum(TRIGGER_IMAGE_MIMES),
  size: z.number().int().min(0).max(TRIGGER_IMAGE_MAX_BYTES),
  /** Where the editor shows it (answer only; ignored on save). */
  url: z.string().optional(),
});
export type TTriggerImage = z.infer<typeof ZTriggerImage>;

const zText = (max = TRIGGER_MESSAGE_MAX) => z.string().max(max);

/** Params per action type. */
export const ZActionText = z.object({ type: z.literal('TEXT'), params: z.object({ text: zText() }) });
export const ZActionMedia = z.object({
  type: z.literal('MEDIA'),
  params: z.object({ image: ZTriggerImage.nullable().optional() }),
});
/** sector_id: the sector's queue; null/absent: the attendance's sector. */
export const ZActionChat = z.object({
  type: z.literal('CHAT'),
  params: z.object({ sector_id: zId().nullable().optional() }).default({}),
});
export const ZActionQuitChat = z.object({ type: z.literal('QUIT_CHAT'), params: z.object({}).default({}) });
export const ZActionExitChat = z.object({
  type: z.literal('EXIT_CHAT'),
  params: z.object({ status_id: zId().nullable().optional() }).default({}),
});

export const ZTriggerAction = z.discriminatedUnion('type', [
  ZActionText,
  ZActionMedia,
  ZActionChat,
  ZActionQuitChat,
  ZActionExitChat,
]);
export type TTriggerAction = z.infer<typeof ZTriggerAction>;

/**
 * An action as the editor holds it while typing: the type may still be empty and params partial. The validator
 * reads this loose shape and says what is missing; the server parses the strict one after validating.
 */
export type TDraftAction = { type?: TActionType | '' | null; params?: Record<string, unknown> | null };

// ---------------------------------------------------------------------------------------------------------------
// Text trigger payloads and answers

/** POST /triggers, PATCH /triggers/{id}, and each item of POST /channels/save-triggers-text/{type}/{id}. */
export const ZTextTriggerInput = z.object({
  /** Present: update that trigger (same channel); absent: create at the end of the list. */
  id: zId().optional(),
  name: z.string(),
  description: z.string().optional().default(''),
  trigger_text: z.string(),
  actions: z.array(z.object({ type: z.string().nullable().optional(), params: z.unknown().optional() })),
});
export type TTextTriggerInput = z.input<typeof ZTextTriggerInput>;

/** POST /triggers (spec 2 §7): triggerable_id + triggerable_type name the channel; trigger_type 'text'. */
export const ZCreateTriggerBody = ZTextTriggerInput.omit({ id: true }).extend({
  triggerable_id: zId(TRIGGER_MSG.channelNotFound),
  triggerable_type: z.string(),
  trigger_type: z.literal('text').optional().default('text'),
});
export type TCreateTriggerBody = z.input<typeof ZCreateTriggerBody>;

/** PATCH /triggers/{id}: the text trigger's fields. */
export const ZUpdateTriggerBody = ZTextTriggerInput.omit({ id: true });
export type TUpdateTriggerBody = z.input<typeof ZUpdateTriggerBody>;

/** POST /channels/save-triggers-text/{type}/{id}: saves several (create/update) in one go, in the given order. */
export const ZSaveTextTriggersBody = z.object({ triggers: z.array(ZTextTriggerInput).min(1).max(200) });
export type TSaveTextTriggersBody = z.input<typeof ZSaveTextTriggersBody>;

/** POST /channels/save-trigger-order/{type}/{id}: every text trigger id of the channel, in the new order. */
export const ZSaveTriggerOrderBody = z.object({ ids: z.array(zId()).max(1000) });
export type TSaveTriggerOrderBody = z.infer<typeof ZSaveTriggerOrderBody>;

/** PATCH /triggers/copy-triggers: copies every trigger of channel `from` to `to`, replacing `to`'s. */
export const ZCopyTriggersBody = z.object({
  from: zId(TRIGGER_MSG.copyMissing).nullable().optional(),
  to: zId(TRIGGER_MSG.copyMissing).nullable().optional(),
});
export type TCopyTriggersBody = z.infer<typeof ZCopyTriggersBody>;

/** POST /channels/use-triggers-from/{type}/{id}: null stops using another channel's triggers. */
export const ZUseTriggersFromBody = z.object({ channel_id: zId(TRIGGER_MSG.channelNotFound).nullable() });
export type TUseTriggersFromBody = z.infer<typeof ZUseTriggersFromBody>;

export const ZTextTrigger = z.object({
  id: z.number(),
  trigger_type: z.literal('text'),
  name: z.string(),
  description: z.string(),
  trigger_text: z.string(),
  actions: z.array(ZTriggerAction),
  position: z.number(),
  triggerable_id: z.number(),
  triggerable_type: z.string(),
  updated_at: z.string(),
});
export type TTextTrigger = z.infer<typeof ZTextTrigger>;

// ---------------------------------------------------------------------------------------------------------------
// Other triggers' params

export const DAY_TYPES = ['monday_to_friday', 'saturday', 'sunday'] as const;
export type TDayType = (typeof DAY_TYPES)[number];
export const DAY_TYPE_LABEL: Record<TDayType, string> = {
  monday_to_friday: 'Segunda a sexta',
  saturday: 'Sábado',
  sunday: 'Domingo',
};

/** "HH:mm" per day type; '' means no limit that day. */
export const ZDayTimes = z.object({
  monday_to_friday: z.string().default(''),
  saturday: z.string().default(''),
  sunday: z.string().default(''),
});
export type TDayTimes = z.infer<typeof ZDayTimes>;
export const EMPTY_DAY_TIMES: TDayTimes = { monday_to_friday: '', saturday: '', sunday: '' };

const zMessage = z.object({ message: zText().default('') });

export const ZMenuButton = z.object({
  label: z.string().max(100),
  trigger_text: z.string().max(TRIGGER_TEXT_MAX),
});
export type TMenuButton = z.infer<typeof ZMenuButton>;

/** Params of each other kind. Working periods: the day's times at the top level (spec: weekday time fields). */
export const ZOtherParams = {
  first_message: zMessage,
  invalid_command: zMessage,
  offline_operators_notification: zMessage,
  unsupported_media_notification: zMessage,
  on_chat_close: zMessage,
  menu: zMessage,
  menu_keyboard_buttons: zMessage.extend({ buttons: z.array(ZMenuButton).default([]) }),
  /** Opening earlier than the day's time → message (the day's start of work). */
  before_working_period: ZDayTimes.extend({ message: zText().default('') }),
  /** Opening at or after the day's time → message (the day's end of work). */
  after_working_period: ZDayTimes.extend({ message: zText().default('') }),
  /** Opening in [time, after_time) of the day → message (the receiving limit, before the after period). */
  limit_receivement: z.object({
    time: ZDayTimes.default(EMPTY_DAY_TIMES),
    after_time: ZDayTimes.default(EMPTY_DAY_TIMES),
    message: zText().default(''),
  }),
  /** Opening earlier than `before` or at/after `after` of the day → finalized by the bot with status_id. */
  close_attempted: z.object({
    status_id: zId().nullable().optional(),
    before: ZDayTimes.default(EMPTY_DAY_TIMES),
    after: ZDayTimes.default(EMPTY_DAY_TIMES),
    message: zText().default(''),
  }),
  agreement: z.object({
    text: zText().default(''),
    image: ZTriggerImage.nullable().optional(),
    accepted_message: zText().default(''),
    refused_message: zText().default(''),
    status_id: zId().nullable().optional(),
  }),
  /** Asks `message`, looks the answer up in column `field` of the mailing; true/false message; may save it. */
  mailing_validation: z.object({
    message: zText().default(''),
    mailing_id: zId().nullable().optional(),
    field: z.number().int().min(0).max(199).nullable().optional(),
    true_message: zText().default(''),
    false_message: zText().default(''),
    save_metadata: z.boolean().default(false),
    /** The contact field (its key) the answer is saved into. */
    save_field: z.string().max(100).default(''),
  }),
  /** The contact's row found by its channel key: the attendance goes to the sector of its cod_setor. */
  mailing_sector_transfer: z.object({ mailing_id: zId().nullable().optional() }),
} satisfies Record<TEditableOtherTriggerType, z.ZodType>;

export type TOtherParams = { [K in TEditableOtherTriggerType]: z.infer<(typeof ZOtherParams)[K]> };

/** POST /channels/save-other-triggers/{type}/{id}: one kind at a time; active false (or absent params) deletes it. */
export const ZSaveOtherTriggerBody = z.object({
  trigger_type: z.string(),
  active: z.boolean().default(true),
  params: z.record(z.string(), z.unknown()).default({}),
});
export type TSaveOtherTriggerBody = z.input<typeof ZSaveOtherTriggerBody>;

export const ZOtherTrigger = z.object({
  id: z.number(),
  trigger_type: z.string(),
  params: z.record(z.string(), z.unknown()),
  triggerable_id: z.number(),
  triggerable_type: z.string(),
  updated_at: z.string(),
});
export type TOtherTrigger = z.infer<typeof ZOtherTrigger>;

/** GET /channels/get-triggers/{type}/{id}. `source_*`: whose triggers run (this channel or the one it uses). */
export const ZChannelTriggers = z.object({
  channel: z.object({ id: z.number(), name: z.string(), kind: z.string(), type: z.string() }),
  use_trigger_from_channel_id: z.number().nullable(),
  /** Channels of the company that use this channel's triggers. */
  used_by: z.array(z.object({ id: z.number(), name: z.string(), kind: z.string() })),
  text: z.array(ZTextTrigger),
  others: z.array(ZOtherTrigger),
});
export type TChannelTriggers = z.infer<typeof ZChannelTriggers>;

/** POST /channel/trigger_image answer. */
export const ZTriggerImageAnswer = z.object({ success: z.literal(true), image: ZTriggerImage });
export type TTriggerImageAnswer = z.infer<typeof ZTriggerImageAnswer>;

/** GET /triggers: the company's triggers (optionally ?channel_id=), text ones first in order. */
export const ZTriggerListItem = z.object({
  id: z.number(),
  trigger_type: z.string(),
  name: z.string(),
  description: z.string(),
  trigger_text: z.string(),
  actions: z.array(z.unknown()),
  params: z.record(z.string(), z.unknown()),
  position: z.number(),
  triggerable_id: z.number(),
  triggerable_type: z.string(),
  updated_at: z.string(),
});
export type TTriggerListItem = z.infer<typeof ZTriggerListItem>;

// ---------------------------------------------------------------------------------------------------------------
// Validation (spec 2 §5 Triggers): a list of {field, message}; empty = valid. Fields: 'name', 'trigger_text',
// 'actions', 'actions.<i>.type', 'actions.<i>.params.text', …, 'params.<field>' for the other kinds.

export type TTriggerError = { field: string; message: string };

const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
export function isValidTime(s: string): boolean {
  return TIME_RE.test(s);
}
/** Minutes since midnight of "HH:mm"; null when empty or invalid. */
export function timeToMinutes(s: unknown): number | null {
  if (typeof s !== 'string') return null;
  const t = s.trim();
  if (!TIME_RE.test(t)) return null;
  return Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const blank = (v: unknown): boolean => str(v).trim() === '';
/** An id of an int4 column (a status, a sector). */
const hasId = (v: unknown): boolean =>
  typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 2_147_483_647;
const hasImage = (v: unknown): boolean =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as { key?: unknown }).key === 'string' &&
  !!(v as { key: string }).key;

export function validateTextTrigger(input: {
  name?: unknown;
  trigger_text?: unknown;
  description?: unknown;
  actions?: readonly TDraftAction[] | unknown;
}): TTriggerError[] {
  const errors: TTriggerError[] = [];
  const name = str(input.name).trim();
  if (!name) errors.push({ field: 'name', message: TRIGGER_MSG.nameRequired });
  else if (name.length > TRIGGER_NAME_MAX) errors.push({ field: 'name', message: TRIGGER_MSG.nameTooLong });
  if (str(input.description).length > TRIGGER_DESCRIPTION_MAX)
    errors.push({ field: 'description', message: TRIGGER_MSG.descriptionTooLong });
  if (blank(input.trigger_text))
    errors.push({ field: 'trigger_text', message: TRIGGER_MSG.triggerTextRequired });
  const actions: TDraftAction[] = Array.isArray(input.actions) ? (input.actions as TDraftAction[]) : [];
  if (actions.length === 0) {
    errors.push({ field: 'actions', message: TRIGGER_MSG.actionsRequired });
    return errors;
  }
  const count: Record<TActionType, number> = { TEXT: 0, MEDIA: 0, CHAT: 0, QUIT_CHAT: 0, EXIT_CHAT: 0 };
  actions.forEach((a, i) => {
    const type = a && typeof a === 'object' ? a.type : undefined;
    const params = (
      a && typeof a === 'object' && a.params && typeof a.params === 'object' ? a.params : {}
    ) as Record<string, unknown>;
    if (!type || !(ACTION_TYPES as readonly string[]).includes(type)) {
      errors.push({ field: `actions.${i}.type`, message: TRIGGER_MSG.actionType });
      return;
    }
    count[type as TActionType]++;
    if (type === 'TEXT' && blank(params.text))
      errors.push({ field: `actions.${i}.params.text`, message: TRIGGER_MSG.textRequired });
    else if (type === 'TEXT' && str(params.text).length > TRIGGER_MESSAGE_MAX)
      errors.push({ field: `actions.${i}.params.text`, message: TRIGGER_MSG.textTooLong });
    if (type === 'MEDIA' && !hasImage(params.image))
      errors.push({ field: `actions.${i}.params.image`, message: TRIGGER_MSG.mediaRequired });
    if (type === 'EXIT_CHAT' && !hasId(params.status_id))
      errors.push({ field: `actions.${i}.params.status_id`, message: TRIGGER_MSG.exitStatusRequired });
  });
  if (count.CHAT > 1) errors.push({ field: 'actions', message: TRIGGER_MSG.oneChat });
  if (count.QUIT_CHAT > 1) errors.push({ field: 'actions', message: TRIGGER_MSG.oneQuitChat });
  if (count.EXIT_CHAT > 1) errors.push({ field: 'actions', message: TRIGGER_MSG.oneExitChat });
  if (count.CHAT > 0 && count.QUIT_CHAT > 0)
    errors.push({ field: 'actions', message: TRIGGER_MSG.chatAndQuit });
  const types = actions.map((a) => (a && typeof a === 'object' ? a.type : undefined));
  const isContent = (t: unknown) => t === 'TEXT' || t === 'MEDIA';
  const firstChat = types.indexOf('CHAT');
  if (firstChat >= 0 && types.some((t, i) => i > firstChat && isContent(t)))
    errors.push({ field: 'actions', message: TRIGGER_MSG.textBeforeChat });
  const firstQuit = types.indexOf('QUIT_CHAT');
  if (firstQuit >= 0 && types.some((t, i) => i < firstQuit && isContent(t)))
    errors.push({ field: 'actions', message: TRIGGER_MSG.quitBeforeText });
  return errors;
}

function dayTimesErrors(
  field: string,
  v: unknown,
  errors: TTriggerError[],
): Partial<Record<TDayType, number>> {
  const out: Partial<Record<TDayType, number>> = {};
  const o = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
  for (const d of DAY_TYPES) {
    const s = str(o[d]).trim();
    if (!s) continue;
    const m = timeToMinutes(s);
    if (m === null) errors.push({ field: `${field}${d}`, message: TRIGGER_MSG.invalidTime });
    else out[d] = m;
  }
  return out;
}

/** The other kinds a kind's rules read (limit_receivement lies between the working periods; one menu). */
export type TOtherTriggersContext = Partial<Record<TOtherTriggerType, Record<string, unknown> | undefined>>;

/**
 * Nothing filled in (texts blank, no time, option, status or image): saving it removes the kind from the channel,
 * as switching it off does.
 */
export function isEmptyOtherParams(params: Record<string, unknown> | null | undefined): boolean {
  const filled = (v: unknown): boolean => {
    if (typeof v === 'string') return v.trim() !== '';
    if (typeof v === 'number') return true;
    if (Array.isArray(v)) return v.length > 0;
    if (v && typeof v === 'object') return Object.values(v).some(filled);
    return false;
  };
  return !Object.values(params ?? {}).some(filled);
}

export function validateOtherTrigger(
  type: string,
  params: Record<string, unknown> | null | undefined,
  context: TOtherTriggersContext = {},
): TTriggerError[] {
  const p = params ?? {};
  const errors: TTriggerError[] = [];
  if (!(EDITABLE_OTHER_TRIGGER_TYPES as readonly string[]).includes(type))
    return [{ field: 'trigger_type', message: TRIGGER_MSG.invalidTriggerType }];
  const t = type as TEditableOtherTriggerType;
  for (const k of ['message', 'text', 'accepted_message', 'refused_message', 'true_message', 'false_message'])
    if (str(p[k]).length > TRIGGER_MESSAGE_MAX)
      errors.push({ field: `params.${k}`, message: TRIGGER_MSG.textTooLong });
  const needMessage = () => {
    if (blank(p.message)) errors.push({ field: 'params.message', message: TRIGGER_MSG.messageRequired });
  };
  switch (t) {
    case 'first_message':
    case 'invalid_command':
    case 'offline_operators_notification':
    case 'unsupported_media_notification':
    case 'on_chat_close':
      needMessage();
      break;
    case 'menu':
      needMessage();
      if (context.menu_keyboard_buttons) errors.push({ field: 'trigger_type', message: TRIGGER_MSG.oneMenu });
      break;
    case 'menu_keyboard_buttons': {
      needMessage();
      if (context.menu) errors.push({ field: 'trigger_type', message: TRIGGER_MSG.oneMenu });
      const buttons = Array.isArray(p.buttons) ? (p.buttons as Record<string, unknown>[]) : [];
      if (buttons.length === 0)
        errors.push({ field: 'params.buttons', message: TRIGGER_MSG.buttonsRequired });
      if (buttons.length > TRIGGER_BUTTONS_MAX)
        errors.push({ field: 'params.buttons', message: TRIGGER_MSG.buttonsTooMany });
      buttons.forEach((b, i) => {
        if (blank(b?.label))
          errors.push({ field: `params.buttons.${i}.label`, message: TRIGGER_MSG.buttonLabel });
        else if (str(b?.label).length > 100)
          errors.push({ field: `params.buttons.${i}.label`, message: TRIGGER_MSG.buttonLabelTooLong });
        if (blank(b?.trigger_text))
          errors.push({ field: `params.buttons.${i}.trigger_text`, message: TRIGGER_MSG.buttonTriggerText });
      });
      break;
    }
    case 'before_working_period':
    case 'after_working_period': {
      const times = dayTimesErrors('params.', p, errors);
      if (Object.keys(times).length === 0 && !errors.length)
        errors.push({ field: 'params.monday_to_friday', message: TRIGGER_MSG.periodTimeRequired });
      needMessage();
      break;
    }
    case 'limit_receivement': {
      const time = dayTimesErrors('params.time.', p.time, errors);
      const after = dayTimesErrors('params.after_time.', p.after_time, errors);
      const before = dayTimesErrors('', context.before_working_period, []);
      const end = dayTimesErrors('', context.after_working_period, []);
      if (errors.length) break;
      if (Object.keys(time).length === 0)
        errors.push({ field: 'params.time.monday_to_friday', message: TRIGGER_MSG.limitTimeRequired });
      if (blank(p.message)) errors.push({ field: 'params.message', message: TRIGGER_MSG.messageRequired });
      if (Object.keys(after).length === 0)
        errors.push({
          field: 'params.after_time.monday_to_friday',
          message: TRIGGER_MSG.limitAfterTimeRequired,
        });
      for (const d of DAY_TYPES) {
        const tm = time[d];
        const am = after[d];
        if (tm === undefined) continue;
        if (am === undefined) {
          if (Object.keys(after).length > 0)
            errors.push({ field: `params.after_time.${d}`, message: TRIGGER_MSG.limitAfterTimeMissingDay });
          continue;
        }
        if (tm >= am) errors.push({ field: `params.time.${d}`, message: TRIGGER_MSG.limitOrder });
        else if ((before[d] !== undefined && tm < before[d]) || (end[d] !== undefined && am > end[d]))
          errors.push({ field: `params.time.${d}`, message: TRIGGER_MSG.limitBetweenPeriods });
      }
      break;
    }
    case 'close_attempted': {
      if (!hasId(p.status_id))
        errors.push({ field: 'params.status_id', message: TRIGGER_MSG.closeStatusRequired });
      const b = dayTimesErrors('params.before.', p.before, errors);
      const a = dayTimesErrors('params.after.', p.after, errors);
      if (
        Object.keys(b).length === 0 &&
        Object.keys(a).length === 0 &&
        !errors.some((e) => e.field !== 'params.status_id')
      )
        errors.push({ field: 'params.before.monday_to_friday', message: TRIGGER_MSG.closeTimeRequired });
      break;
    }
    case 'mailing_validation':
      if (blank(p.message)) errors.push({ field: 'params.message', message: TRIGGER_MSG.welcomeRequired });
      if (!hasId(p.mailing_id))
        errors.push({ field: 'params.mailing_id', message: TRIGGER_MSG.mailingRequired });
      if (typeof p.field !== 'number' || !Number.isInteger(p.field) || p.field < 0)
        errors.push({ field: 'params.field', message: TRIGGER_MSG.mailingFieldRequired });
      if (blank(p.true_message))
        errors.push({ field: 'params.true_message', message: TRIGGER_MSG.trueMessageRequired });
      if (blank(p.false_message))
        errors.push({ field: 'params.false_message', message: TRIGGER_MSG.falseMessageRequired });
      if (p.save_metadata === true && blank(p.save_field))
        errors.push({ field: 'params.save_field', message: TRIGGER_MSG.saveFieldRequired });
      break;
    case 'mailing_sector_transfer':
      if (!hasId(p.mailing_id))
        errors.push({ field: 'params.mailing_id', message: TRIGGER_MSG.mailingRequired });
      break;
    case 'agreement':
      if (blank(p.text) && !hasImage(p.image))
        errors.push({ field: 'params.text', message: TRIGGER_MSG.agreementContent });
      if (blank(p.accepted_message))
        errors.push({ field: 'params.accepted_message', message: TRIGGER_MSG.acceptedRequired });
      if (blank(p.refused_message))
        errors.push({ field: 'params.refused_message', message: TRIGGER_MSG.refusedRequired });
      if (!hasId(p.status_id))
        errors.push({ field: 'params.status_id', message: TRIGGER_MSG.agreementStatusRequired });
      break;
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------------------------
// Matching

/** Trim, lower case, accents removed, inner spaces collapsed. */
export function normalizeTriggerText(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The alternatives of a trigger_text ("oi; olá;bom dia"), normalized, empty ones dropped. */
export function triggerAlternatives(triggerText: string): string[] {
  return triggerText
    .split(';')
    .map(normalizeTriggerText)
    .filter((s) => s !== '');
}

/** Whether a customer's text is one of the trigger's alternatives (whole text, normalized). */
export function matchesTriggerText(triggerText: string, customerText: string): boolean {
  const t = normalizeTriggerText(customerText);
  return t !== '' && triggerAlternatives(triggerText).includes(t);
}

/** The first trigger (in the given order) whose trigger_text matches the customer's text. */
export function findMatchingTrigger<T extends { trigger_text: string }>(
  triggersInOrder: readonly T[],
  customerText: string,
): T | undefined {
  const t = normalizeTriggerText(customerText);
  if (!t) return undefined;
  return triggersInOrder.find((tr) => triggerAlternatives(tr.trigger_text).includes(t));
}

/** A menu_keyboard_buttons menu as numbered text (channels without buttons): the message, then "1 - label". */
export function menuButtonsAsText(message: string, buttons: readonly TMenuButton[]): string {
  const lines = buttons.map((b, i) => `${i + 1} - ${b.label}`);
  return [message, ...lines].filter((s) => s !== '').join('\n');
}

/** The button picked by a reply: its number, or its label (normalized); undefined when none. */
export function pickMenuButton(buttons: readonly TMenuButton[], reply: string): TMenuButton | undefined {
  const t = normalizeTriggerText(reply);
  if (/^\d+$/.test(t)) return buttons[Number(t) - 1];
  return buttons.find((b) => normalizeTriggerText(b.label) === t);
}

// Agreement replies (decision 0009).
const ACCEPT = ['1', 'sim', 's', 'aceito', 'aceitar', 'concordo'];
const REFUSE = ['2', 'nao', 'n', 'recuso', 'recusar', 'nao aceito'];
export function agreementReply(text: string): 'accept' | 'refuse' | null {
  const t = normalizeTriggerText(text).replace(/[.!]+$/, '');
  if (ACCEPT.includes(t)) return 'accept';
  if (REFUSE.includes(t)) return 'refuse';
  return null;
}
/** The options appended to the agreement question. */
export const AGREEMENT_OPTIONS_TEXT = 'Responda 1 - Aceito ou 2 - Não aceito.';
