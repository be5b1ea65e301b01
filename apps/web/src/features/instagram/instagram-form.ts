import type { TInstagramChannel, TInstagramInput, TInstagramPatch } from '@prosa/shared/facebook';

export type TInstagramFormValues = {
  page_id: string | null;
  name: string;
  sector_id: string | null;
  iagree: boolean;
};

export function formValuesFrom(account: TInstagramChannel | null): TInstagramFormValues {
  return {
    page_id: account?.page_id ?? null,
    name: account?.name ?? '',
    sector_id: account ? String(account.default_sector_id) : null,
    iagree: account?.iagree ?? false,
  };
}

// Missing values are left to the shared schema, whose "Campo X é obrigatório!" is the one shown.
const sectorOf = (v: TInstagramFormValues) => (v.sector_id ? Number(v.sector_id) : undefined);

export function toInstagramInput(v: TInstagramFormValues): TInstagramInput {
  return {
    page_id: v.page_id ?? '',
    name: v.name,
    sector_id: sectorOf(v) as number,
    iagree: v.iagree as true,
  };
}

export function toInstagramPatch(v: TInstagramFormValues): TInstagramPatch {
  return { name: v.name, sector_id: sectorOf(v) ?? 0 };
}
