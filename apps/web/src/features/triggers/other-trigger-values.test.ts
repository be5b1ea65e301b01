import { type TOtherTrigger, TRIGGER_MSG } from '@prosa/shared/triggers';
import { describe, expect, it } from 'vitest';
import { isOtherDirty, OTHER_KINDS_SHOWN, otherErrors, toParams, valuesFrom } from './other-trigger-values';

const saved = (trigger_type: string, params: Record<string, unknown>): TOtherTrigger => ({
  id: 1,
  trigger_type,
  params,
  triggerable_id: 1,
  triggerable_type: 'web',
  updated_at: '2026-11-26T00:00:00.000Z',
});

describe('other trigger values', () => {
  it('shows every kind, the mailing ones after the agreement', () => {
    expect(OTHER_KINDS_SHOWN.indexOf('mailing_validation')).toBe(OTHER_KINDS_SHOWN.indexOf('agreement') + 1);
    expect(OTHER_KINDS_SHOWN).toContain('mailing_sector_transfer');
    expect(OTHER_KINDS_SHOWN).toContain('first_message');
    expect(OTHER_KINDS_SHOWN).toContain('on_chat_close');
  });

  it('a kind not saved is off with its default fields; turning it on is a change', () => {
    const v = valuesFrom('before_working_period', undefined);
    expect(v).toEqual({
      active: false,
      params: { monday_to_friday: '', saturday: '', sunday: '', message: '' },
    });
    expect(isOtherDirty('before_working_period', v, undefined)).toBe(false);
    expect(isOtherDirty('before_working_period', { ...v, active: true }, undefined)).toBe(true);
  });

  it('a saved kind is on and clean until a field changes or it is turned off', () => {
    const s = saved('first_message', { message: 'Olá!' });
    const v = valuesFrom('first_message', s);
    expect(v.active).toBe(true);
    expect(isOtherDirty('first_message', v, s)).toBe(false);
    expect(isOtherDirty('first_message', { ...v, params: { message: 'Oi' } }, s)).toBe(true);
    expect(isOtherDirty('first_message', { ...v, active: false }, s)).toBe(true);
  });

  it('validates with the shared rules, reading the other kinds of the channel', () => {
    expect(otherErrors('first_message', { active: true, params: { message: '' } }, [])).toEqual([
      { field: 'params.message', message: TRIGGER_MSG.messageRequired },
    ]);
    // A channel has one menu.
    const menu = saved('menu_keyboard_buttons', { message: 'Escolha', buttons: [] });
    expect(otherErrors('menu', { active: true, params: { message: 'Menu' } }, [menu])).toEqual([
      { field: 'trigger_type', message: TRIGGER_MSG.oneMenu },
    ]);
    // Turning a kind off is always allowed.
    expect(otherErrors('first_message', { active: false, params: { message: '' } }, [])).toEqual([]);
  });

  it('drops the preview URL of the agreement image', () => {
    expect(toParams({ image: { key: 'k', url: '/x' }, text: '' })).toEqual({ image: { key: 'k' }, text: '' });
  });
});
