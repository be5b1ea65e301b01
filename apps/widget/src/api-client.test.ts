import { describe, expect, it } from 'vitest';
import { ApiError, createApi, OFFLINE_MESSAGE } from './api-client';

type Call = { url: string; init: RequestInit };

function fakeFetch(status: number, body: unknown, calls: Call[] = []): typeof fetch {
  return async (input, init) => {
    calls.push({ url: String(input), init: init ?? {} });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
}

describe('api client', () => {
  it('sends the token header and the client id', async () => {
    const calls: Call[] = [];
    const stored = {
      id: 1,
      text: 'oi',
      from: 'visitor',
      operator_name: null,
      sent_at: '2026-03-10T12:00:00Z',
    };
    const api = createApi(
      'https://prosa.app',
      'demo-empresa',
      fakeFetch(200, { protocol: 'P1', message: stored, duplicate: false }, calls),
    );
    const r = await api.send('tok', 'oi', 'client-aaaa');
    expect(r.message?.id).toBe(1);
    expect(calls[0]?.url).toBe('https://prosa.app/api/webchat/visitor/messages');
    expect(calls[0]?.init.method).toBe('POST');
    expect(new Headers(calls[0]?.init.headers).get('x-visitor-token')).toBe('tok');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ text: 'oi', client_id: 'client-aaaa' });
    expect(calls[0]?.init.credentials).toBe('omit');
  });

  it('points the logo back to the Prosa server, not to the customer site', async () => {
    const config = {
      code: 'demo-empresa',
      name: 'x',
      title: 'T',
      welcome: 'w',
      button: 'b',
      color: '#000000',
      font_color: '#ffffff',
      fields: [],
    };
    const withLogo = createApi(
      'https://prosa.app',
      'demo-empresa',
      fakeFetch(200, { ...config, logo_url: '/api/webchat/demo-empresa/logo/logo-1.png' }),
    );
    expect((await withLogo.config()).logo_url).toBe(
      'https://prosa.app/api/webchat/demo-empresa/logo/logo-1.png',
    );
    const without = createApi(
      'https://prosa.app',
      'demo-empresa',
      fakeFetch(200, { ...config, logo_url: null }),
    );
    expect((await without.config()).logo_url).toBeNull();
  });

  it('raises the server Portuguese message with its status', async () => {
    const api = createApi(
      'https://prosa.app',
      'demo-empresa',
      fakeFetch(400, { code: 'validation', message: 'Campo Nome obrigatório!' }),
    );
    const error = await api.startVisitor({}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Campo Nome obrigatório!' });
  });

  it('reports 401 for an unknown token', async () => {
    const api = createApi(
      'https://prosa.app',
      'demo-empresa',
      fakeFetch(401, { code: 'unauthenticated', message: 'expirou' }),
    );
    await expect(api.state('old')).rejects.toMatchObject({ status: 401 });
  });

  it('turns a network failure into status 0', async () => {
    const api = createApi('https://prosa.app', 'demo-empresa', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.config()).rejects.toMatchObject({ status: 0, message: OFFLINE_MESSAGE });
  });

  it('rejects a malformed answer', async () => {
    const api = createApi('https://prosa.app', 'demo-empresa', fakeFetch(200, { messages: [{ id: 'x' }] }));
    await expect(api.state('tok')).rejects.toBeInstanceOf(ApiError);
  });
});
