import { api, type TestContext } from './test-app';

type Json = Record<string, unknown>;

function deepMerge(base: Json, over: Json): Json {
  const out: Json = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = out[k];
    out[k] =
      v && typeof v === 'object' && !Array.isArray(v) && b && typeof b === 'object' && !Array.isArray(b)
        ? deepMerge(b as Json, v as Json)
        : v;
  }
  return out;
}

/** What a settings tab does: reads the whole company metadata, merges its fields in and saves the whole. */
export async function saveSettings(ctx: TestContext, cookie: string, changes: Json) {
  const http = api(ctx);
  const current = await http.get('/api/company/metadata', { cookie });
  if (current.status !== 200) throw new Error(`metadados: ${current.status}`);
  return http.put('/api/company/metadata', { cookie, body: deepMerge(current.body as Json, changes) });
}
