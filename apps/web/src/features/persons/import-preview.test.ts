import { describe, expect, it } from 'vitest';
import { IMPORT_MODEL, isCsvName, previewCsv, shownRows } from './import-preview';

describe('contact import preview', () => {
  it('reads the columns by their names (accents, case and "E-mail" folded)', () => {
    const csv = [
      'Nome;CPF;Telefone;E-mail;RG;Data de nascimento;Empresa;CNPJ;Cargo',
      'Ana;529.982.247-25;(21) 99876-5432;ana@x.com.br;12.345.678-9;31/12/1990;Loja;11.222.333/0001-81;Gerente',
      '',
      '"Bruno; Filho";;11999990000;;;;;;',
    ].join('\r\n');
    const preview = previewCsv(`\uFEFF${csv}`);
    expect(preview.missingName).toBe(false);
    expect(preview.rows).toHaveLength(2);
    expect(preview.rows[0]).toEqual({
      line: 2,
      values: {
        name: 'Ana',
        cpf: '529.982.247-25',
        phone: '(21) 99876-5432',
        email: 'ana@x.com.br',
        rg: '12.345.678-9',
        birth_date: '31/12/1990',
        company_name: 'Loja',
        cnpj: '11.222.333/0001-81',
        job_title: 'Gerente',
      },
    });
    expect(preview.rows[1]?.line).toBe(4);
    expect(preview.rows[1]?.values.name).toBe('Bruno; Filho');
  });

  it('tells when the name column is missing', () => {
    expect(previewCsv('CPF;Telefone\n1;2').missingName).toBe(true);
  });

  it('shows 300 rows at a time', () => {
    expect(shownRows(1000, 0)).toBe(300);
    expect(shownRows(1000, 1)).toBe(600);
    expect(shownRows(1000, 3)).toBe(1000);
    expect(shownRows(42, 0)).toBe(42);
  });

  it('accepts only .csv names and offers the model header', () => {
    expect(isCsvName('contatos.CSV')).toBe(true);
    expect(isCsvName('contatos.xlsx')).toBe(false);
    expect(IMPORT_MODEL).toBe('Nome;CPF;Telefone;E-mail;RG;Data de nascimento;Empresa;CNPJ;Cargo\r\n');
  });
});
