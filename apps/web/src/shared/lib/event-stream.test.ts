import { afterEach, describe, expect, it, vi } from 'vitest';
import { backoffMs, openEventStream, type StreamEvent, type StreamState } from './event-stream.ts';

/** A fetch whose answers the test writes into, one connection at a time. */
function fakeServer() {
  const conexoes: {
    headers: Record<string, string>;
    write: (text: string) => void;
    end: () => void;
    signal: AbortSignal;
  }[] = [];
  const respostas: (number | 'stream')[] = [];
  const fetchFake = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const status = respostas.shift() ?? 'stream';
    if (status !== 'stream') return new Response('{}', { status });
    let ctrl!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start: (c) => {
        ctrl = c;
      },
    });
    const signal = init?.signal as AbortSignal;
    signal.addEventListener('abort', () => {
      try {
        ctrl.error(new DOMException('aborted', 'AbortError'));
      } catch {
        // already closed
      }
    });
    const enc = new TextEncoder();
    conexoes.push({
      headers: init?.headers as Record<string, string>,
      write: (t) => ctrl.enqueue(enc.encode(t)),
      end: () => ctrl.close(),
      signal,
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  });
  return { conexoes, respostas, fetchFake };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

afterEach(() => {
  vi.useRealTimers();
});

describe('backoffMs', () => {
  it('dobra a cada tentativa, com teto de 30 s e ±50 % de variação', () => {
    expect(backoffMs(2000, 0, () => 0.5)).toBe(2000);
    expect(backoffMs(2000, 2, () => 0.5)).toBe(8000);
    expect(backoffMs(2000, 9, () => 0.5)).toBe(30_000);
    expect(backoffMs(2000, 0, () => 0)).toBe(1000);
    expect(backoffMs(2000, 0, () => 0.999)).toBeLessThan(3000);
  });
});

