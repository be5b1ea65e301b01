import { describe, expect, it } from 'vitest';
import { publicBrandPath } from './brand-api';

describe('marca da tela de login', () => {
  it('asks by ?empresa= and by the host name of the page', () => {
    expect(publicBrandPath('?empresa=12', 'atendimento.empresademo.com.br')).toBe(
      '/api/brand?empresa=12&host=atendimento.empresademo.com.br',
    );
    expect(publicBrandPath('', 'empresademo.com.br')).toBe('/api/brand?host=empresademo.com.br');
    expect(publicBrandPath('?empresa=%20', 'localhost')).toBe('/api/brand?host=localhost');
  });
});
