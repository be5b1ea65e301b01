import { describe, expect, it } from 'vitest';
import { applyValues, errorField, getPath, pickValues, setPath } from './metadata-merge';

describe('valores de uma aba de configurações', () => {
  const meta = {
    allow: { 'message-copy': false, viewedby: true },
    change_auto: { minutes: 0 },
    b4b: { maxStates: 3 },
  };

  it('reads and writes by dot path without touching the original', () => {
    expect(getPath(meta, 'allow.message-copy')).toBe(false);
    expect(getPath(meta, 'reports.emails')).toBeUndefined();
    const next = setPath(meta, 'allow.message-copy', true);
    expect(next.allow).toEqual({ 'message-copy': true, viewedby: true });
    expect(meta.allow['message-copy']).toBe(false);
    expect(setPath({}, 'reports.history.period', 30)).toEqual({ reports: { history: { period: 30 } } });
  });

  it("merges a tab's values into the whole object, keeping everything else", () => {
    const merged = applyValues(meta, { 'change_auto.minutes': 30, 'allow.message-copy': true });
    expect(merged).toEqual({
      allow: { 'message-copy': true, viewedby: true },
      change_auto: { minutes: 30 },
      b4b: { maxStates: 3 },
    });
    expect(pickValues(merged, ['change_auto.minutes', 'allow.viewedby'])).toEqual({
      'change_auto.minutes': 30,
      'allow.viewedby': true,
    });
  });

  it('puts a validation message on the field it is about', () => {
    const fields = ['allow.background_reports', 'reports.history.period', 'reports.emails'];
    expect(errorField('reports.emails', fields)).toBe('reports.emails');
    // "Ao menos um período deve ser preenchido." is about reports: the first field under it.
    expect(errorField('reports', fields)).toBe('reports.history.period');
    expect(errorField('change_auto.minutes', fields)).toBeNull();
    expect(errorField('allow', ['allow.opTransfer', 'allow.allowedSectors'])).toBe('allow.opTransfer');
  });
});
