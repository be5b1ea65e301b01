import { describe, expect, it } from 'vitest';
import {
  allState,
  can,
  dependentsOf,
  MODULES,
  mapFromPayload,
  payloadFromMap,
  type TPermissionMap,
  toggleGrant,
  toggleModule,
  validateMap,
} from './permissions';

const settings = MODULES.find((m) => m.id === 'configuracoes');
if (!settings) throw new Error('módulo configuracoes');

describe('permission dependency rules (spec 3 §4)', () => {
  it('enabling write forces read', () => {
    const r = toggleGrant({}, 'configuracoes_gerais', 'write', true);
    expect(r.refused).toBeNull();
    expect(r.map.configuracoes_gerais).toEqual({ read: true, write: true });
  });

  it('disabling read disables write', () => {
    const r = toggleGrant(
      { configuracoes_gerais: { read: true, write: true } },
      'configuracoes_gerais',
      'read',
      false,
    );
    expect(r.map.configuracoes_gerais).toEqual({ read: false, write: false });
  });

  it('disabling write keeps read', () => {
    const r = toggleGrant({ historico: { read: true, write: true } }, 'historico', 'write', false);
    expect(r.map.historico).toEqual({ read: true, write: false });
  });

  it('refuses enabling an action whose required actions are missing, listing them, and changes nothing', () => {
    const before: TPermissionMap = { setores_de_atendimento: { read: true, write: false } };
    const r = toggleGrant(before, 'perfis', 'read', true);
    expect(r.refused).toEqual({ actionId: 'perfis', missing: ['usuarios'] });
    expect(r.map).toBe(before);
  });

  it('disabling an action others depend on disables the dependents, transitively', () => {
    expect(dependentsOf('setores_de_atendimento').sort()).toEqual(
      ['perfis', 'status_de_atendimento', 'usuarios', 'web_chat', 'whatsapp', 'modelos_hsm'].sort(),
    );
    const map: TPermissionMap = {
      setores_de_atendimento: { read: true, write: true },
      usuarios: { read: true, write: true },
      perfis: { read: true, write: false },
      historico: { read: true, write: false },
    };
    const r = toggleGrant(map, 'setores_de_atendimento', 'read', false);
    expect(r.map.usuarios).toEqual({ read: false, write: false });
    expect(r.map.perfis).toEqual({ read: false, write: false });
    expect(r.map.historico).toEqual({ read: true, write: false });
  });

  it('computes the "all" box of a module and toggles a module in dependency order', () => {
    expect(allState({}, settings, 'read')).toBe('none');
    const some = toggleGrant({}, 'configuracoes_gerais', 'read', true).map;
    expect(allState(some, settings, 'read')).toBe('some');
    const all = toggleModule({}, settings, 'write', true);
    expect(all.refused).toBeNull();
    expect(allState(all.map, settings, 'write')).toBe('all');
    expect(allState(all.map, settings, 'read')).toBe('all');
    const none = toggleModule(all.map, settings, 'read', false);
    expect(allState(none.map, settings, 'read')).toBe('none');
  });

  it('refuses a module whose actions need one outside it', () => {
    const channels = MODULES.find((m) => m.id === 'canais');
    if (!channels) throw new Error('canais');
    const r = toggleModule({}, channels, 'read', true);
    expect(r.refused?.missing).toEqual(['setores_de_atendimento']);
  });

  it('validates whole maps on the server and round-trips the remove/read/write payload', () => {
    expect(validateMap({ perfis: { read: true, write: false } })).toEqual({
      actionId: 'perfis',
      missing: ['usuarios'],
    });
    const map: TPermissionMap = {
      setores_de_atendimento: { read: true, write: false },
      usuarios: { read: true, write: true },
    };
    expect(validateMap(map)).toBeNull();
    const payload = payloadFromMap(map);
    expect(payload.write).toEqual(['usuarios']);
    expect(payload.read).toEqual(['setores_de_atendimento']);
    expect(payload.remove).toContain('historico');
    expect(mapFromPayload(payload)).toEqual(map);
  });

  it('treats no stored permissions as no restriction', () => {
    expect(can(null, 'usuarios', 'write')).toBe(true);
    expect(can({}, 'usuarios', 'read')).toBe(false);
    expect(can({ usuarios: { read: true, write: false } }, 'usuarios', 'write')).toBe(false);
  });
});
