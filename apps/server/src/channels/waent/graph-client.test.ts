import { createServer as createHttpServer, type Server } from 'node:http';
import { type AddressInfo, createServer, type Server as NetServer } from 'node:net';
import { OUTBOUND_ERROR_CODE, OUTBOUND_MSG } from '@prosa/shared/outbound';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundGuard } from '../../platform/outbound-url';
import { downloadMedia, type GraphChannel, listTemplates } from './graph-client';

// The Graph client's calls go through the outbound guard, the media URL the API answers included.

let api: Server;
let apiPort: number;
let trap: NetServer;
let trapPort: number;
let trapConnections = 0;

beforeAll(async () => {
  trap = createServer((s) => {
    trapConnections++;
    s.destroy();
  });
  await new Promise<void>((r) => trap.listen(0, '127.0.0.1', r));
  trapPort = (trap.address() as AddressInfo).port;
  api = createHttpServer((req, res) => {
    if (req.url === '/v19.0/midia-1') {
      res.writeHead(200, { 'content-type': 'application/json' });
      // A broker answering a media URL on an internal address.
      return res.end(JSON.stringify({ url: `http://127.0.0.1:${trapPort}/segredo`, mime_type: 'image/png' }));
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html>painel interno: senha=123</html>');
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  apiPort = (api.address() as AddressInfo).port;
});
afterAll(async () => {
  api.closeAllConnections();
  await new Promise<void>((r) => api.close(() => r()));
  await new Promise<void>((r) => trap.close(() => r()));
});

const channel = (): GraphChannel => ({
  apiBaseUrl: `http://127.0.0.1:${apiPort}/v19.0`,
  phoneNumberId: '1',
  wabaId: '2',
  accessToken: 'EAAG-token',
  outbound: createOutboundGuard({ allowedHosts: [{ host: '127.0.0.1', port: apiPort }] }),
});

describe('Graph client through the outbound guard', () => {
  it('does not download a media URL pointing at an address outside the rules', async () => {
    await expect(downloadMedia(channel(), 'midia-1')).rejects.toMatchObject({
      code: OUTBOUND_ERROR_CODE,
      message: OUTBOUND_MSG.unreachable,
    });
    expect(trapConnections).toBe(0);
  });

  it('never echoes a reply that is not JSON', async () => {
    const err = await listTemplates(channel()).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(err?.message).toBe('Resposta inválida (HTTP 200)');
    expect(err?.message).not.toContain('senha');
  });
});
