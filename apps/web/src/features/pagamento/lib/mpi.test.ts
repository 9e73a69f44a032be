import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  autenticarMpi,
  carregarMpi,
  decidirMpi,
  ErroCargaMpi,
  esperaMpi,
  pararMpi,
  preencherCamposMpi,
  type DadosEventoMpi,
  type ResultadoMpi,
} from './mpi.ts';

const URL_SCRIPT = '/api/ead/sandbox/3ds/bpmpi.js';

const scripts = () => [...document.querySelectorAll<HTMLScriptElement>('script#bpmpi-script')];
const campo = (nome: string) => document.querySelector<HTMLInputElement>(`input.bpmpi_${nome}`)?.value;

/** A stand-in for the script: its globals; `bpmpi_load` answers onReady unless told not to. */
function definirScript({ pronto = true }: { pronto?: boolean } = {}) {
  const load = vi.fn(() => {
    if (pronto) window.bpmpi_config?.().onReady();
  });
  const authenticate = vi.fn();
  window.bpmpi_load = load;
  window.bpmpi_authenticate = authenticate;
  return { load, authenticate };
}

afterEach(() => {
  pararMpi();
  delete window.bpmpi_load;
  delete window.bpmpi_authenticate;
  delete window.bpmpi_config;
  document.getElementById('bpmpi-script')?.remove();
  document.getElementById('bpmpi-campos')?.remove();
  vi.useRealTimers();
});

