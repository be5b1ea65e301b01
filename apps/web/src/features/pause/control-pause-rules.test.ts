import { PAUSE_MSG, ZControlPause } from '@prosa/shared/pause';
import { describe, expect, it } from 'vitest';
import {
  controlPauseToForm,
  formToControlPause,
  type TControlPauseForm,
  toggleControlPause,
} from './control-pause-rules';

const off: TControlPauseForm = {
  is_active: false,
  use_reason: false,
  use_password: false,
  use_limit_pause: { enabled: false, limit_minutes: '' },
};
const on: TControlPauseForm = { ...off, is_active: true };

const valuesOf = (r: ReturnType<typeof toggleControlPause>) => ('values' in r ? r.values : null);

describe('chaves do controle de pausa', () => {
  it('turns the control on and off while no option is on', () => {
    expect(valuesOf(toggleControlPause(off, 'is_active', true, 0))?.is_active).toBe(true);
    expect(valuesOf(toggleControlPause(on, 'is_active', false, 0))?.is_active).toBe(false);
  });

  it('refuses to switch the control off while reason, password or limit is on', () => {
    const withOptions: TControlPauseForm[] = [
      { ...on, use_reason: true },
      { ...on, use_password: true },
      { ...on, use_limit_pause: { enabled: true, limit_minutes: 15 } },
    ];
    for (const values of withOptions) {
      expect(toggleControlPause(values, 'is_active', false, 3)).toEqual({ error: PAUSE_MSG.cannotTurnOff });
    }
  });

  it('resets the limit minutes each time the limit is switched on', () => {
    const before: TControlPauseForm = { ...on, use_limit_pause: { enabled: false, limit_minutes: 40 } };
    expect(valuesOf(toggleControlPause(before, 'use_limit_pause', true, 0))?.use_limit_pause).toEqual({
      enabled: true,
      limit_minutes: '',
    });
    const after = valuesOf(toggleControlPause(before, 'use_limit_pause', true, 0));
    if (!after) throw new Error('esperava valores');
    // An empty limit is refused with the spec's text.
    const parsed = ZControlPause.safeParse(formToControlPause(after));
    expect(parsed.error?.issues[0]?.message).toBe(PAUSE_MSG.limitMinutes);
    const zero = ZControlPause.safeParse(
      formToControlPause({ ...after, use_limit_pause: { enabled: true, limit_minutes: 0 } }),
    );
    expect(zero.error?.issues[0]?.message).toBe(PAUSE_MSG.limitMinutes);
  });

  it('asks for a registered reason before requiring one', () => {
    expect(toggleControlPause(on, 'use_reason', true, 0)).toEqual({ error: PAUSE_MSG.keepOneReason });
    expect(valuesOf(toggleControlPause(on, 'use_reason', true, 2))?.use_reason).toBe(true);
    // While the count is unknown the server decides.
    expect(valuesOf(toggleControlPause(on, 'use_reason', true, undefined))?.use_reason).toBe(true);
  });

  it('switches the control on together with an option', () => {
    expect(valuesOf(toggleControlPause(off, 'use_password', true, 0))).toMatchObject({
      is_active: true,
      use_password: true,
    });
  });

  it('maps the form to the body and back', () => {
    const body = formToControlPause({ ...on, use_limit_pause: { enabled: true, limit_minutes: 30 } });
    expect(body).toEqual({
      is_active: true,
      use_reason: false,
      use_password: false,
      use_limit_pause: { enabled: true, limit_minutes: 30 },
    });
    expect(ZControlPause.safeParse(body).success).toBe(true);
    expect(
      formToControlPause({ ...on, use_limit_pause: { enabled: false, limit_minutes: 30 } }).use_limit_pause,
    ).toEqual({ enabled: false, limit_minutes: null });
    expect(controlPauseToForm(body).use_limit_pause.limit_minutes).toBe(30);
    expect(
      controlPauseToForm({ ...body, use_limit_pause: { enabled: false, limit_minutes: null } })
        .use_limit_pause.limit_minutes,
    ).toBe('');
  });
});