describe('openEventStream', () => {
  it('envia o token no cabeçalho (nunca na URL), entrega eventos e retoma com Last-Event-ID', async () => {
    vi.useFakeTimers();
    const srv = fakeServer();
    const eventos: StreamEvent[] = [];
    const estados: StreamState[] = [];
    const stream = openEventStream({
      url: '/api/ead/controle/eventos/',
      getToken: () => 'tok',
      onUnauthorized: async () => false,
      onEvent: (e) => eventos.push(e),
      onState: (s) => estados.push(s),
      fetch: srv.fetchFake,
      random: () => 0.5,
      lastEventId: 7,
    });
    await flush();
    expect(srv.fetchFake.mock.calls[0]?.[0]).toBe('/api/ead/controle/eventos/');
    expect(srv.conexoes[0]?.headers).toMatchObject({ authorization: 'Bearer tok', 'last-event-id': '7' });
    srv.conexoes[0]?.write('retry: 1000\n\nid: 8\nevent: pedido.status\ndata: {"idpedido":3,"para":21}\n\n');
    await flush();
    expect(eventos).toEqual([{ id: 8, event: 'pedido.status', data: { idpedido: 3, para: 21 } }]);
    expect(estados).toEqual(['conectando', 'aberto']);
    // The connection drops: after the server's retry (1 s, ±50 %) it comes back from id 8.
    srv.conexoes[0]?.end();
    await flush();
    expect(estados.at(-1)).toBe('reconectando');
    await vi.advanceTimersByTimeAsync(1000);
    expect(srv.conexoes[1]?.headers['last-event-id']).toBe('8');
    // A replay of 8 is not delivered twice; 9 is.
    srv.conexoes[1]?.write(
      'id: 8\nevent: pedido.status\ndata: {"idpedido":3}\n\nid: 9\nevent: pedido.novo\ndata: {"idpedido":4}\n\n',
    );
    await flush();
    expect(eventos.map((e) => e.id)).toEqual([8, 9]);
    stream.close();
    expect(srv.conexoes[1]?.signal.aborted).toBe(true);
  });

  it('ignora comentários de heartbeat e reconecta quando a conexão morre em silêncio (watchdog)', async () => {
    vi.useFakeTimers();
    const srv = fakeServer();
    const stream = openEventStream({
      url: '/s',
      getToken: () => 'tok',
      onUnauthorized: async () => false,
      onEvent: () => undefined,
      fetch: srv.fetchFake,
      random: () => 0.5,
      watchdogMs: 45_000,
    });
    await flush();
    for (let i = 0; i < 4; i++) {
      await vi.advanceTimersByTimeAsync(20_000);
      srv.conexoes[0]?.write(': ping\n\n');
    }
    await flush();
    expect(srv.conexoes).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(45_000);
    expect(srv.conexoes[0]?.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(3000);
    expect(srv.conexoes).toHaveLength(2);
    stream.close();
  });

  it('volta na hora quando o servidor encerra o stream porque o token expirou', async () => {
    vi.useFakeTimers();
    const srv = fakeServer();
    const stream = openEventStream({
      url: '/s',
      getToken: () => 'tok',
      onUnauthorized: async () => false,
      onEvent: () => undefined,
      fetch: srv.fetchFake,
      random: () => 0.5,
    });
    await flush();
    srv.conexoes[0]?.write('retry: 4000\n\nevent: expirado\ndata: {}\n\n');
    srv.conexoes[0]?.end();
    await flush();
    await flush();
    expect(srv.conexoes).toHaveLength(2);
    // A plain end (a restart) still waits the server's retry.
    srv.conexoes[1]?.end();
    await flush();
    await vi.advanceTimersByTimeAsync(1000);
    expect(srv.conexoes).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(3500);
    expect(srv.conexoes).toHaveLength(3);
    stream.close();
  });

  it('renova a sessão após um 401 e para quando não há como renovar', async () => {
    vi.useFakeTimers();
    const srv = fakeServer();
    srv.respostas.push(401, 401);
    let token = 'velho';
    const onUnauthorized = vi.fn(async () => {
      if (token === 'velho') {
        token = 'novo';
        return true;
      }
      return false;
    });
    const estados: StreamState[] = [];
    openEventStream({
      url: '/s',
      getToken: () => token,
      onUnauthorized,
      onEvent: () => undefined,
      onState: (s) => estados.push(s),
      fetch: srv.fetchFake,
    });
    await flush();
    await flush();
    expect(srv.fetchFake).toHaveBeenCalledTimes(2);
    expect((srv.fetchFake.mock.calls[1]?.[1]?.headers as Record<string, string>).authorization).toBe(
      'Bearer novo',
    );
    expect(estados.at(-1)).toBe('encerrado');
  });

  it('pede uma releitura no evento reset e ao reconectar sem id conhecido', async () => {
    vi.useFakeTimers();
    const srv = fakeServer();
    srv.respostas.push(503);
    const onReset = vi.fn();
    const stream = openEventStream({
      url: '/s',
      getToken: () => 'tok',
      onUnauthorized: async () => false,
      onEvent: () => undefined,
      onReset,
      fetch: srv.fetchFake,
      random: () => 0.5,
    });
    await flush();
    await vi.advanceTimersByTimeAsync(3000);
    // Reconnected after a failure with no id to resume from: everything is read again.
    expect(onReset).toHaveBeenCalledTimes(1);
    srv.conexoes[0]?.write('id: 50\nevent: reset\ndata: {}\n\n');
    await flush();
    expect(onReset).toHaveBeenCalledTimes(2);
    stream.close();
  });

  it('fica offline sem tentar à toa e volta na hora quando a rede volta', async () => {
    vi.useFakeTimers();
    const srv = fakeServer();
    const estados: StreamState[] = [];
    const stream = openEventStream({
      url: '/s',
      getToken: () => 'tok',
      onUnauthorized: async () => false,
      onEvent: () => undefined,
      onState: (s) => estados.push(s),
      fetch: srv.fetchFake,
      random: () => 0.5,
    });
    await flush();
    window.dispatchEvent(new Event('offline'));
    await flush();
    expect(estados).toContain('offline');
    expect(srv.conexoes[0]?.signal.aborted).toBe(true);
    window.dispatchEvent(new Event('online'));
    await flush();
    expect(srv.conexoes).toHaveLength(2);
    expect(estados.at(-1)).toBe('aberto');
    stream.close();
  });
});
