import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearStaffSession, setStaffTokens } from '../session.ts';
import { abrirEventosPainel, eventosPainelUrl, type Conexao, type EventoPainel } from './eventos-painel.ts';

/** A streamed answer the test writes into, like the server's open connection. */
function conexaoSse() {
  let ctrl!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      ctrl = c;
    },
  });
  const enc = new TextEncoder();
  return {
    res: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    enviar: (texto: string) => ctrl.enqueue(enc.encode(texto)),
    fechar: () => ctrl.close(),
  };
}
type Conexao_ = ReturnType<typeof conexaoSse>;

interface Chamada {
  url: string;
  headers: Record<string, string>;
}

/**
 * A fake server: each stream request takes the next scripted answer (an open SSE connection, an
 * HTTP status, or a network failure); GET /painel/eu/ answers for the session refresh.
 */
function servidor(roteiro: (Conexao_ | number | 'rede')[]) {
  const chamadas: Chamada[] = [];
  const conexoes: Conexao_[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/painel/auth/refresh/')) {
      return new Response(JSON.stringify({ access: 'novo', refresh: 'r2' }), { status: 200 });
    }
    if (url.endsWith('/painel/eu/')) {
      const auth = new Headers(init?.headers).get('authorization');
      if (auth !== 'Bearer novo') return new Response('{}', { status: 401 });
      return new Response(JSON.stringify({ id: 1, nome: 'Ana', email: 'a@b.co', estabelecimentos: [] }), {
        status: 200,
      });
    }
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    chamadas.push({ url, headers });
    const passo = roteiro.shift() ?? 'rede';
    if (passo === 'rede') throw new TypeError('Failed to fetch');
    if (typeof passo === 'number') return new Response('{}', { status: passo });
    conexoes.push(passo);
    return passo.res;
  });
  vi.stubGlobal('fetch', fetchMock);
  return { chamadas, conexoes };
}

function abrir(desde: number | null, extra: { fallbackAposMs?: number; avisoReconexaoMs?: number } = {}) {
  const eventos: EventoPainel[] = [];
  const estados: Conexao[] = [];
  const fallback: boolean[] = [];
  const resync = vi.fn();
  const s = abrirEventosPainel({
    idest: 7,
    desde,
    onEvento: (e) => eventos.push(e),
    onResync: resync,
    onConexao: (c) => estados.push(c),
    onFallback: (a) => fallback.push(a),
    random: () => 0,
    avisoReconexaoMs: 0,
    ...extra,
  });
  return { s, eventos, estados, fallback, resync };
}

let fechar: (() => void) | null = null;
beforeEach(() => {
  setStaffTokens({ access: 'tok', refresh: 'r1' }, { newSession: true });
});
afterEach(() => {
  fechar?.();
  fechar = null;
  clearStaffSession();
  vi.unstubAllGlobals();
});

