// CSV user import (spec 2 §4, §5, §9): semicolon separator, headers read by their normalised name, at most
// 50 users, every row validated with the user-save texts before anything is saved.
import { ROLE, roleLabel } from './roles';
import { foldText, GENDER_LABEL, type TGender, USER_MSG, userFieldMessages } from './users-admin';
import { z } from './zod';

export const IMPORT_MAX_USERS = 50;
export const IMPORT_MODEL_FILE = 'modelo-importacao-usuario.csv';

export const IMPORT_MSG = {
  notCsv: 'Selecione um arquivo .csv',
  tooMany: `O arquivo deve conter no máximo ${IMPORT_MAX_USERS} usuários.`,
  empty: 'O arquivo não contém usuários.',
  tooLarge: 'O arquivo é muito grande.',
  missingColumns: (names: string) => `O arquivo não tem as colunas: ${names}. Use o modelo.`,
  emailRepeated: 'E-mail repetido no arquivo.',
  roleLetter: 'Função inválida (use O ou G).',
  sectorNotFound: (name: string) => `Setor não encontrado: ${name}`,
  saveFailed: 'Falha ao cadastrar usuários.',
  loadFailed: 'Erro ao obter dados.',
  started: 'Importação iniciada.',
  finished: 'Importação concluída.',
} as const;

export const IMPORT_STATUSES = ['PENDING', 'PROCESS', 'FINISHED', 'FAILED'] as const;
export type TImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_STATUS_LABEL: Record<TImportStatus, string> = {
  FINISHED: 'Finalizado',
  PROCESS: 'Processando',
  PENDING: 'Pendente',
  FAILED: 'Falhou',
};

const COLUMNS = ['nome', 'email', 'nome_de_exibicao', 'senha', 'genero', 'funcao', 'setores'] as const;
const TRANSFER_COLUMN = 'setores_de_transferencia';
const REQUIRED_COLUMNS = ['nome', 'email', 'senha', 'genero', 'funcao'];

// Spreadsheets often write the e-mail column as "E-mail".
const HEADER_ALIASES: Record<string, string> = { 'e-mail': 'email', e_mail: 'email' };

/** "Nome de Exibição " → "nome_de_exibicao": lower case, no accents, spaces to underscores. */
export function normalizeHeader(header: string): string {
  const name = foldText(header.replace(/^\uFEFF/, '')).replace(/\s+/g, '_');
  return HEADER_ALIASES[name] ?? name;
}

export type TCsvRecord = { line: number; values: Record<string, string> };

/**
 * Semicolon-separated text (UTF-8, with or without BOM; CRLF or LF) → header names and records keyed by the
 * normalised header. Quoted cells may hold ';', '""' and line breaks. Blank lines are skipped; `line` is the
 * line of the file where the record starts (the header is line 1).
 */
export function parseCsv(text: string): { headers: string[]; records: TCsvRecord[] } {
  const rows = splitRows(text.replace(/^\uFEFF/, ''));
  const first = rows.shift();
  if (!first) return { headers: [], records: [] };
  const headers = first.cells.map(normalizeHeader);
  const records: TCsvRecord[] = [];
  for (const row of rows) {
    if (row.cells.every((c) => c.trim() === '')) continue;
    const values: Record<string, string> = {};
    headers.forEach((h, i) => {
      if (h && !(h in values)) values[h] = (row.cells[i] ?? '').trim();
    });
    records.push({ line: row.line, values });
  }
  return { headers, records };
}

function splitRows(text: string): { line: number; cells: string[] }[] {
  const out: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let startLine = 1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === ';') {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      cells.push(cell);
      out.push({ line: startLine, cells });
      cells = [];
      cell = '';
      line++;
      startLine = line;
    } else cell += ch;
  }
  if (cell !== '' || cells.length > 0) {
    cells.push(cell);
    out.push({ line: startLine, cells });
  }
  return out;
}

/** Column names the file lacks (nome, email, senha, genero, funcao; setores and display name are optional). */
export function missingColumns(headers: string[]): string[] {
  return REQUIRED_COLUMNS.filter((c) => !headers.includes(c));
}

/** M/F, masculino/feminino, male/female (any case, accents ignored). */
export function parseGender(value: string): TGender | null {
  const v = foldText(value);
  if (['m', 'masculino', 'male'].includes(v)) return 'male';
  if (['f', 'feminino', 'female'].includes(v)) return 'female';
  return null;
}

/** The model's letters: O operator (0), G manager (1). Empty gives null; any other letter 'invalid'. */
export function parseRoleLetter(value: string): number | null | 'invalid' {
  const v = value.trim().toUpperCase();
  if (!v) return null;
  if (v === 'O') return ROLE.operator;
  if (v === 'G') return ROLE.manager;
  return 'invalid';
}

/** Sector names separated by ',' matched to the company's sectors without regard to case or accents. */
export function matchSectors(
  cell: string,
  sectors: { id: number; name: string }[],
): { ids: number[]; names: string[]; missing: string[] } {
  const byName = new Map(sectors.map((s) => [foldText(s.name), s] as const));
  const ids: number[] = [];
  const names: string[] = [];
  const missing: string[] = [];
  for (const raw of cell.split(',')) {
    const name = raw.trim();
    if (!name) continue;
    const found = byName.get(foldText(name));
    if (!found) missing.push(name);
    else if (!ids.includes(found.id)) {
      ids.push(found.id);
      names.push(found.name);
    }
  }
  return { ids, names, missing };
}

