import { EMPTY_RULES, RULES_MSG, ZAttendanceRules } from '@prosa/shared/attendance-rules';
import { busyTimeMissing, DIST_MSG, ZAutoDistInput } from '@prosa/shared/distribution';
import { describe, expect, it } from 'vitest';
import {
  formToAutoDist,
  formToRules,
  formToSla,
  noRulesConfigured,
  numberOrNull,
  rulesToForm,
  slaToForm,
  type TRulesFormValues,
} from './settings-form-values';

const form = (patch: Partial<TRulesFormValues> = {}): TRulesFormValues => ({
  ...rulesToForm(EMPTY_RULES),
  ...patch,
});

const firstError = (values: TRulesFormValues) => {
  const result = ZAttendanceRules.safeParse(formToRules(values));
  return result.success
    ? null
    : { path: result.error.issues[0]?.path.join('.'), message: result.error.issues[0]?.message };
};

describe('regras de atendimento: minutos na tela, segundos no servidor', () => {
  it('sends minutes as seconds and shows seconds as minutes', () => {
    const rules = formToRules(
      form({
        time_waiting_client_to_finalize: 30,
        status_waiting_client_to_finalize: 7,
        time_waiting_client_to_busy_client: 5,
        change_status_when_busy_client: true,
        status_busy_client: 3,
        time_waiting_client_to_poke_client: 2,
        show_poke_options: true,
        remove_chats_logout: true,
      }),
    );
    expect(rules).toEqual({
      time_waiting_client_to_finalize: 1800,
      status_waiting_client_to_finalize: 7,
      time_waiting_client_to_busy_client: 300,
      change_status_when_busy_client: '1',
      status_busy_client: 3,
      time_waiting_client_to_poke_client: 120,
      show_poke_options: true,
      remove_chats_logout: true,
    });
    expect(rulesToForm(rules)).toMatchObject({
      time_waiting_client_to_finalize: 30,
      time_waiting_client_to_busy_client: 5,
      change_status_when_busy_client: true,
      time_waiting_client_to_poke_client: 2,
    });
  });

  it('turns empty fields into null and keeps the busy status only when the change is on', () => {
    expect(formToRules(form())).toEqual(EMPTY_RULES);
    expect(rulesToForm(EMPTY_RULES).time_waiting_client_to_finalize).toBe('');
    const off = formToRules(form({ change_status_when_busy_client: false, status_busy_client: 3 }));
    expect(off.change_status_when_busy_client).toBe('0');
    expect(off.status_busy_client).toBeNull();
  });

  it('gives the spec texts through the shared schema', () => {
    expect(firstError(form({ time_waiting_client_to_finalize: 0 }))).toEqual({
      path: 'time_waiting_client_to_finalize',
      message: RULES_MSG.minutesAboveZero,
    });
    expect(firstError(form({ time_waiting_client_to_finalize: 10 }))).toEqual({
      path: 'status_waiting_client_to_finalize',
      message: RULES_MSG.finalizeStatus,
    });
    expect(firstError(form({ status_waiting_client_to_finalize: 7 }))).toEqual({
      path: 'time_waiting_client_to_finalize',
      message: RULES_MSG.finalizeTime,
    });
    expect(firstError(form({ change_status_when_busy_client: true }))).toEqual({
      path: 'status_busy_client',
      message: RULES_MSG.busyStatus,
    });
    expect(firstError(form({ time_waiting_client_to_busy_client: 'abc' }))?.message).toBe(
      RULES_MSG.minutesAboveZero,
    );
    expect(firstError(form())).toBeNull();
  });

  it('knows when nothing was configured', () => {
    expect(noRulesConfigured(EMPTY_RULES)).toBe(true);
    expect(noRulesConfigured({ ...EMPTY_RULES, remove_chats_logout: true })).toBe(false);
    expect(noRulesConfigured({ ...EMPTY_RULES, time_waiting_client_to_poke_client: 60 })).toBe(false);
  });
});

describe('nova distribuição e tempo de espera do cliente', () => {
  it('refuses the distribution on with an empty or zero limit', () => {
    const on = { enabled: true, allow_if_answered: true, allow_if_client_not_respond: false };
    for (const chat_per_user of ['', 0]) {
      const parsed = ZAutoDistInput.safeParse(formToAutoDist({ ...on, chat_per_user }));
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(DIST_MSG.chatPerUserRequired);
    }
    expect(ZAutoDistInput.safeParse(formToAutoDist({ ...on, chat_per_user: 2 })).success).toBe(true);
    expect(
      ZAutoDistInput.safeParse(formToAutoDist({ ...on, enabled: false, chat_per_user: '' })).success,
    ).toBe(true);
  });

  it('saves the defaults as they are: "clients that do not answer" is off and needs the busy-client time', () => {
    const defaults = ZAutoDistInput.parse({ enabled: true, chat_per_user: 2 });
    expect(defaults.allow_if_client_not_respond).toBe(false);
    expect(busyTimeMissing(defaults, null)).toBe(false);
    const withOption = { ...defaults, allow_if_client_not_respond: true };
    expect(busyTimeMissing(withOption, null)).toBe(true);
    expect(busyTimeMissing(withOption, 0)).toBe(true);
    expect(busyTimeMissing(withOption, 600)).toBe(false);
    expect(busyTimeMissing({ ...withOption, enabled: false }, null)).toBe(false);
  });

  it('maps the client waiting response with empty fields as null', () => {
    expect(formToSla({ minutes: '', minutes_others: 15, message: '  ', action: 'none' })).toEqual({
      minutes: null,
      minutes_others: 15,
      message: null,
      action: 'none',
    });
    expect(
      slaToForm({ minutes: 5, minutes_others: null, message: 'Já volto!', action: 'redistribute' }),
    ).toEqual({ minutes: 5, minutes_others: '', message: 'Já volto!', action: 'redistribute' });
  });

  it('reads typed numbers', () => {
    expect(numberOrNull('')).toBeNull();
    expect(numberOrNull(' ')).toBeNull();
    expect(numberOrNull('12')).toBe(12);
    expect(numberOrNull(3)).toBe(3);
    expect(numberOrNull('x')).toBe(0);
  });
});
