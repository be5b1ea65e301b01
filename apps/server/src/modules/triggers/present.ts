import type {
  TOtherTrigger,
  TTextTrigger,
  TTriggerAction,
  TTriggerImage,
  TTriggerListItem,
} from '@prosa/shared/triggers';
import type { TriggerRow } from '../../db/schema/automation';
import type { AppDeps } from '../../platform/deps';

// Trigger rows as the API answers them: stored images get a signed URL for the editor's preview.

export type PresentDeps = Pick<AppDeps, 'storage' | 'config'>;

function withUrl(deps: PresentDeps, image: unknown): TTriggerImage | null {
  if (!image || typeof image !== 'object') return null;
  const i = image as TTriggerImage;
  if (typeof i.key !== 'string') return null;
  return { ...i, url: deps.storage.signedUrl(i.key, deps.config.FILE_URL_TTL_SECONDS).url };
}

function presentActions(deps: PresentDeps, actions: readonly unknown[]): TTriggerAction[] {
  return actions.map((a) => {
    const action = a as TTriggerAction;
    if (action.type !== 'MEDIA') return action;
    return { type: 'MEDIA', params: { image: withUrl(deps, action.params?.image) } };
  });
}

function presentParams(deps: PresentDeps, row: TriggerRow): Record<string, unknown> {
  if (row.triggerType !== 'agreement' || !row.params.image) return row.params;
  return { ...row.params, image: withUrl(deps, row.params.image) };
}

export function toTextTrigger(deps: PresentDeps, row: TriggerRow): TTextTrigger {
  return {
    id: row.id,
    trigger_type: 'text',
    name: row.name,
    description: row.description,
    trigger_text: row.triggerText,
    actions: presentActions(deps, row.actions),
    position: row.position,
    triggerable_id: row.channelId,
    triggerable_type: row.triggerableType,
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toOtherTrigger(deps: PresentDeps, row: TriggerRow): TOtherTrigger {
  return {
    id: row.id,
    trigger_type: row.triggerType,
    params: presentParams(deps, row),
    triggerable_id: row.channelId,
    triggerable_type: row.triggerableType,
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toListItem(deps: PresentDeps, row: TriggerRow): TTriggerListItem {
  return {
    id: row.id,
    trigger_type: row.triggerType,
    name: row.name,
    description: row.description,
    trigger_text: row.triggerText,
    actions: presentActions(deps, row.actions),
    params: presentParams(deps, row),
    position: row.position,
    triggerable_id: row.channelId,
    triggerable_type: row.triggerableType,
    updated_at: row.updatedAt.toISOString(),
  };
}
