import { PERSON_IMPORT_CHUNK, PERSON_MSG } from '@prosa/shared/person';
import { parseCsv } from '@prosa/shared/users-import';

// The contact import (spec 3 §5, §9): a ';' separated .csv with the columns Nome;CPF;Telefone;E-mail;RG;
// Data de nascimento;Empresa;CNPJ;Cargo, previewed in the browser 300 rows at a time before it is sent.

export const IMPORT_COLUMNS = [
  { key: 'name', label: 'Nome', aliases: ['name', 'nome'] },
  { key: 'cpf', label: 'CPF', aliases: ['cpf'] },
  { key: 'phone', label: 'Telefone', aliases: ['phone', 'telefone', 'celular'] },
  { key: 'email', label: 'E-mail', aliases: ['email', 'e-mail'] },
  { key: 'rg', label: 'RG', aliases: ['rg'] },
  {
    key: 'birth_date',
    label: 'Data de nascimento',
    aliases: ['birth_date', 'data_de_nascimento', 'nascimento'],
  },
  { key: 'company_name', label: 'Empresa', aliases: ['company_name', 'empresa', 'nome_da_empresa'] },
  { key: 'cnpj', label: 'CNPJ', aliases: ['cnpj'] },
  { key: 'job_title', label: 'Cargo', aliases: ['job_title', 'cargo'] },
] as const;

export type TImportKey = (typeof IMPORT_COLUMNS)[number]['key'];
export type TPreviewRow = { line: number; values: Record<TImportKey, string> };
export type TPreview = { rows: TPreviewRow[]; missingName: boolean };

/** The header line of the model file offered for download. */
export const IMPORT_MODEL = `${IMPORT_COLUMNS.map((c) => c.label).join(';')}\r\n`;

export function isCsvName(name: string): boolean {
  return /\.csv$/i.test(name.trim());
}

/** The file's text → its rows by column (the same column names the server accepts). */
export function previewCsv(text: string): TPreview {
  const { headers, records } = parseCsv(text);
  const rows = records.map((r) => {
    const values = {} as Record<TImportKey, string>;
    for (const col of IMPORT_COLUMNS) {
      const found = col.aliases.map((a) => r.values[a]).find((v) => v !== undefined && v !== '');
      values[col.key] = found ?? '';
    }
    return { line: r.line, values };
  });
  const missingName = !headers.some((h) => (IMPORT_COLUMNS[0].aliases as readonly string[]).includes(h));
  return { rows, missingName };
}

/** How many rows are shown after `loads` clicks on "Carregar mais 300" (the first 300 at once). */
export function shownRows(total: number, loads: number): number {
  return Math.min(total, (loads + 1) * PERSON_IMPORT_CHUNK);
}

export const NOT_CSV = PERSON_MSG.csvRequired;
