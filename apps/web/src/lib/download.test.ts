import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from './download';

describe('filenameFromDisposition', () => {
  it('reads the quoted and plain forms', () => {
    expect(filenameFromDisposition('attachment; filename="atendimento-2026.csv"', 'x.csv')).toBe(
      'atendimento-2026.csv',
    );
    expect(filenameFromDisposition('attachment; filename=historico.csv', 'x.csv')).toBe('historico.csv');
  });

  it('prefers the encoded name', () => {
    expect(
      filenameFromDisposition(
        'attachment; filename="historico.csv"; filename*=UTF-8\'\'hist%C3%B3rico.csv',
        'x.csv',
      ),
    ).toBe('histórico.csv');
  });

  it('falls back without a header or a name', () => {
    expect(filenameFromDisposition(null, 'x.csv')).toBe('x.csv');
    expect(filenameFromDisposition('attachment', 'x.csv')).toBe('x.csv');
  });
});
