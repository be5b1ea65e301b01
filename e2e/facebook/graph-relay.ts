// The fixed address of the fake Graph API in the browser tests (the peer listens on it itself; no relay needed).

/** Where the e2e server looks for the Graph API and the login dialog (playwright.config.ts: E2E_PORT + 41000). */
export const GRAPH_PORT = Number(process.env.E2E_PORT ?? 3100) + 41_000;

/** The Meta app the e2e server was started with (playwright.config.ts webServer env). */
export const META_APP = { id: 'e2e-app', secret: 'e2e-segredo-do-app', verifyToken: 'e2e-verifica' } as const;
