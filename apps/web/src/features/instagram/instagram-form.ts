import type { TInstagramInput } from './api';

export type TInstagramFormValues = {
  page_id: string | null;
  name: string;
  sector_id: string | null;
  iagree: boolean;
};

// Spec 2 §5: each missing field says "Campo X é obrigatório!".
const REQUIRED = (field: string) => `Campo ${field} é obrigatório!`;

export function validateInstagram(
  v: TInstagramFormValues,
): Partial<Record<keyof TInstagramFormValues, string>> {
  const errors: Partial<Record<keyof TInstagramFormValues, string>> = {};
  if (!v.page_id) errors.page_id = REQUIRED('Página');
  if (!v.name.trim()) errors.name = REQUIRED('Nome');
  if (!v.sector_id) errors.sector_id = REQUIRED('Setor');
  if (!v.iagree) errors.iagree = REQUIRED('Termos de uso');
  return errors;
}

export function toInstagramBody(v: TInstagramFormValues): TInstagramInput {
  return { page_id: v.page_id ?? '', name: v.name.trim(), sector_id: Number(v.sector_id), iagree: v.iagree };
}
