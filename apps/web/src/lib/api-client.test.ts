import { z } from 'zod/mini';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession, setTokens } from '../stores/session.ts';
import { ApiError, apiGet, apiGetText, apiPost, setSessionExpiredHandler } from './api-client.ts';

const ok = z.object({ ok: z.boolean() });

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type Call = { url: string; auth: string | null; body: unknown };

/** A fake API: `access` is the only valid access token; the refresh call answers `refresh()`. */
function fakeApi(refresh: () => Response | Promise<Response>) {
  const calls: Call[] = [];
  let valid = 'a1';
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, auth: headers.get('Authorization'), body });
    if (url.endsWith('/controle/token/refresh/')) {
      const res = await refresh();
      if (res.ok) valid = 'a2';
      return res;
    }
    return headers.get('Authorization') === `Bearer ${valid}`
      ? json(200, { ok: true })
      : json(401, { detail: 'x' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, refreshCalls: () => calls.filter((c) => c.url.endsWith('/refresh/')) };
}

describe('api-client (spec section 8, Session)', () => {
  const expired = vi.fn();
  beforeEach(() => {
    setSessionExpiredHandler(expired);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    expired.mockReset();
    setSessionExpiredHandler(null);
    clearSession();
  });

  it('sends the Bearer token of the session', async () => {
    setTokens({ access: 'a1', refresh: 'r1' });
    const api = fakeApi(() => json(500, {}));
    await expect(apiGet('/x/', ok)).resolves.toEqual({ ok: true });
    expect(api.calls[0]).toMatchObject({ url: '/api/ead/x/', auth: 'Bearer a1' });
  });

  it('uses the pair another tab just rotated instead of spending the same refresh token again', async () => {
    setTokens({ access: 'old', refresh: 'r1' });
    const api = fakeApi(() => json(200, { access: 'a2', refresh: 'r2' }));
    const realFetch = globalThis.fetch;
    // The first call leaves with 'old'; before its 401 comes back, another tab refreshes and
    // writes 'a2'/'r2' to localStorage (this tab has not seen the storage event yet).
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const res = await realFetch(input, init);
      if (res.status === 401) {
        localStorage.setItem('access_token', 'a2');
        localStorage.setItem('refresh_token', 'r2');
        // The fake API now accepts a2, as after the other tab's refresh.
        await realFetch('/api/ead/controle/token/refresh/', { method: 'POST' });
      }
      return res;
    });
    await expect(apiGet('/x/', ok)).resolves.toEqual({ ok: true });
    // Only the other tab's refresh: this tab never spent r1.
    expect(api.refreshCalls()).toHaveLength(1);
    expect(api.refreshCalls()[0]?.body).toBeUndefined();
    expect(getSession()).toEqual({ access: 'a2', refresh: 'r2' });
    expect(expired).not.toHaveBeenCalled();
  });

  it('concurrent 401s share one refresh, store the rotated pair and retry once', async () => {
    setTokens({ access: 'old', refresh: 'r1' });
    const api = fakeApi(() => json(200, { access: 'a2', refresh: 'r2' }));
    const results = await Promise.all([apiGet('/a/', ok), apiGet('/b/', ok), apiGet('/c/', ok)]);
    expect(results).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(api.refreshCalls()).toHaveLength(1);
    expect(api.refreshCalls()[0]?.body).toEqual({ refresh: 'r1' });
    expect(getSession()).toEqual({ access: 'a2', refresh: 'r2' });
    expect(api.calls.filter((c) => c.url === '/api/ead/a/').map((c) => c.auth)).toEqual([
      'Bearer old',
      'Bearer a2',
    ]);
    expect(expired).not.toHaveBeenCalled();
  });

  it('a refused refresh clears the session and goes to /logout with the expiry reason', async () => {
    setTokens({ access: 'old', refresh: 'r1' });
    const api = fakeApi(() => json(401, { detail: 'Token inválido' }));
    const results = await Promise.allSettled([apiGet('/a/', ok), apiGet('/b/', ok)]);
    for (const r of results) {
      expect(r.status).toBe('rejected');
      expect(r.status === 'rejected' && r.reason instanceof ApiError && r.reason.status).toBe(401);
    }
    expect(api.refreshCalls()).toHaveLength(1);
    expect(getSession()).toEqual({ access: null, refresh: null });
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
    expect(expired).toHaveBeenCalledWith('/logout?motivo=sessao-expirada');
  });

  it('keeps the session when the refresh fails for another reason (server down)', async () => {
    setTokens({ access: 'old', refresh: 'r1' });
    fakeApi(() => json(503, {}));
    await expect(apiGet('/a/', ok)).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toEqual({ access: 'old', refresh: 'r1' });
    expect(expired).not.toHaveBeenCalled();
  });

  it('never refreshes for the login call itself, nor for a visitor', async () => {
    setTokens({ access: 'old', refresh: 'r1' });
    const api = fakeApi(() => json(200, { access: 'a2', refresh: 'r2' }));
    await expect(apiPost('/controle/token/', {}, ok, { refreshOn401: false })).rejects.toBeInstanceOf(
      ApiError,
    );
    clearSession();
    await expect(apiGet('/a/', ok)).rejects.toMatchObject({ status: 401 });
    expect(api.refreshCalls()).toHaveLength(0);
    expect(expired).not.toHaveBeenCalled();
  });

  it('turns error bodies into the spec texts', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(400, { non_field_errors: ['Email ou senha incorretos.'] })),
    );
    await expect(apiPost('/controle/token/', {}, ok)).rejects.toMatchObject({
      status: 400,
      message: 'Email ou senha incorretos.',
    });
  });

  it('reads an HTML answer as text (the receipt), after refreshing the token like any call', async () => {
    setTokens({ access: 'velho', refresh: 'r1' });
    const html = '<!doctype html><p>Cupom</p>';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.endsWith('/controle/token/refresh/')) return json(200, { access: 'a2', refresh: 'r2' });
        return new Headers(init?.headers).get('Authorization') === 'Bearer a2'
          ? new Response(html, { status: 200, headers: { 'Content-Type': 'text/html' } })
          : json(401, { detail: 'x' });
      }),
    );
    await expect(apiGetText('/controle/pedido/1/cupom/')).resolves.toBe(html);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(404, { detail: 'Não encontrado.' })),
    );
    await expect(apiGetText('/controle/pedido/2/cupom/')).rejects.toMatchObject({
      status: 404,
      message: 'Não encontrado.',
    });
  });
});