export type TImportContext = {
  sectors: { id: number; name: string }[];
  /** E-mails (lower case) that already belong to a user of the platform. */
  takenEmails: ReadonlySet<string>;
  restrictTransfer: boolean;
};

export type TImportRow = {
  line: number;
  name: string;
  email: string;
  display_name: string;
  password: string;
  gender: TGender | null;
  gender_label: string;
  role: number | null;
  role_label: string;
  sectors: string[];
  sector_ids: number[];
  transfer_sectors: string[];
  transfer_sector_ids: number[];
  status_messages: string[];
};

/** Each record checked with the user-save texts, plus the e-mail, role-letter and sector rules of the file. */
export function validateImport(records: TCsvRecord[], ctx: TImportContext): TImportRow[] {
  const seen = new Set<string>();
  return records.map((r) => {
    const v = (key: string) => r.values[key] ?? '';
    const email = v('email').toLowerCase();
    const gender = parseGender(v('genero'));
    const role = parseRoleLetter(v('funcao'));
    const messages = userFieldMessages(
      {
        name: v('nome'),
        email,
        display_name: v('nome_de_exibicao'),
        password: v('senha'),
        gender,
        role: role === 'invalid' ? ROLE.operator : role,
      },
      { creating: true },
    ).map((m) => m.message);
    if (role === 'invalid') messages.push(IMPORT_MSG.roleLetter);
    if (email && ctx.takenEmails.has(email)) messages.push(USER_MSG.emailTaken);
    else if (email && seen.has(email)) messages.push(IMPORT_MSG.emailRepeated);
    if (email) seen.add(email);
    const sectors = matchSectors(v('setores'), ctx.sectors);
    for (const name of sectors.missing) messages.push(IMPORT_MSG.sectorNotFound(name));
    const transfer = ctx.restrictTransfer
      ? matchSectors(v(TRANSFER_COLUMN), ctx.sectors)
      : { ids: [], names: [], missing: [] };
    for (const name of transfer.missing) messages.push(IMPORT_MSG.sectorNotFound(name));
    const roleValue = role === 'invalid' ? null : role;
    return {
      line: r.line,
      name: v('nome'),
      email,
      display_name: v('nome_de_exibicao') || v('nome'),
      password: v('senha'),
      gender,
      gender_label: gender ? GENDER_LABEL[gender] : '',
      role: roleValue,
      role_label: roleValue === null ? '' : roleLabel(roleValue),
      sectors: sectors.names,
      sector_ids: sectors.ids,
      transfer_sectors: transfer.names,
      transfer_sector_ids: transfer.ids,
      status_messages: messages,
    };
  });
}

/** The model file: the header and two example users, one operator (O) and one manager (G). */
export function importModelCsv(restrictTransfer: boolean, sectorNames: string[]): string {
  const header: string[] = [...COLUMNS];
  if (restrictTransfer) header.push(TRANSFER_COLUMN);
  const first = sectorNames[0] ?? 'Comercial';
  const second = sectorNames[1] ?? first;
  const rows = [
    ['Maria Souza', 'maria.souza@exemplo.com.br', 'Maria', 'Trocar@2026', 'F', 'O', first],
    ['João Lima', 'joao.lima@exemplo.com.br', 'João', 'Trocar@2026', 'M', 'G', `${first},${second}`],
  ];
  if (restrictTransfer) {
    rows[0]?.push(second);
    rows[1]?.push(first);
  }
  return `\uFEFF${[header, ...rows].map((r) => r.join(';')).join('\r\n')}\r\n`;
}

// Answers of the import routes.
export const ZImportRowOutput = z.object({
  line: z.number(),
  name: z.string(),
  email: z.string(),
  display_name: z.string(),
  gender: z.string().nullable(),
  gender_label: z.string(),
  role: z.number().nullable(),
  role_label: z.string(),
  sectors: z.array(z.string()),
  transfer_sectors: z.array(z.string()),
  status_messages: z.array(z.string()),
});
export type TImportRowOutput = z.infer<typeof ZImportRowOutput>;

export const ZImportValidation = z.object({ valid: z.boolean(), users: z.array(ZImportRowOutput) });
export type TImportValidation = z.infer<typeof ZImportValidation>;

export const ZImportProgress = z.object({
  rows: z.array(
    z.object({
      line: z.number(),
      name: z.string(),
      email: z.string(),
      status: z.enum(IMPORT_STATUSES),
      message: z.string().nullable(),
    }),
  ),
  finished: z.boolean(),
});
export type TImportProgress = z.infer<typeof ZImportProgress>;

/** POST …/users/import/save refused: the message and, when the file has invalid rows, each row's status. */
export const ZImportRefused = z.object({
  code: z.string(),
  message: z.string(),
  users: z.array(ZImportRowOutput).optional(),
});
