import type { TUserDetail } from '@prosa/shared/users-admin';
import { ZUserCreateInput } from '@prosa/shared/users-admin';
import { describe, expect, it } from 'vitest';
import { confirmationOf, formValuesFrom, toUserInput } from './user-form-values';

const ana: TUserDetail = {
  id: 3,
  name: 'Ana Operadora',
  display_name: 'Ana',
  email: 'ana@empresademo.com.br',
  role: 0,
  role_label: 'Operador',
  profile_id: 7,
  profile_name: 'Atendimento',
  sectors: ['Comercial'],
  inactive_since: null,
  operator_status: 'offline',
  gender: 'female',
  sector_ids: [1, 2],
  transfer_sector_ids: [],
  signatures: [],
  must_change_password: false,
};

describe('user modal values', () => {
  it('round-trips a user through the form and gives the API numbers', () => {
    const values = formValuesFrom(ana);
    expect(values).toMatchObject({ role: '0', profile_id: '7', sectors: ['1', '2'], password: '' });
    expect(toUserInput(values)).toMatchObject({ role: 0, profile_id: 7, sectors: [1, 2], password: null });
    expect(toUserInput({ ...values, profile_id: null }).profile_id).toBeNull();
  });

  it('an empty new form fails with the spec texts', () => {
    const r = ZUserCreateInput.safeParse(toUserInput(formValuesFrom(null)));
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      'Nome é obrigatório',
      'E-mail é obrigatório',
      'Nome de exibição é obrigatório',
      'Senha é obrigatório',
      'Gênero é obrigatório',
      'Função é obrigatório',
    ]);
  });

  it('asks to confirm every creation and role changes only', () => {
    expect(confirmationOf(null, { ...formValuesFrom(null), name: ' Caio ' })).toBe(
      'Confirma o cadastro do usuário Caio?',
    );
    expect(confirmationOf(ana, formValuesFrom(ana))).toBeNull();
    expect(confirmationOf(ana, { ...formValuesFrom(ana), role: '1' })).toBe(
      'Alterar a função de Ana Operadora para Gestor?',
    );
  });
});

describe('the CRM permission in the user form', () => {
  it('is sent only when changed, and write implies view', () => {
    const v = formValuesFrom({ ...ana, crm: { view: true, edit: false } });
    expect(v.crm_view).toBe(true);
    expect(toUserInput(v).crm).toBeUndefined();
    expect(toUserInput({ ...v, crm_view: false, crm_edit: true, crm_dirty: true }).crm).toEqual({
      view: true,
      edit: true,
    });
  });
});
