import { describe, expect, it } from 'vitest';
import { MAILING_MSG, mailingState, ZMailingInput } from './mailing';
import { checkCsv, csvDataRows, decodeCsvBytes, detectDelimiter } from './mailing-csv';

describe('mailingState', () => {
  const m = (active: boolean, min: string | null, max: string | null) => ({
    active,
    due_date_min: min,
    due_date_max: max,
  });
  it('is inactive when not active, whatever the dates', () => {
    expect(mailingState(m(false, null, null), '2026-05-10')).toBe('inactive');
  });
  it('is expired outside the period (bounds included) and active inside', () => {
    expect(mailingState(m(true, '2026-05-01', '2026-05-31'), '2026-04-30')).toBe('expired');
    expect(mailingState(m(true, '2026-05-01', '2026-05-31'), '2026-05-01')).toBe('active');
    expect(mailingState(m(true, '2026-05-01', '2026-05-31'), '2026-05-31')).toBe('active');
    expect(mailingState(m(true, '2026-05-01', '2026-05-31'), '2026-06-01')).toBe('expired');
    expect(mailingState(m(true, null, null), '2026-06-01')).toBe('active');
  });
});

describe('CSV reading', () => {
  it('detects ; , TAB and |', () => {
    expect(detectDelimiter('a;b;c\n1;2;3')).toBe(';');
    expect(detectDelimiter('a,b,c\n')).toBe(',');
    expect(detectDelimiter('a\tb\tc\n')).toBe('\t');
    expect(detectDelimiter('a|b|c')).toBe('|');
    // A delimiter inside quotes does not count.
    expect(detectDelimiter('"a;b;c",d,e\n')).toBe(',');
  });

  it('reads quoted fields with delimiters, quotes and line breaks', () => {
    const rows = [...csvDataRows('nome;obs\n"Silva; Ana";"diz ""oi""\nde novo"\nBia;x\n', ';')];
    expect(rows).toEqual([
      { row: 1, values: ['Silva; Ana', 'diz "oi"\nde novo'] },
      { row: 2, values: ['Bia', 'x'] },
    ]);
  });

  it('decodes Windows-1252 when the bytes are not UTF-8, and UTF-8 with a BOM', () => {
    const latin = new Uint8Array([0x53, 0xe3, 0x6f, 0x20, 0x50, 0x61, 0x75, 0x6c, 0x6f]);
    expect(decodeCsvBytes(latin)).toEqual({ text: 'São Paulo', encoding: 'windows-1252' });
    const utf8 = new Uint8Array([
      0xef, 0xbb, 0xbf, 0x53, 0xc3, 0xa3, 0x6f, 0x20, 0x50, 0x61, 0x75, 0x6c, 0x6f,
    ]);
    expect(decodeCsvBytes(utf8)).toEqual({ text: 'São Paulo', encoding: 'utf-8' });
  });

  it('reports bad rows by line number; blank lines at the end are not errors', () => {
    const c = checkCsv('a;b\n1;2\n1;2;3\n\n3;4\n\n\n');
    expect(c.rowcount).toBe(3);
    expect(c.errors).toEqual([
      { row: 3, message: 'Esperadas 2 colunas, encontradas 3.' },
      { row: 4, message: 'Linha vazia.' },
    ]);
    expect(c.fileError).toBeNull();
  });

  it('refuses an empty file, a header only and repeated columns', () => {
    expect(checkCsv('').fileError).toBe('O arquivo está vazio.');
    expect(checkCsv('a;b\n').fileError).toBe('O arquivo não tem linhas além do cabeçalho.');
    expect(checkCsv('a;A\n1;2').fileError).toBe('O cabeçalho repete a coluna "A".');
    expect(checkCsv('a;;c\n1;2;3').fileError).toBe('O cabeçalho tem uma coluna sem nome.');
  });
});

describe('ZMailingInput', () => {
  const base = { title: 'Lista', urlFile: 'mailing/1/x.csv' };
  const msg = (v: unknown) => ZMailingInput.safeParse(v).error?.issues[0]?.message;
  it('turns DD/MM/YYYY into YYYY-MM-DD and refuses impossible dates', () => {
    expect(ZMailingInput.parse({ ...base, due_date_min: '01/02/2026' }).due_date_min).toBe('2026-02-01');
    expect(msg({ ...base, due_date_min: '30/02/2026' })).toBe(MAILING_MSG.invalidDate);
    expect(msg({ ...base, due_date_min: '10/02/2026', due_date_max: '09/02/2026' })).toBe(
      MAILING_MSG.dateRange,
    );
  });
  it('refuses a blank name and more than 4 displayed params', () => {
    expect(msg({ ...base, title: ' ' })).toBe(MAILING_MSG.nameRequired);
    const params = [0, 1, 2, 3, 4].map((field) => ({ field, label: `c${field}`, display: true }));
    expect(msg({ ...base, params })).toBe(MAILING_MSG.tooManyDisplayed);
    expect(msg({ ...base, params: [{ field: 0, label: '' }] })).toBe(MAILING_MSG.invalidParams);
  });
});
