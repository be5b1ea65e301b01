import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createNewchatApi } from './newchat-api';

type Call = { url: string; init: RequestInit };

function fakeFetch(status: number, body: unknown, calls: Call[] = []): typeof fetch {
  return async (input, init) => {
    calls.push({ url: String(input), init: init ?? {} });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
}

describe('NewChat api', () => {
  it('starts the visitor with the form and the accepted terms', async () => {
    const calls: Call[] = [];
    const api = createNewchatApi(
      'https://p.app',
      'loja-1234',
      fakeFetch(200, { visitor_id: 'v', token: 't' }, calls),
    );
    expect((await api.startVisitor({ name: 'Ana' }, true)).token).toBe('t');
    expect(calls[0]?.url).toBe('https://p.app/api/newchat/loja-1234/visitors');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ form: { name: 'Ana' }, accepted_terms: true });
  });

  it('reads the queue position with the token, null when not waiting', async () => {
    const calls: Call[] = [];
    const api = createNewchatApi('https://p.app', 'loja-1234', fakeFetch(200, { position: 3 }, calls));
    expect(await api.queue('tok')).toBe(3);
    expect(new Headers(calls[0]?.init.headers).get('x-visitor-token')).toBe('tok');
    const none = createNewchatApi('https://p.app', 'loja-1234', fakeFetch(200, { position: null }));
    expect(await none.queue('tok')).toBeNull();
  });

  it("gives the server's Portuguese message on a refusal", async () => {
    const api = createNewchatApi(
      'https://p.app',
      'loja-1234',
      fakeFetch(400, { message: 'Aceite os termos de uso para continuar.' }),
    );
    const err = await api.startVisitor({}, false).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('Aceite os termos de uso para continuar.');
    expect((err as ApiError).status).toBe(400);
  });
});
