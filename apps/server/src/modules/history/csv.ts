/** CSV as Brazilian spreadsheets open it: semicolon separator, UTF-8 with BOM, CRLF lines. */
export const CSV_BOM = '\uFEFF';

export function csvLine(values: (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(';')}\r\n`;
}

function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // A cell starting with = + - @ would run as a formula in a spreadsheet.
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
