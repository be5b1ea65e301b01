// A mailing's CSV file (spec 3 §7 mailing-upload): its encoding, delimiter and rows, with the per-row errors the
// upload shows. Pure: the server reads uploads and the import job with it, the unit tests pin its rules.

// The platform's decoder (browsers and Node have it; this package's lib has no DOM or Node types).
declare const TextDecoder: new (
  label?: string,
  options?: { fatal?: boolean },
) => { decode(input: Uint8Array): string };

export const CSV_DELIMITERS = [';', ',', '\t', '|'] as const;
export type TCsvDelimiter = (typeof CSV_DELIMITERS)[number];
export type TCsvEncoding = 'utf-8' | 'windows-1252';

/** Row errors reported by the upload (the first ones; the total is counted). */
export const CSV_MAX_ERRORS = 50;

/** UTF-8 (a BOM dropped) when the bytes are valid UTF-8; otherwise Windows-1252, as Excel saves in Brazil. */
export function decodeCsvBytes(data: Uint8Array): { text: string; encoding: TCsvEncoding } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(data);
    return { text: text.replace(/^\uFEFF/, ''), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(data), encoding: 'windows-1252' };
  }
}

export function decodeWith(data: Uint8Array, encoding: TCsvEncoding): string {
  return new TextDecoder(encoding).decode(data).replace(/^\uFEFF/, '');
}

/** The delimiter of the header line: the candidate seen most often outside quotes (';' on a tie or none). */
export function detectDelimiter(text: string): TCsvDelimiter {
  const counts = new Map<string, number>();
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && (CSV_DELIMITERS as readonly string[]).includes(c ?? ''))
      counts.set(c ?? '', (counts.get(c ?? '') ?? 0) + 1);
  }
  let best: TCsvDelimiter = ';';
  let bestCount = 0;
  for (const d of CSV_DELIMITERS) {
    const n = counts.get(d) ?? 0;
    if (n > bestCount) {
      best = d;
      bestCount = n;
    }
  }
  return best;
}

/** One record of the file: its line number (1 = header) and its fields; a blank line has no fields. */
export type TCsvRecord = { line: number; fields: string[]; blank: boolean };

/**
 * The records of a CSV text (RFC 4180: fields in double quotes may hold the delimiter, line breaks and "" for a
 * quote), one at a time, so a large file is never held twice in memory.
 */
export function* csvRecords(text: string, delimiter: string): Generator<TCsvRecord> {
  let i = 0;
  let line = 1;
  const n = text.length;
  while (i < n) {
    const startLine = line;
    const fields: string[] = [];
    let field = '';
    let atStart = true;
    for (;;) {
      if (i >= n) {
        fields.push(field);
        break;
      }
      const c = text[i];
      if (c === '"' && atStart) {
        // A quoted field: up to the closing quote.
        i++;
        atStart = false;
        for (;;) {
          if (i >= n) break;
          const q = text[i];
          if (q === '"') {
            if (text[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          if (q === '\n') line++;
          field += q;
          i++;
        }
        continue;
      }
      if (c === delimiter) {
        fields.push(field);
        field = '';
        atStart = true;
        i++;
        continue;
      }
      if (c === '\r' || c === '\n') {
        fields.push(field);
        i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
        line++;
        break;
      }
      field += c;
      atStart = false;
      i++;
    }
    const blank = fields.length === 1 && fields[0]?.trim() === '';
    yield { line: startLine, fields: fields.map((f) => f.trim()), blank };
  }
}

export type TCsvRowError = { row: number; message: string };

export type TCsvCheck = {
  delimiter: TCsvDelimiter;
  header: string[];
  /** Data rows (blank lines at the end not counted). */
  rowcount: number;
  errors: TCsvRowError[];
  /** All refused rows (errors holds the first CSV_MAX_ERRORS). */
  errorCount: number;
  /** Why the whole file is refused (no header, empty or repeated column names, no rows), or null. */
  fileError: string | null;
};

export const CSV_MSG = {
  empty: 'O arquivo está vazio.',
  noRows: 'O arquivo não tem linhas além do cabeçalho.',
  emptyColumn: 'O cabeçalho tem uma coluna sem nome.',
  repeatedColumn: (name: string) => `O cabeçalho repete a coluna "${name}".`,
  columns: (expected: number, got: number) => `Esperadas ${expected} colunas, encontradas ${got}.`,
  blankRow: 'Linha vazia.',
  invalidKey: (label: string, prefix: string) => `Valor inválido em "${label}" como chave de ${prefix}.`,
} as const;

/** The file's header, row count and per-row errors (wrong number of columns, blank rows between data rows). */
export function checkCsv(text: string): TCsvCheck {
  const delimiter = detectDelimiter(text);
  const out: TCsvCheck = { delimiter, header: [], rowcount: 0, errors: [], errorCount: 0, fileError: null };
  let header: string[] | null = null;
  let pendingBlank: number[] = [];
  const fail = (row: number, message: string) => {
    out.errorCount++;
    if (out.errors.length < CSV_MAX_ERRORS) out.errors.push({ row, message });
  };
  for (const rec of csvRecords(text, delimiter)) {
    if (!header) {
      if (rec.blank) continue;
      header = rec.fields;
      continue;
    }
    if (rec.blank) {
      pendingBlank.push(rec.line);
      continue;
    }
    // A blank line followed by data is an error; blank lines at the end of the file are not.
    for (const b of pendingBlank) fail(b, CSV_MSG.blankRow);
    pendingBlank = [];
    out.rowcount++;
    if (rec.fields.length !== header.length)
      fail(rec.line, CSV_MSG.columns(header.length, rec.fields.length));
  }
  if (!header) {
    out.fileError = CSV_MSG.empty;
    return out;
  }
  out.header = header;
  const seen = new Set<string>();
  for (const h of header) {
    if (!h) {
      out.fileError = CSV_MSG.emptyColumn;
      return out;
    }
    const k = h.toLowerCase();
    if (seen.has(k)) {
      out.fileError = CSV_MSG.repeatedColumn(h);
      return out;
    }
    seen.add(k);
  }
  if (out.rowcount === 0) out.fileError = CSV_MSG.noRows;
  return out;
}

/** The data rows of a checked file (the header skipped, blank lines skipped), numbered from 1. */
export function* csvDataRows(text: string, delimiter: string): Generator<{ row: number; values: string[] }> {
  let headerSeen = false;
  let row = 0;
  for (const rec of csvRecords(text, delimiter)) {
    if (rec.blank) continue;
    if (!headerSeen) {
      headerSeen = true;
      continue;
    }
    row++;
    yield { row, values: rec.fields };
  }
}
