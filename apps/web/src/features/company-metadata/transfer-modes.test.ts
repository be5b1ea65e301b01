import { describe, expect, it } from 'vitest';
import { resolveConfirm, type TModeValues, toggleMode } from './transfer-modes';

const none: TModeValues = { opTransfer: false, allowedSectors: false, restrictTransfer: false };

describe('modos de transferência de setor', () => {
  it('turns a mode on at once when no other is on, and off at any time', () => {
    expect(toggleMode(none, 'allowedSectors', true)).toEqual({
      kind: 'apply',
      values: { ...none, allowedSectors: true },
    });
    expect(toggleMode({ ...none, opTransfer: true }, 'opTransfer', false)).toEqual({
      kind: 'apply',
      values: none,
    });
  });

  it('asks before turning one on while another is on', () => {
    expect(toggleMode({ ...none, opTransfer: true }, 'restrictTransfer', true)).toEqual({
      kind: 'confirm',
      others: ['opTransfer'],
    });
  });

  it('confirmed: only the chosen mode stays on; declined: the chosen one stays off', () => {
    const current = { ...none, opTransfer: true };
    expect(resolveConfirm(current, 'restrictTransfer', true)).toEqual({ ...none, restrictTransfer: true });
    expect(resolveConfirm(current, 'restrictTransfer', false)).toEqual(current);
  });
});
