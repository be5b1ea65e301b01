/** 'YYYY-MM-DD' → 'DD/MM/YYYY' (a calendar day: no timezone to apply). */
export const formatDay = (day: string | null) => {
  const m = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '—';
};

/** 5511999990000 → +55 11 99999-0000 (digits as stored; other lengths shown as they are). */
export const formatPhone = (digits: string | null) => {
  const m = digits ? /^(\d{2})(\d{2})(\d{4,5})(\d{4})$/.exec(digits) : null;
  return m ? `+${m[1]} ${m[2]} ${m[3]}-${m[4]}` : (digits ?? '—');
};
