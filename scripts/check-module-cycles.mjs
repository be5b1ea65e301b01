// Module-level import cycles (ARCHITECTURE.md: no cycles between modules). dependency-cruiser checks cycles between
// files; this groups its graph by area — each folder of apps/server/src/modules, and each other top folder of
// apps/server/src (platform, channels, facts, jobs, realtime, db, …) — and fails on every strongly connected group.
// Usage: depcruise apps/server/src --config .dependency-cruiser.cjs --output-type json | node scripts/check-module-cycles.mjs
import { readFileSync } from 'node:fs';

const KNOWN_FILE = new URL('../.module-cycles-known.json', import.meta.url);
const ROOT = 'apps/server/src/';

function areaOf(path) {
  if (!path.startsWith(ROOT)) return null;
  const parts = path.slice(ROOT.length).split('/');
  // The composition roots may import everything: main.ts, app.ts, and the list of jobs the workers run.
  if (parts.length === 1 || path === `${ROOT}jobs/registry.ts`) return null;
  if (parts[0] === 'modules') return `modules/${parts[1]}`;
  return parts[0];
}

const input = JSON.parse(readFileSync(0, 'utf8'));
const edges = new Map();
for (const mod of input.modules) {
  const from = areaOf(mod.source);
  if (!from) continue;
  if (!edges.has(from)) edges.set(from, new Set());
  for (const dep of mod.dependencies) {
    const to = areaOf(dep.resolved);
    if (to && to !== from && !dep.dependencyTypes?.includes('type-only')) edges.get(from).add(to);
  }
}

// Tarjan's strongly connected components.
let index = 0;
const stack = [];
const state = new Map();
const groups = [];
function visit(v) {
  state.set(v, { index, low: index, onStack: true });
  index += 1;
  stack.push(v);
  for (const w of edges.get(v) ?? []) {
    if (!state.has(w)) {
      visit(w);
      state.get(v).low = Math.min(state.get(v).low, state.get(w).low);
    } else if (state.get(w).onStack) {
      state.get(v).low = Math.min(state.get(v).low, state.get(w).index);
    }
  }
  if (state.get(v).low === state.get(v).index) {
    const group = [];
    let w;
    do {
      w = stack.pop();
      state.get(w).onStack = false;
      group.push(w);
    } while (w !== v);
    if (group.length > 1) groups.push(group.sort());
  }
}
for (const v of edges.keys()) if (!state.has(v)) visit(v);

let known = [];
try {
  known = JSON.parse(readFileSync(KNOWN_FILE, 'utf8')).map((g) => [...g].sort().join(' '));
} catch {}
const failing = groups.filter((g) => !known.includes(g.join(' ')));
for (const g of groups) {
  const path = [];
  const inGroup = new Set(g);
  for (const a of g) for (const b of edges.get(a) ?? []) if (inGroup.has(b)) path.push(`    ${a} → ${b}`);
  if (failing.includes(g)) console.log(`  error no-module-cycles: ${g.join(', ')}\n${path.join('\n')}`);
  else console.log(`  known no-module-cycles (to remove): ${g.join(', ')}`);
}
if (failing.length > 0) {
  console.log(`\nx ${failing.length} module cycle(s) not in .module-cycles-known.json`);
  process.exit(1);
}
console.log(`✔ no new module cycles (${groups.length} known)`);
