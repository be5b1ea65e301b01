import { ROLE, roleLabel } from '@prosa/shared/roles';
import type { TUserDetail, TUserInput } from '@prosa/shared/users-admin';

// The user modal holds select values as strings (Mantine Select/MultiSelect); the API takes numbers.
export type TUserFormValues = {
  name: string;
  email: string;
  display_name: string;
  password: string;
  gender: string | null;
  role: string | null;
  profile_id: string | null;
  sectors: string[];
  transfer_sectors: string[];
  /** Spec 3 §6 allow_billing_access: a manager may open Faturas. */
  allow_billing_access: boolean;
  /** Spec 2 §6 CRM permission (write implies view); sent only when an admin changed it. */
  crm_view: boolean;
  crm_edit: boolean;
  crm_dirty: boolean;
};

export function formValuesFrom(user: TUserDetail | null): TUserFormValues {
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    display_name: user?.display_name ?? '',
    password: '',
    gender: user?.gender ?? null,
    role: user ? String(user.role) : null,
    profile_id: user?.profile_id ? String(user.profile_id) : null,
    sectors: (user?.sector_ids ?? []).map(String),
    transfer_sectors: (user?.transfer_sector_ids ?? []).map(String),
    allow_billing_access: user?.allow_billing_access === true,
    crm_view: user?.crm?.view === true,
    crm_edit: user?.crm?.edit === true,
    crm_dirty: false,
  };
}

export function toUserInput(v: TUserFormValues): TUserInput {
  return {
    name: v.name,
    email: v.email,
    display_name: v.display_name,
    password: v.password || null,
    gender: v.gender,
    role: v.role === null || v.role === '' ? null : Number(v.role),
    profile_id: v.profile_id ? Number(v.profile_id) : null,
    sectors: v.sectors.map(Number),
    transfer_sectors: v.transfer_sectors.map(Number),
    // Only a manager holds the grant: a user moved to another role loses it.
    allow_billing_access: v.role === String(ROLE.manager) && v.allow_billing_access,
    ...(v.crm_dirty ? { crm: { view: v.crm_view || v.crm_edit, edit: v.crm_edit } } : {}),
  };
}

/** What the save asks to confirm (spec 2 §4): every creation, and an edit that changes the role. */
export function confirmationOf(user: TUserDetail | null, v: TUserFormValues): string | null {
  const name = v.name.trim();
  if (!user) return `Confirma o cadastro do usuário ${name}?`;
  if (v.role !== null && Number(v.role) !== user.role) {
    return `Alterar a função de ${name || user.name} para ${roleLabel(Number(v.role))}?`;
  }
  return null;
}
