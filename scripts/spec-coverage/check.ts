// `npm run spec:check`: the spec coverage checks of issue 24 with readable output (npm test runs the same
// checks in apps/server/src/spec-coverage.test.ts).
import { buildOpenApiDocument } from '../../apps/server/src/openapi-document';
import { checkCalls, loadCallsMap, openApiRouteSet, specCallBullets } from './calls';
import { missingMapPaths, missingMapSections, openMapItems } from './map-paths';
import { checkTexts } from './texts';

let failed = false;
const texts = checkTexts();
console.log(
  `Textos da spec: ${texts.checked.length} verificados, ${texts.missing.length} ausentes no código.`,
);
for (const t of texts.missing) console.log(`  ${t.file}:${t.line}  '${t.text}'`);
for (const t of texts.pending) console.log(`  (pendente) ${t.file}:${t.line}  '${t.text}'`);
if (texts.missing.length) failed = true;

const calls = checkCalls(loadCallsMap(), specCallBullets(), openApiRouteSet(await buildOpenApiDocument()));
console.log(
  `Chamadas da spec: ${calls.mapped} com rota, ${calls.na} não aplicáveis, ${calls.problems.length} problemas.`,
);
for (const p of calls.problems) console.log(`  ${p}`);
if (calls.problems.length) failed = true;

const sections = missingMapSections();
const paths = missingMapPaths();
const open = openMapItems();
console.log(
  `Mapa de cobertura: ${sections.length} seções faltando, ${paths.length} caminhos inexistentes, ${open.length} itens abertos.`,
);
for (const p of [...sections, ...paths, ...open]) console.log(`  ${p}`);
if (sections.length || paths.length || open.length) failed = true;

process.exit(failed ? 1 : 0);
