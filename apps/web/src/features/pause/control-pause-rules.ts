import { PAUSE_MSG, type TControlPause } from '@prosa/shared/pause';
import { numberOrNull, type TNumberField } from '../distribution/settings-form-values';

export type TControlPauseForm = {
  is_active: boolean;
  use_reason: boolean;
  use_password: boolean;
  use_limit_pause: { enabled: boolean; limit_minutes: TNumberField };
};

export type TPauseSwitch = 'is_active' | 'use_reason' | 'use_password' | 'use_limit_pause';

export function controlPauseToForm(cp: TControlPause): TControlPauseForm {
  return {
    ...cp,
    use_limit_pause: {
      enabled: cp.use_limit_pause.enabled,
      limit_minutes: cp.use_limit_pause.limit_minutes ?? '',
    },
  };
}

export function formToControlPause(values: TControlPauseForm): TControlPause {
  return {
    ...values,
    use_limit_pause: {
      enabled: values.use_limit_pause.enabled,
      limit_minutes: values.use_limit_pause.enabled
        ? numberOrNull(values.use_limit_pause.limit_minutes)
        : null,
    },
  };
}

/**
 * One switch of the "Pausa" tab (spec 1 §5): the control cannot go off while the reason, the password or the
 * limit is on; the limit starts empty each time it is switched on; reasons need at least one reason
 * registered. Switching an option on also switches the control on.
 */
export function toggleControlPause(
  values: TControlPauseForm,
  key: TPauseSwitch,
  on: boolean,
  reasonCount: number | undefined,
): { values: TControlPauseForm } | { error: string } {
  const limitOn = values.use_limit_pause.enabled;
  if (key === 'is_active') {
    if (!on && (values.use_reason || values.use_password || limitOn))
      return { error: PAUSE_MSG.cannotTurnOff };
    return { values: { ...values, is_active: on } };
  }
  const is_active = values.is_active || on;
  if (key === 'use_limit_pause') {
    return { values: { ...values, is_active, use_limit_pause: { enabled: on, limit_minutes: '' } } };
  }
  if (key === 'use_reason' && on && reasonCount === 0) return { error: PAUSE_MSG.keepOneReason };
  return { values: { ...values, is_active, [key]: on } };
}
