const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** R$ 1.234,56 */
export function formatBRL(value: number): string {
  return BRL.format(value);
}

/** 'YYYY-MM-DD' → 'DD/MM' */
export function dayMonth(iso: string | null): string {
  return iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}` : '—';
}
