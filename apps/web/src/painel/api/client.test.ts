import { MSG_PAINEL } from '@rango/domain/painel';
import { z } from 'zod/mini';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearStaffSession, getStaffSession, isStaffSessionExpired, setStaffTokens } from '../session.ts';
import { PAINEL_KEYS } from '../storage.ts';
import { PainelApiError, painelGet, painelGetBlob, painelPost, painelPut } from './client.ts';

const ok = z.object({ ok: z.boolean() });

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type Call = { url: string; auth: string | null; body: unknown };

/** A fake API where `valid` is the only accepted access token; the refresh answers `refresh()`. */
function fakeApi(refresh: (body: unknown) => Response) {
  const calls: Call[] = [];
  let valid = 'a1';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const auth = new Headers(init?.headers).get('Authorization');
      const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, auth, body });
      if (url.endsWith('/painel/auth/refresh/')) {
        const res = refresh(body);
        if (res.ok) valid = 'a2';
        return res;
      }
      return auth === `Bearer ${valid}` ? json(200, { ok: true }) : json(401, { detail: 'Token inválido.' });
    }),
  );
  return { calls, refreshes: () => calls.filter((c) => c.url.endsWith('/refresh/')) };
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearStaffSession();
});

describe('the panel API client', () => {
  it("sends the staff token under /api/ead, never the customer's", async () => {
    localStorage.setItem('access_token', 'cliente');
    setStaffTokens({ access: 'a1', refresh: 'r1' });
    const api = fakeApi(() => json(500, {}));
    await expect(painelGet('/painel/eu/', ok)).resolves.toEqual({ ok: true });
    expect(api.calls).toEqual([{ url: '/api/ead/painel/eu/', auth: 'Bearer a1', body: undefined }]);
    // Its own keys: the customer's token is untouched and unused.
    expect(localStorage.getItem(PAINEL_KEYS.accessToken)).toBe('a1');
    expect(localStorage.getItem('access_token')).toBe('cliente');
  });

  it('on a 401 refreshes once (shared by concurrent calls), stores the rotated pair and retries', async () => {
    setStaffTokens({ access: 'velho', refresh: 'r1' });
    const api = fakeApi(() => json(200, { access: 'a2', refresh: 'r2' }));
    const results = await Promise.all([painelGet('/a/', ok), painelGet('/b/', ok), painelGet('/c/', ok)]);
    expect(results).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(api.refreshes()).toHaveLength(1);
    expect(api.refreshes()[0]?.body).toEqual({ refresh: 'r1' });
    expect(getStaffSession()).toEqual({ access: 'a2', refresh: 'r2' });
    expect(localStorage.getItem(PAINEL_KEYS.refreshToken)).toBe('r2');
    // Each call retried once with the new token.
    expect(api.calls.filter((c) => c.auth === 'Bearer a2')).toHaveLength(3);
  });

  it('does not refresh again when the retried call is refused too', async () => {
    setStaffTokens({ access: 'velho', refresh: 'r1' });
    const api = fakeApi(() => json(200, { access: 'outro', refresh: 'r2' }));
    // 'outro' is not the valid token: the retry answers 401 as well.
    await expect(painelGet('/a/', ok)).rejects.toMatchObject({ status: 401 });
    expect(api.refreshes()).toHaveLength(1);
    expect(api.calls).toHaveLength(3);
  });

  it('a refused refresh ends the session with the expiry notice', async () => {
    setStaffTokens({ access: 'velho', refresh: 'r1' });
    const api = fakeApi(() => json(401, { detail: MSG_PAINEL.sessaoExpirada }));
    const err = await painelGet('/a/', ok).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PainelApiError);
    expect((err as PainelApiError).message).toBe(MSG_PAINEL.sessaoExpirada);
    expect(api.refreshes()).toHaveLength(1);
    expect(getStaffSession()).toEqual({ access: null, refresh: null });
    expect(localStorage.getItem(PAINEL_KEYS.refreshToken)).toBeNull();
    expect(isStaffSessionExpired()).toBe(true);
  });

  it('keeps the session when the refresh cannot reach the server', async () => {
    setStaffTokens({ access: 'velho', refresh: 'r1' });
    fakeApi(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(painelGet('/a/', ok)).rejects.toMatchObject({ status: 401 });
    expect(getStaffSession()).toEqual({ access: 'velho', refresh: 'r1' });
    expect(isStaffSessionExpired()).toBe(false);
  });

  it("never refreshes on the login's own 401/400", async () => {
    const api = fakeApi(() => json(200, { access: 'a2', refresh: 'r2' }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(400, { non_field_errors: [MSG_PAINEL.credenciaisInvalidas] })),
    );
    await expect(
      painelPost('/painel/auth/login/', { email: 'a@b.co', senha: 'x' }, ok, { refreshOn401: false }),
    ).rejects.toThrow(MSG_PAINEL.credenciaisInvalidas);
    expect(api.refreshes()).toHaveLength(0);
  });

  it("turns the server's error bodies into text and keeps a field's error", async () => {
    setStaffTokens({ access: 'a1', refresh: 'r1' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(400, { alerta_vermelho_min: ['Precisa ser maior que o amarelo.'] })),
    );
    const err = (await painelPost('/x/', {}, ok).catch((e: unknown) => e)) as PainelApiError;
    expect(err.message).toBe('Precisa ser maior que o amarelo.');
    expect(err.campo('alerta_vermelho_min')).toBe('Precisa ser maior que o amarelo.');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(403, { detail: MSG_PAINEL.semPermissao })),
    );
    await expect(painelGet('/x/', ok)).rejects.toThrow(MSG_PAINEL.semPermissao);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(painelGet('/x/', ok)).rejects.toMatchObject({ status: undefined });
  });
  it('sends a Blob as its bytes with its type (a photo, a CSV) and reads a file answer as a Blob', async () => {
    setStaffTokens({ access: 'a1', refresh: 'r1' });
    const f = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if ((init?.method ?? 'GET') === 'GET') return new Response('a;b\n1;2', { status: 200 });
      return json(200, { ok: true });
    });
    vi.stubGlobal('fetch', f);
    const foto = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    await painelPut('/foto/', foto, ok);
    const init = f.mock.calls[0]![1]!;
    expect(init.body).toBe(foto);
    expect(new Headers(init.headers).get('Content-Type')).toBe('image/jpeg');
    await painelPost('/csv/', new Blob(['x']), ok, { contentType: 'text/csv' });
    expect(new Headers(f.mock.calls[1]![1]!.headers).get('Content-Type')).toBe('text/csv');
    const b = await painelGetBlob('/arquivo/');
    expect(await b.text()).toBe('a;b\n1;2');
  });
});
