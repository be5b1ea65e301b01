/** 'YYYY-MM-DD' → 'DD/MM/YYYY' (a calendar day: no timezone to apply). */
export const formatDay = (day: string | null) => {
  const m = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '—';
};

/**
 * 5511999990000 → +55 11 99999-0000; up to 11 digits have no country code, which is then 55 (spec 2 §5 phone
 * split). Other shapes are shown as they are.
 */
export const formatPhone = (digits: string | null) => {
  const full = digits && digits.length <= 11 ? `55${digits}` : digits;
  const m = full ? /^(\d{2})(\d{2})(\d{4,5})(\d{4})$/.exec(full) : null;
  return m ? `+${m[1]} ${m[2]} ${m[3]}-${m[4]}` : (digits ?? '—');
};
