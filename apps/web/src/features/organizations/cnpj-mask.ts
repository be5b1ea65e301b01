/** Masks what is typed as 00.000.000/0000-00, digit by digit. */
export function typeCnpj(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 14);
  const parts = [d.slice(0, 2), d.slice(2, 5), d.slice(5, 8), d.slice(8, 12), d.slice(12, 14)];
  let out = parts[0] ?? '';
  if (d.length > 2) out += `.${parts[1]}`;
  if (d.length > 5) out += `.${parts[2]}`;
  if (d.length > 8) out += `/${parts[3]}`;
  if (d.length > 12) out += `-${parts[4]}`;
  return out;
}
