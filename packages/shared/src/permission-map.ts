// The module permissions' catalogue and map rules without zod: the web's menu (first load) reads them.
// permissions.ts re-exports them with the request schemas.

export type TModuleAction = { id: string; name: string; required_actions: string[] };
export type TModule = { id: string; name: string; actions: TModuleAction[] };

export const MODULES: TModule[] = [
  {
    id: 'configuracoes',
    name: 'Configurações',
    actions: [
      { id: 'configuracoes_gerais', name: 'Configurações gerais', required_actions: [] },
      { id: 'setores_de_atendimento', name: 'Setores de atendimento', required_actions: [] },
      {
        id: 'status_de_atendimento',
        name: 'Status de atendimento',
        required_actions: ['setores_de_atendimento'],
      },
      { id: 'usuarios', name: 'Usuários', required_actions: ['setores_de_atendimento'] },
      { id: 'perfis', name: 'Perfis', required_actions: ['usuarios'] },
    ],
  },
  {
    id: 'atendimento',
    name: 'Atendimento',
    actions: [
      { id: 'perguntas_e_respostas', name: 'Perguntas e respostas', required_actions: [] },
      { id: 'monitoramento', name: 'Monitoramento', required_actions: [] },
      { id: 'historico', name: 'Histórico', required_actions: [] },
      { id: 'contatos', name: 'Contatos', required_actions: [] },
    ],
  },
  {
    id: 'canais',
    name: 'Canais',
    actions: [
      { id: 'web_chat', name: 'Web chat', required_actions: ['setores_de_atendimento'] },
      { id: 'whatsapp', name: 'WhatsApp', required_actions: ['setores_de_atendimento'] },
      { id: 'modelos_hsm', name: 'Modelos HSM', required_actions: ['whatsapp'] },
    ],
  },
  {
    // spec 3 §6: blackListPermissions and suggestPermissions.
    id: 'bloqueio',
    name: 'Lista de bloqueio',
    actions: [
      { id: 'lista_de_bloqueio', name: 'Contatos bloqueados', required_actions: [] },
      {
        id: 'sugestoes_de_bloqueio',
        name: 'Sugestões de bloqueio',
        required_actions: ['lista_de_bloqueio'],
      },
    ],
  },
];

export const ACTION_IDS = MODULES.flatMap((m) => m.actions.map((a) => a.id));
export type TActionId = string;

const ACTION_BY_ID = new Map(MODULES.flatMap((m) => m.actions.map((a) => [a.id, a] as const)));

export function actionOf(id: string): TModuleAction | undefined {
  return ACTION_BY_ID.get(id);
}

export type TGrant = { read: boolean; write: boolean };
/** Effective permissions of a user: null means no module restrictions (everything allowed). */
export type TPermissionMap = Record<string, TGrant>;

export function can(map: TPermissionMap | null, actionId: string, level: 'read' | 'write'): boolean {
  if (map === null) return true;
  const grant = map[actionId];
  return level === 'read' ? Boolean(grant?.read) : Boolean(grant?.write);
}

/** Actions that (directly or through others) require `actionId`. */
export function dependentsOf(actionId: string): string[] {
  const out = new Set<string>();
  const visit = (id: string) => {
    for (const a of ACTION_BY_ID.values()) {
      if (a.required_actions.includes(id) && !out.has(a.id)) {
        out.add(a.id);
        visit(a.id);
      }
    }
  };
  visit(actionId);
  return [...out];
}

/** Required actions of `actionId` that the map does not grant (at least read). */
export function missingRequirements(map: TPermissionMap, actionId: string): string[] {
  const action = ACTION_BY_ID.get(actionId);
  if (!action) return [];
  return action.required_actions.filter((r) => !map[r]?.read);
}

export type TToggleResult = { map: TPermissionMap; refused: null | { actionId: string; missing: string[] } };

/**
 * One click in the matrix (spec 3 §4): enabling write forces read; disabling read disables write; disabling an
 * action others depend on disables the dependents; enabling an action whose required actions are not granted
 * is refused (the dependency modal lists them).
 */
export function toggleGrant(
  map: TPermissionMap,
  actionId: string,
  level: 'read' | 'write',
  enabled: boolean,
): TToggleResult {
  const next: TPermissionMap = { ...map };
  const current = next[actionId] ?? { read: false, write: false };
  if (enabled) {
    const missing = current.read ? [] : missingRequirements(next, actionId);
    if (missing.length > 0) return { map, refused: { actionId, missing } };
    next[actionId] = level === 'write' ? { read: true, write: true } : { ...current, read: true };
    return { map: next, refused: null };
  }
  if (level === 'write') {
    next[actionId] = { ...current, write: false };
    return { map: next, refused: null };
  }
  next[actionId] = { read: false, write: false };
  for (const dep of dependentsOf(actionId)) next[dep] = { read: false, write: false };
  return { map: next, refused: null };
}

/** The "all" box of a module for one level: checked when every action has it, indeterminate when some do. */
export function allState(
  map: TPermissionMap,
  module: TModule,
  level: 'read' | 'write',
): 'all' | 'some' | 'none' {
  const on = module.actions.filter((a) => map[a.id]?.[level]).length;
  if (on === 0) return 'none';
  return on === module.actions.length ? 'all' : 'some';
}

/** Checking an "all" box grants the level on every action of the module (requirements outside it must exist). */
export function toggleModule(
  map: TPermissionMap,
  module: TModule,
  level: 'read' | 'write',
  enabled: boolean,
): TToggleResult {
  let next = map;
  // Enable in dependency order (an action's requirements inside the module come first).
  const ordered = enabled ? orderByRequirements(module.actions) : [...module.actions].reverse();
  for (const a of ordered) {
    const r = toggleGrant(next, a.id, level, enabled);
    if (r.refused) return { map, refused: r.refused };
    next = r.map;
  }
  return { map: next, refused: null };
}

function orderByRequirements(actions: TModuleAction[]): TModuleAction[] {
  const ids = new Set(actions.map((a) => a.id));
  const out: TModuleAction[] = [];
  const seen = new Set<string>();
  const visit = (a: TModuleAction) => {
    if (seen.has(a.id)) return;
    seen.add(a.id);
    for (const r of a.required_actions) {
      const req = ACTION_BY_ID.get(r);
      if (req && ids.has(r)) visit(req);
    }
    out.push(a);
  };
  actions.forEach(visit);
  return out;
}

/** Server-side check of a whole map: every granted action has its requirements; write implies read. */
export function validateMap(map: TPermissionMap): { actionId: string; missing: string[] } | null {
  for (const [id, g] of Object.entries(map)) {
    if (!g.read && !g.write) continue;
    const missing = missingRequirements(map, id);
    if (missing.length > 0) return { actionId: id, missing };
  }
  return null;
}

export function normalizeMap(map: TPermissionMap): TPermissionMap {
  const out: TPermissionMap = {};
  for (const [id, g] of Object.entries(map)) {
    if (!ACTION_BY_ID.has(id)) continue;
    out[id] = { read: g.read || g.write, write: g.write };
  }
  return out;
}
