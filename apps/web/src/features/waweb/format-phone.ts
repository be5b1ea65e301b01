/** 5511999990000 → +55 11 99999-0000 (other lengths shown as they are; empty → —). */
export function formatWawebPhone(digits: string): string {
  if (!digits) return '—';
  const m = /^(\d{2})(\d{2})(\d{4,5})(\d{4})$/.exec(digits);
  return m ? `+${m[1]} ${m[2]} ${m[3]}-${m[4]}` : digits;
}
