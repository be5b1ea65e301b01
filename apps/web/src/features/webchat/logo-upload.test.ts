import { describe, expect, it } from 'vitest';
import { logoProblem } from './logo-upload';

describe('logo checks before upload', () => {
  it('accepts PNG, JPG, GIF and BMP up to 2 MB', () => {
    expect(logoProblem({ type: 'image/png', size: 2 * 1024 * 1024 })).toBeNull();
    expect(logoProblem({ type: 'image/jpeg', size: 10 })).toBeNull();
  });
  it('refuses other types and larger files with the spec texts', () => {
    expect(logoProblem({ type: 'image/svg+xml', size: 10 })).toBe(
      'Arquivo inválido! Envie uma imagem PNG, JPG, GIF ou BMP.',
    );
    expect(logoProblem({ type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toBe(
      'Tamanho máximo 2MB excedido!',
    );
  });
});