describe('carregarMpi', () => {
  it('adds the <script src> once, defines bpmpi_config with the environment and waits for onReady', async () => {
    const carregando = carregarMpi(URL_SCRIPT, 'SDB');
    expect(scripts()).toHaveLength(1);
    expect(scripts()[0]?.getAttribute('src')).toBe(URL_SCRIPT);
    expect(window.bpmpi_config?.()).toMatchObject({ Environment: 'SDB', Debug: false });
    // The browser runs it: the globals appear, then 'load'.
    const { load } = definirScript();
    scripts()[0]?.dispatchEvent(new Event('load'));
    await carregando;
    expect(load).toHaveBeenCalledTimes(1);

    // Again (the next authentication): ready already, no second element, no second onReady awaited
    // (the script sends it once).
    load.mockImplementation(() => undefined);
    await carregarMpi(URL_SCRIPT, 'SDB');
    expect(scripts()).toHaveLength(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("waits for the onReady the script sends by itself when it runs (bpmpi_load's is ignored)", async () => {
    const carregando = carregarMpi(URL_SCRIPT, 'PRD');
    const { load } = definirScript({ pronto: false });
    // Like the sandbox's script: it reads bpmpi_config when it runs and loads itself.
    const config = window.bpmpi_config?.();
    scripts()[0]?.dispatchEvent(new Event('load'));
    setTimeout(() => config?.onReady(), 0);
    await carregando;
    expect(config?.Environment).toBe('PRD');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('times out after 8 s per attempt and gives up after 10 retries with growing waits', async () => {
    vi.useFakeTimers();
    const { load } = definirScript({ pronto: false });
    const resultado = carregarMpi(URL_SCRIPT, 'PRD').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(7_999);
    expect(load).toHaveBeenCalledTimes(1);
    // First time-out, then 250 ms before the second attempt.
    await vi.advanceTimersByTimeAsync(1 + 249);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10 * 8_000 + 10 * 4_000);
    expect(await resultado).toBeInstanceOf(ErroCargaMpi);
    expect(load).toHaveBeenCalledTimes(11);
    expect([0, 1, 2, 3, 4, 5].map(esperaMpi)).toEqual([250, 500, 1_000, 2_000, 4_000, 4_000]);
  });

  it('adds the script again after it failed to load, and is ready when it answers', async () => {
    vi.useFakeTimers();
    const resultado = carregarMpi(URL_SCRIPT, 'PRD');
    const primeiro = scripts()[0];
    primeiro?.dispatchEvent(new Event('error'));
    await vi.advanceTimersByTimeAsync(250);
    expect(scripts()).toHaveLength(1);
    expect(scripts()[0]).not.toBe(primeiro);
    const { load } = definirScript();
    scripts()[0]?.dispatchEvent(new Event('load'));
    await resultado;
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('runs the script afresh when it loaded but never got ready', async () => {
    vi.useFakeTimers();
    const resultado = carregarMpi(URL_SCRIPT, 'PRD');
    const primeiro = scripts()[0];
    const mudo = definirScript({ pronto: false });
    primeiro?.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(8_000);
    // Gone with its globals: the next attempt adds it again.
    expect(window.bpmpi_load).toBeUndefined();
    await vi.advanceTimersByTimeAsync(250);
    expect(scripts()).toHaveLength(1);
    expect(scripts()[0]).not.toBe(primeiro);
    const { load } = definirScript();
    scripts()[0]?.dispatchEvent(new Event('load'));
    await resultado;
    expect(mudo.load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('stops when aborted', async () => {
    definirScript({ pronto: false });
    const controller = new AbortController();
    const resultado = carregarMpi(URL_SCRIPT, 'PRD', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(await resultado).toMatchObject({ name: 'AbortError' });
  });
});

describe('autenticarMpi', () => {
  it('an authentication with no outcome within its limit ends as an error (Finalizar is not held forever)', async () => {
    definirScript();
    await carregarMpi(URL_SCRIPT, 'SDB');
    vi.useFakeTimers();
    try {
      const eventos: ResultadoMpi[] = [];
      autenticarMpi((r) => eventos.push(r), 1000);
      vi.advanceTimersByTime(999);
      expect(eventos).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(eventos).toEqual([{ tipo: 'erro', codigo: null, mensagem: null }]);
      // An outcome in time cancels the watch.
      autenticarMpi((r) => eventos.push(r), 1000);
      window
        .bpmpi_config?.()
        .onFailure({ Xid: null, Eci: '07', Version: '2', ReferenceId: 'r9', ReturnCode: '' });
      vi.advanceTimersByTime(5000);
      expect(eventos.map((e) => e.tipo)).toEqual(['erro', 'falha']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('fills the bpmpi fields, hands every outcome to the listener and forgets the card number', async () => {
    const { authenticate } = definirScript();
    await carregarMpi(URL_SCRIPT, 'SDB');
    preencherCamposMpi({
      accesstoken: 'tok',
      ordernumber: 'ped-1',
      totalamount: '6380',
      cardnumber: '4000000000002701',
      cardexpirationmonth: '05',
      cardexpirationyear: '2031',
    });
    expect({
      token: campo('accesstoken'),
      pedido: campo('ordernumber'),
      moeda: campo('currency'),
      valor: campo('totalamount'),
      parcelas: campo('installments'),
      metodo: campo('paymentmethod'),
      numero: campo('cardnumber'),
      mes: campo('cardexpirationmonth'),
      ano: campo('cardexpirationyear'),
      auth: campo('auth'),
    }).toEqual({
      token: 'tok',
      pedido: 'ped-1',
      moeda: 'BRL',
      valor: '6380',
      parcelas: '1',
      metodo: 'Debit',
      numero: '4000000000002701',
      mes: '05',
      ano: '2031',
      auth: 'true',
    });
    const eventos: ResultadoMpi[] = [];
    autenticarMpi((r) => eventos.push(r));
    expect(authenticate).toHaveBeenCalledTimes(1);
    const e: DadosEventoMpi = {
      Cavv: 'c',
      Xid: 'x',
      Eci: '05',
      Version: '2',
      ReferenceId: 'r1',
      ReturnCode: '',
    };
    window.bpmpi_config?.().onSuccess(e);
    window.bpmpi_config?.().onUnsupportedBrand({ ReturnCode: '1', ReturnMessage: 'Brand' });
    expect(eventos).toEqual([
      {
        tipo: 'sucesso',
        autenticacao: { cavv: 'c', xid: 'x', eci: '05', version: '2', referenceid: 'r1' },
        codigo: null,
        mensagem: null,
      },
      { tipo: 'bandeira-nao-suportada', codigo: '1', mensagem: 'Brand' },
    ]);
    expect(campo('cardnumber')).toBe('');
  });
});

describe('decidirMpi', () => {
  const autenticacao = { cavv: 'c', xid: 'x', eci: '05', version: '2', referenceid: 'r1' };
  it.each([
    ['sucesso', null, { acao: 'enviar', autenticacao }],
    ['falha', 'r0', { acao: 'enviar', autenticacao }],
    ['nao-participante', null, { acao: 'enviar', autenticacao }],
    ['sucesso', 'r1', { acao: 'ignorar' }],
    ['falha', 'r1', { acao: 'ignorar' }],
  ] as const)('%s after %s', (tipo, ultima, esperado) => {
    expect(decidirMpi({ tipo, autenticacao, codigo: null, mensagem: null }, ultima)).toEqual(esperado);
  });

  it('stops on error, unsupported brand and disabled', () => {
    expect(decidirMpi({ tipo: 'erro', codigo: null, mensagem: null }, null)).toEqual({
      acao: 'parar',
      tipo: 'erro',
    });
    expect(decidirMpi({ tipo: 'desativado', codigo: null, mensagem: null }, null)).toEqual({
      acao: 'parar',
      tipo: 'erro',
    });
    expect(decidirMpi({ tipo: 'bandeira-nao-suportada', codigo: null, mensagem: null }, null)).toEqual({
      acao: 'parar',
      tipo: 'bandeira-nao-suportada',
    });
  });
});
