import { GENERIC_CHANNEL_PATH, genericKindOf } from '@prosa/shared/generic-channels';

// main.telegram-edit (spec 2 §2): the list route plus "-edit", with id, typeId and step.

export const TELEGRAM_EDIT_PATH = `${GENERIC_CHANNEL_PATH.tg}-edit`;

export function telegramEditPath(id: number | null): string {
  return `${TELEGRAM_EDIT_PATH}?${id !== null ? `id=${id}&` : ''}typeId=1&step=1`;
}

export type TEditParams = { id: number | null; wrongType: boolean };

/** The edit route's query: a positive id or none (a new channel); a typeId of another generic type is wrong. */
export function parseEditParams(params: URLSearchParams): TEditParams {
  const raw = params.get('id');
  const n = raw === null ? Number.NaN : Number(raw);
  const id = Number.isSafeInteger(n) && n > 0 ? n : null;
  const typeRaw = params.get('typeId');
  const typeId = typeRaw === null || typeRaw === '' ? 1 : Number(typeRaw);
  return { id, wrongType: !Number.isFinite(typeId) || genericKindOf(typeId) !== 'tg' };
}
