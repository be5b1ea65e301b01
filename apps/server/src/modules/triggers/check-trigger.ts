import {
  TRIGGER_MSG,
  type TTriggerAction,
  type TTriggerError,
  validateTextTrigger,
  ZTriggerAction,
} from '@prosa/shared/triggers';
import type { Db, Tx } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { finalizationStatusIds, sectorIds, type TextValues } from './repository';

// The checks of a trigger before it is stored: the shared validator's rules (spec 2 §5 Triggers), then what only
// the database knows (the statuses, sectors and images it names are the company's).

/** Where a company's trigger images are stored: a key outside it is never accepted. */
export const imagePrefix = (companyId: number) => `trg/${companyId}/`;

export function firstError(errors: readonly TTriggerError[]) {
  const [first] = errors;
  if (first) throw badRequest(first.message);
}

export async function assertStatus(db: Db | Tx, companyId: number, id: unknown, message: string) {
  const valid = typeof id === 'number' && Number.isInteger(id) && id > 0 && id <= 2_147_483_647;
  if (!valid || !(await finalizationStatusIds(db, companyId, [id])).has(id)) throw badRequest(message);
}

export function assertImageKey(companyId: number, image: unknown) {
  const key = image && typeof image === 'object' ? (image as { key?: unknown }).key : undefined;
  if (typeof key !== 'string' || !key.startsWith(imagePrefix(companyId)) || key.includes('..'))
    throw badRequest(TRIGGER_MSG.imageKeyInvalid);
}

/** Strips an image to what is stored (the URL is signed when shown). */
export function storedImage(image: { key: string; name: string; mime: string; size: number }) {
  return { key: image.key, name: image.name, mime: image.mime, size: image.size };
}

export async function checkTextTrigger(
  db: Db | Tx,
  companyId: number,
  input: { name: string; description?: string; trigger_text: string; actions: unknown[] },
): Promise<TextValues> {
  firstError(validateTextTrigger(input));
  const actions: TTriggerAction[] = [];
  for (const raw of input.actions) {
    const parsed = ZTriggerAction.safeParse(raw);
    if (!parsed.success) throw badRequest(TRIGGER_MSG.actionType);
    actions.push(parsed.data);
  }
  const stored: unknown[] = [];
  for (const a of actions) {
    if (a.type === 'EXIT_CHAT')
      await assertStatus(db, companyId, a.params.status_id, TRIGGER_MSG.statusNotFound);
    if (a.type === 'CHAT' && a.params.sector_id != null) {
      if (!(await sectorIds(db, companyId, [a.params.sector_id])).has(a.params.sector_id))
        throw badRequest(TRIGGER_MSG.sectorNotFound);
    }
    if (a.type === 'MEDIA') {
      assertImageKey(companyId, a.params.image);
      // Checked above: the validator requires the image and assertImageKey its key.
      stored.push({
        type: 'MEDIA',
        params: { image: storedImage(a.params.image as NonNullable<typeof a.params.image>) },
      });
      continue;
    }
    if (a.type === 'TEXT') stored.push({ type: 'TEXT', params: { text: a.params.text.trim() } });
    else if (a.type === 'CHAT')
      stored.push({ type: 'CHAT', params: { sector_id: a.params.sector_id ?? null } });
    else if (a.type === 'EXIT_CHAT')
      stored.push({ type: 'EXIT_CHAT', params: { status_id: a.params.status_id } });
    else stored.push({ type: 'QUIT_CHAT', params: {} });
  }
  return {
    name: input.name.trim(),
    description: (input.description ?? '').trim(),
    triggerText: input.trigger_text.trim(),
    actions: stored,
  };
}