describe('abrirEventosPainel', () => {
  it('opens one stream with the token in a header (never in the URL), resuming after the list read', async () => {
    const c = conexaoSse();
    const { chamadas } = servidor([c]);
    const t = abrir(41);
    fechar = t.s.fechar;
    await vi.waitFor(() => expect(t.estados).toContain('conectado'));
    expect(chamadas).toHaveLength(1);
    expect(chamadas[0]?.url).toBe(eventosPainelUrl(7));
    expect(chamadas[0]?.url).not.toContain('tok');
    expect(chamadas[0]?.headers.authorization).toBe('Bearer tok');
    expect(chamadas[0]?.headers['last-event-id']).toBe('41');

    c.enviar('retry: 10\n\n: heartbeat\n\n');
    c.enviar('id: 42\nevent: pedido.novo\ndata: {"idpedido":5}\n\n');
    c.enviar('id: 43\nevent: pedido.sta');
    c.enviar('tus\ndata: {"idpedido":5,"de":0,"para":21}\n\n');
    await vi.waitFor(() => expect(t.eventos).toHaveLength(2));
    expect(t.eventos).toEqual([
      { id: 42, tipo: 'pedido.novo', dados: { idpedido: 5 } },
      { id: 43, tipo: 'pedido.status', dados: { idpedido: 5, de: 0, para: 21 } },
    ]);
    expect(t.resync).not.toHaveBeenCalled();
  });

  it('starts from the first event when the establishment had none at the list read', async () => {
    const { chamadas } = servidor([conexaoSse()]);
    const t = abrir(null);
    fechar = t.s.fechar;
    await vi.waitFor(() => expect(chamadas).toHaveLength(1));
    expect(chamadas[0]?.headers['last-event-id']).toBe('0');
  });

  it('reconnects after a drop with the last id received, honours retry:, dedupes the replay and reads the list again', async () => {
    const c1 = conexaoSse();
    const c2 = conexaoSse();
    const { chamadas } = servidor([c1, c2]);
    const t = abrir(10);
    fechar = t.s.fechar;
    await vi.waitFor(() => expect(t.estados).toContain('conectado'));
    // retry: 10 ms (with random 0 the wait is half of it); the default would be 1.5 s.
    c1.enviar('retry: 10\nid: 11\nevent: pedido.novo\ndata: {"idpedido":1}\n\n');
    await vi.waitFor(() => expect(t.eventos).toHaveLength(1));
    c1.fechar();
    await vi.waitFor(() => expect(chamadas).toHaveLength(2), { timeout: 500 });
    expect(chamadas[1]?.headers['last-event-id']).toBe('11');
    await vi.waitFor(() => expect(t.resync).toHaveBeenCalledTimes(1));
    // The server replays from 11: event 11 again is dropped, 12 is new.
    c2.enviar('id: 11\nevent: pedido.novo\ndata: {"idpedido":1}\n\n');
    c2.enviar('id: 12\nevent: pedido.status\ndata: {"idpedido":1,"para":50,"sistema":true}\n\n');
    await vi.waitFor(() => expect(t.eventos.map((e) => e.id)).toEqual([11, 12]));
    expect(t.eventos[1]?.dados.sistema).toBe(true);
    expect(t.estados).toContain('reconectando');
  });

  it('does not show a short planned reconnection (the server ends each stream when its token expires)', async () => {
    const c1 = conexaoSse();
    const { chamadas } = servidor([c1, conexaoSse()]);
    const t = abrir(10, { avisoReconexaoMs: 1000 });
    fechar = t.s.fechar;
    await vi.waitFor(() => expect(t.estados).toContain('conectado'));
    c1.enviar('retry: 10\n\n: sessão expirada\n\n');
    c1.fechar();
    await vi.waitFor(() => expect(chamadas).toHaveLength(2));
    await vi.waitFor(() => expect(t.resync).toHaveBeenCalledTimes(1));
    expect(t.estados).toEqual(['conectando', 'conectado', 'conectado']);
  });

  it('reads the list again on a reset (the panel was away longer than the server keeps events)', async () => {
    const c = conexaoSse();
    servidor([c]);
    const t = abrir(3);
    fechar = t.s.fechar;
    await vi.waitFor(() => expect(t.estados).toContain('conectado'));
    c.enviar('id: 900\nevent: reset\ndata: {}\n\n');
    await vi.waitFor(() => expect(t.resync).toHaveBeenCalledTimes(1));
    expect(t.eventos).toEqual([]);
  });

  it('falls back to polling while the stream keeps failing, and stops once it is back', async () => {
    const c = conexaoSse();
    // The first answer sets a short retry, then the server goes away for a while.
    c.enviar('retry: 10\n\n');
    const { chamadas } = servidor([c, 'rede', 503, 'rede', 'rede', 'rede', 'rede', conexaoSse()]);
    const t = abrir(1, { fallbackAposMs: 30 });
    fechar = t.s.fechar;
    await vi.waitFor(() => expect(t.estados).toContain('conectado'));
    c.fechar();
    await vi.waitFor(() => expect(t.fallback).toEqual([true]), { timeout: 1000 });
    expect(t.estados.at(-1)).toBe('sem-conexao');
    await vi.waitFor(() => expect(t.fallback).toEqual([true, false]), { timeout: 2000 });
    expect(t.estados.at(-1)).toBe('conectado');
    expect(chamadas.length).toBe(8);
    expect(t.resync).toHaveBeenCalledTimes(1);
  });

  it('refreshes an expired session and reconnects with the new token', async () => {
    const { chamadas } = servidor([401, conexaoSse()]);
    const t = abrir(5);
    fechar = t.s.fechar;
    await vi.waitFor(() => expect(t.estados).toContain('conectado'));
    expect(chamadas.map((c) => c.headers.authorization)).toEqual(['Bearer tok', 'Bearer novo']);
  });
});
