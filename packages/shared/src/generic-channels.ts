// Generic channels (spec 2 §3 "Generic channel"): Telegram (type 1) and NewChat (type 2), both rows of the one
// `channels` table (kinds 'tg' and 'nc'). Their screens are main.telegram and main.newchat; the edit route is the
// list route plus "-edit" with id, typeId and step 1 to 3 (spec 2 §2).
import type { TChannelKind } from './channels';

export const CHANNEL_TYPE_ID = { tg: 1, nc: 2 } as const;
export type TGenericChannelKind = keyof typeof CHANNEL_TYPE_ID;
export type TGenericChannelTypeId = (typeof CHANNEL_TYPE_ID)[TGenericChannelKind];

/** The kind of a numeric channel type (spec 2 §2: below 2 is Telegram, otherwise NewChat). */
export function genericKindOf(typeId: number): TGenericChannelKind {
  return typeId < 2 ? 'tg' : 'nc';
}

export function isGenericKind(kind: TChannelKind | string): kind is TGenericChannelKind {
  return kind === 'tg' || kind === 'nc';
}

/** Spec 2 §5 and §8, verbatim. */
export const GENERIC_CHANNEL_MSG = {
  nameRequired: 'Campo Nome do Canal é obrigatório!',
  sectorRequired: 'Campo Setor é obrigatório!',
  tokenRequired: 'Campo Token é obrigatório!',
  tokenTaken: 'Token já vinculado a um canal',
  createFailed: 'Erro ao criar canal, por favor tente novamente.',
  imageUploadFailed: 'Erro ao realizar upload da imagem.',
  wrongType: 'Tipo de canal errado',
  newchatRemoveFailed: 'Erro ao remover o newchat.',
  notFound: 'Canal não encontrado.',
  saved: 'Canal salvo com sucesso!',
  removed: 'Canal removido com sucesso!',
} as const;

/** Paths of the web app's screens (main.telegram, main.newchat and their "-edit" routes). */
export const GENERIC_CHANNEL_PATH = { tg: '/channels/telegram', nc: '/channels/newchat' } as const;
