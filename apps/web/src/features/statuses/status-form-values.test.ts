import { afterEach, describe, expect, it, vi } from 'vitest';
import { formValuesFrom, toStatusInput } from './status-form-values';
import { reloadAfterClassification } from './status-reload';

describe('formulário de status', () => {
  it('starts a new status as classification with the default colour #D2D2D2', () => {
    expect(formValuesFrom(null)).toEqual({
      name: '',
      should_close: '0',
      should_require: false,
      use_in_bot: false,
      success: false,
      color: '#D2D2D2',
      message: '',
      sectors: [],
      poll_id: '',
    });
  });

  it('sends the colour without # and the sectors as numbers', () => {
    const values = formValuesFrom({
      id: 7,
      name: 'Resolvido',
      should_close: 1,
      use_in_bot: false,
      should_require: true,
      success: true,
      color: 'e03131',
      message: null,
      sectors: [2, 3],
      poll_id: 4,
    });
    expect(values.color).toBe('#E03131');
    expect(toStatusInput({ ...values, message: '  ', name: ' Resolvido ' })).toEqual({
      name: 'Resolvido',
      should_close: 1,
      should_require: true,
      use_in_bot: false,
      success: true,
      color: 'E03131',
      message: null,
      sectors: [2, 3],
      poll_id: 4,
    });
    // A classification sends no poll.
    expect(toStatusInput({ ...values, should_close: '0' }).poll_id).toBeNull();
    // Only a finalization counts as success.
    expect(toStatusInput({ ...values, should_close: '0' }).success).toBe(false);
  });
});

describe('recarga após salvar status', () => {
  afterEach(() => vi.useRealTimers());

  it('reloads 3 s after a classification status, never after a finalization one', () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    expect(reloadAfterClassification(1, reload)).toBe(false);
    expect(reloadAfterClassification(0, reload)).toBe(true);
    vi.advanceTimersByTime(2999);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
