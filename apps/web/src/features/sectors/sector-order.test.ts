import { describe, expect, it } from 'vitest';
import { moveItem } from './sector-order';

describe('ordem dos setores', () => {
  const list = ['Comercial', 'Suporte', 'Financeiro'];

  it('moves a sector one place up or down', () => {
    expect(moveItem(list, 1, -1)).toEqual(['Suporte', 'Comercial', 'Financeiro']);
    expect(moveItem(list, 0, 1)).toEqual(['Suporte', 'Comercial', 'Financeiro']);
    expect(moveItem(list, 1, 1)).toEqual(['Comercial', 'Financeiro', 'Suporte']);
    expect(list).toEqual(['Comercial', 'Suporte', 'Financeiro']);
  });

  it('keeps the order at the ends', () => {
    expect(moveItem(list, 0, -1)).toEqual(list);
    expect(moveItem(list, 2, 1)).toEqual(list);
  });
});
