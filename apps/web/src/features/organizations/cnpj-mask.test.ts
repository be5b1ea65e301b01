import { describe, expect, it } from 'vitest';
import { typeCnpj } from './cnpj-mask';

describe('typeCnpj', () => {
  it('masks as the digits come, dropping anything else and extra digits', () => {
    expect(typeCnpj('11')).toBe('11');
    expect(typeCnpj('11222')).toBe('11.222');
    expect(typeCnpj('112223330001')).toBe('11.222.333/0001');
    expect(typeCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(typeCnpj('11.222.333/0001-8199')).toBe('11.222.333/0001-81');
    expect(typeCnpj('abc')).toBe('');
  });
});
