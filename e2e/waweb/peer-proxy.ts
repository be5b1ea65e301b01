import { connect, createServer, type Server } from 'node:net';

/** Where the e2e server's Baileys looks for WhatsApp Web (playwright.config.ts WAWEB_URL: E2E_PORT + 20000). */
export const WAWEB_PORT = Number(process.env.E2E_PORT ?? 3100) + 20_000;

/**
 * A TCP relay from the fixed port the e2e server was told about to the fake WhatsApp Web server, which
 * listens on a port of its own choosing. Each connection is piped both ways; closing one side closes the other.
 */
export async function relayTo(targetUrl: string, port = WAWEB_PORT): Promise<Server> {
  const target = new URL(targetUrl);
  const server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}
