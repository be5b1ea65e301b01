// Layering rules of ARCHITECTURE.md (Layout), checked by `npm run lint`.
// Known violations still being removed are listed in .dependency-cruiser-known-violations.json (issue 12 plan, §7).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles between files.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'routes-no-db',
      severity: 'error',
      comment: 'Routes are thin: they call operations and repositories, never drizzle or the schema.',
      from: { path: '^apps/server/src/modules/[^/]+/[^/]*routes[.]ts$' },
      to: { path: ['(^|/)node_modules/drizzle-orm/', '^apps/server/src/db/schema'] },
    },
    {
      name: 'lower-layers',
      severity: 'error',
      comment: 'platform/, facts/ and channels/ import nothing from modules/, realtime/ or jobs/.',
      from: { path: '^apps/server/src/(platform|facts|channels)/' },
      to: { path: '^apps/server/src/(modules|realtime|jobs)/' },
    },
    {
      name: 'shared-pure',
      severity: 'error',
      comment: 'packages/shared is imported by the apps, never the other way round.',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['/dist/', '\\.test\\.ts$', '/test/'] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
