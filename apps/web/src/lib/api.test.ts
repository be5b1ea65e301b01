import { z } from '@prosa/shared/zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api';

// The server's answer to the next fetch.
function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest with a schema picked from the first-load schemas', () => {
  it('checks the answer with the picked schema and returns it', async () => {
    const fetchMock = answer(200, [{ id: 3, name: 'Vendas', position: 1 }]);
    const sectors = await apiRequest('/api/sectors', { schema: (s) => s.z.array(s.ZSector) });
    expect(sectors).toEqual([{ id: 3, name: 'Vendas', position: 1 }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('refuses an answer the picked schema rejects', async () => {
    answer(200, [{ id: 'x', name: 'Vendas' }]);
    const error = await apiRequest('/api/sectors', { schema: (s) => s.z.array(s.ZSector) }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('BAD_RESPONSE');
    expect(error.message).toBe('Erro ao processar dados.');
  });

  it("passes on the server's error without needing the schema", async () => {
    answer(409, { code: 'CONFLICT', message: 'Já existe um setor com este nome.' });
    const error = await apiRequest('/api/sectors', { method: 'POST', schema: (s) => s.ZSectorSaved }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(409);
    expect(error.message).toBe('Já existe um setor com este nome.');
    expect(error.fromServer).toBe(true);
  });

  it('still takes a schema given directly', async () => {
    answer(200, { message: 'ok' });
    await expect(apiRequest('/api/x', { schema: z.object({ message: z.string() }) })).resolves.toEqual({
      message: 'ok',
    });
    answer(200, { message: 1 });
    await expect(apiRequest('/api/x', { schema: z.object({ message: z.string() }) })).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
    });
  });
});

describe('apiRequest with a time-out', () => {
  // A server that never answers: the fetch only ends when its signal aborts.
  function silentServer() {
    const fetchMock = vi.fn(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it('gives up after the time-out with code TIMEOUT, so the screen shows its own text', async () => {
    silentServer();
    const error = await apiRequest('/api/messenger/chats', {
      schema: z.array(z.number()),
      timeoutMs: 30,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'TIMEOUT', fromServer: false });
  });

  it('without a time-out sends no abort signal', async () => {
    const fetchMock = answer(200, [1]);
    await apiRequest('/api/x', { schema: z.array(z.number()) });
    expect((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].signal).toBeUndefined();
  });
});

describe('the login error text', () => {
  it('treats a login that timed out (5 s, spec 1 §9) like a network failure', async () => {
    const { loginErrorText } = await import('../features/auth/password-step');
    const timedOut = new ApiError({ status: 0, code: 'TIMEOUT', message: 'x', fromServer: false });
    expect(loginErrorText(timedOut)).toBe(
      'Ocorreu um erro ao tentar acessar sua conta. Entre em contato com o atendimento (Erro: DNS)',
    );
  });
});
