// @vitest-environment jsdom
/**
 * The browser side of the sandbox 3-D Secure server, run in jsdom against the real routes (the
 * page's fetch goes to app.inject): bpmpi.js's events, what it sends, its challenge modal, and
 * the bank page's script. The server's tsconfig has no DOM types: the few DOM calls used here
 * are typed below.
 */
import axe from 'axe-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openTestDb } from '../../../test/db.ts';
import type { TestDb } from '../../../test/db.ts';
import { BANCO_CSS, BANCO_JS } from './mpi-assets.ts';
import { emitirTokenMpi } from './mpi.ts';
import { BASE_3DS, SEGREDO_TESTE, appMpi } from './mpi-testing.ts';

interface Elemento {
  textContent: string | null;
  value: string;
  disabled: boolean;
  contentWindow: unknown;
  getAttribute(nome: string): string | null;
  hasAttribute(nome: string): boolean;
  setAttribute(nome: string, valor: string): void;
  querySelector(seletor: string): Elemento | null;
  click(): void;
  focus(): void;
  dispatchEvent(evento: unknown): boolean;
}
interface Documento {
  body: Elemento & { innerHTML: string };
  head: { innerHTML: string };
  documentElement: Elemento;
  activeElement: unknown;
  querySelector(seletor: string): Elemento | null;
  getElementById(id: string): Elemento | null;
}
interface Resposta {
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}
type Fetch = (
  url: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string },
) => Promise<Resposta>;
interface Janela {
  document: Documento;
  location: { origin: string };
  parent: { postMessage(mensagem: unknown, origem: string): void };
  fetch: Fetch;
  bpmpi_config?: () => Record<string, unknown>;
  bpmpi_load(): void;
  bpmpi_authenticate(): void;
  dispatchEvent(evento: unknown): boolean;
  MessageEvent: new (tipo: string, init: { data: unknown; origin: string; source: unknown }) => unknown;
  KeyboardEvent: new (tipo: string, init: { key: string; bubbles: boolean }) => unknown;
  DOMParser: new () => { parseFromString(html: string, tipo: string): Documento };
}

const janela = globalThis as unknown as Janela;
const doc = () => janela.document;
const executar = (fonte: string) => new Function(fonte)();

interface Chamada {
  metodo: string;
  url: string;
  headers: Record<string, string>;
  corpo: string | undefined;
}
interface Evento {
  nome: string;
  dados: Record<string, unknown> | undefined;
}

let t: TestDb;
let app: FastifyInstance;
let bpmpi: string;
let chamadas: Chamada[];
let eventos: Evento[];

beforeAll(async () => {
  t = await openTestDb('sqlite');
  app = await appMpi(t.db);
  bpmpi = (await app.inject(`${BASE_3DS}/bpmpi.js`)).body;
});
afterAll(async () => {
  await app.close();
  await t.cleanup();
});

beforeEach(() => {
  chamadas = [];
  eventos = [];
  // The page's fetch, answered by the routes (a relative or same-origin URL).
  janela.fetch = async (url, init = {}) => {
    const destino = new URL(url, janela.location.origin);
    const chamada = {
      metodo: init.method ?? 'GET',
      url: destino.pathname + destino.search,
      headers: init.headers ?? {},
      corpo: init.body,
    };
    chamadas.push(chamada);
    const res = await app.inject({
      method: chamada.metodo as 'GET' | 'POST',
      url: chamada.url,
      headers: chamada.headers,
      ...(chamada.corpo === undefined ? {} : { payload: chamada.corpo }),
    });
    return { ok: res.statusCode < 300, status: res.statusCode, json: async () => res.json() };
  };
});
afterEach(async () => {
  // A modal left open still listens to the document: cancel it before the next test's page.
  if (doc().querySelector('[role="dialog"]')) {
    doc().body.dispatchEvent(new janela.KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await vi.waitFor(() => expect(eventos.map((e) => e.nome)).toContain('onFailure'));
  }
  doc().body.innerHTML = '';
  delete janela.bpmpi_config;
});

const EVENTOS = [
  'onReady',
  'onSuccess',
  'onFailure',
  'onUnenrolled',
  'onDisabled',
  'onError',
  'onUnsupportedBrand',
];

/** A checkout page: a 'Pagar' button and BP.Mpi's hidden fields; then the script, as production loads it. */
function montar(campos: Record<string, string> = {}, token = emitirTokenMpi(SEGREDO_TESTE).access_token) {
  const valores: Record<string, string> = {
    bpmpi_auth: 'true',
    bpmpi_accesstoken: token,
    bpmpi_ordernumber: 'pedido-42',
    bpmpi_currency: 'BRL',
    bpmpi_totalamount: '1234',
    bpmpi_installments: '1',
    bpmpi_paymentmethod: 'Debit',
    bpmpi_cardnumber: '4000000000002701',
    bpmpi_cardexpirationmonth: '12',
    bpmpi_cardexpirationyear: '2035',
    ...campos,
  };
  doc().body.innerHTML =
    '<main><h1>Pagamento</h1><button type="button" id="pagar">Pagar</button>' +
    Object.entries(valores)
      .map(([classe, valor]) => `<input type="hidden" class="${classe}" value="${valor}">`)
      .join('') +
    '</main>';
  janela.bpmpi_config = () => ({
    ...Object.fromEntries(
      EVENTOS.map((nome) => [nome, (dados?: Record<string, unknown>) => eventos.push({ nome, dados })]),
    ),
    Environment: 'SDB',
    Debug: false,
  });
  executar(bpmpi);
}

async function esperar(nome: string): Promise<Evento> {
  await vi.waitFor(() => expect(eventos.map((e) => e.nome)).toContain(nome));
  return eventos.find((e) => e.nome === nome)!;
}

/** The script loaded, then 'Pagar' focused and bpmpi_authenticate() called: the first event after onReady. */
async function autenticar(campos: Record<string, string> = {}, token?: string): Promise<Evento> {
  montar(campos, token);
  await esperar('onReady');
  doc().getElementById('pagar')!.focus();
  janela.bpmpi_authenticate();
  await vi.waitFor(() => expect(eventos.length).toBeGreaterThan(1));
  return eventos[1]!;
}

const dialogo = () => doc().querySelector('[role="dialog"]');

/** The challenge's modal, once open. */
async function desafioAberto(cartao: string) {
  montar({ bpmpi_cardnumber: cartao });
  await esperar('onReady');
  doc().getElementById('pagar')!.focus();
  janela.bpmpi_authenticate();
  await vi.waitFor(() => expect(dialogo()).not.toBeNull());
  const quadro = dialogo()!.querySelector('iframe')!;
  const referenceid = quadro.getAttribute('src')!.split('/').at(-1)!;
  return { quadro, referenceid };
}

function mensagem(data: unknown, origin: string, source: unknown) {
  janela.dispatchEvent(new janela.MessageEvent('message', { data, origin, source }));
}

const linha = (ref: string) =>
  t.db.selectFrom('sandbox_3ds').selectAll().where('referenceid', '=', ref).executeTakeFirstOrThrow();

describe('bpmpi.js', () => {
  it('loads itself (onReady once, like BP.Mpi: a second bpmpi_load() is ignored)', async () => {
    montar();
    await esperar('onReady');
    janela.bpmpi_load();
    await new Promise((r) => setTimeout(r, 20));
    expect(eventos.map((e) => e.nome)).toEqual(['onReady']);
  });

  it("bpmpi_auth 'false': onDisabled, and nothing is sent", async () => {
    montar({ bpmpi_auth: 'false' });
    await esperar('onDisabled');
    janela.bpmpi_authenticate();
    await vi.waitFor(() => expect(eventos.map((e) => e.nome)).toEqual(['onDisabled', 'onDisabled']));
    expect(chamadas).toEqual([]);
  });

  it.each(['6011000000000004', '378282246310005', '3528000000000007'])(
    'an unsupported brand (%s) fires onUnsupportedBrand without calling the server',
    async (cartao) => {
      const e = await autenticar({ bpmpi_cardnumber: cartao });
      expect(e).toEqual({
        nome: 'onUnsupportedBrand',
        dados: {
          Xid: null,
          Eci: null,
          ReturnCode: 'MPI903',
          ReturnMessage: expect.any(String),
          ReferenceId: null,
        },
      });
      expect(chamadas).toEqual([]);
    },
  );

  it('a malformed card number or amount is onError, without calling the server', async () => {
    expect((await autenticar({ bpmpi_cardnumber: '4000' })).dados).toMatchObject({ ReturnCode: 'MPI901' });
    eventos = [];
    expect((await autenticar({ bpmpi_totalamount: '12,34' })).dados).toMatchObject({ ReturnCode: 'MPI904' });
    expect(chamadas).toEqual([]);
  });

  it('sends only the last 4 digits and the brand, with the bearer token; success carries the CAVV', async () => {
    const token = emitirTokenMpi(SEGREDO_TESTE).access_token;
    const e = await autenticar({ bpmpi_cardnumber: '4000 0000 0000 2701' }, token);
    expect(e.nome).toBe('onSuccess');
    expect(e.dados).toEqual({
      Cavv: expect.any(String),
      Xid: null,
      Eci: '05',
      Version: '2',
      ReferenceId: expect.any(String),
    });
    expect(chamadas).toHaveLength(1);
    expect(chamadas[0]!.metodo).toBe('POST');
    expect(chamadas[0]!.url).toBe('/api/ead/sandbox/3ds/autenticar');
    expect(chamadas[0]!.headers.Authorization).toBe(`Bearer ${token}`);
    expect(JSON.parse(chamadas[0]!.corpo!)).toEqual({
      ordernumber: 'pedido-42',
      totalamount: 1234,
      final: '2701',
      bandeira: 'Visa',
    });
    expect(JSON.stringify(chamadas)).not.toMatch(/4000\s?0000\s?0000/);
  });

  it.each([
    ['5200000000002235', 'onSuccess', { Eci: '02' }],
    ['4000000000002925', 'onFailure', { Eci: '07' }],
    ['5200000000002276', 'onFailure', { Eci: '07' }],
    ['4000000000002420', 'onUnenrolled', { Eci: '07' }],
    ['4000000000002644', 'onError', { ReturnCode: 'MPI500' }],
  ])('%s fires %s', async (cartao, nome, campos) => {
    const e = await autenticar({ bpmpi_cardnumber: cartao });
    expect(e.nome).toBe(nome);
    expect(e.dados).toMatchObject(campos);
    if (nome === 'onFailure' || nome === 'onUnenrolled') expect(e.dados).not.toHaveProperty('Cavv');
  });

  it('an expired token is onError MPI900 (401), as BP.Mpi reports a failed call', async () => {
    const vencido = emitirTokenMpi(SEGREDO_TESTE, new Date(Date.now() - 2 * 3600 * 1000)).access_token;
    const e = await autenticar({}, vencido);
    expect(e).toEqual({
      nome: 'onError',
      dados: {
        Xid: null,
        Eci: null,
        ReturnCode: 'MPI900',
        ReturnMessage: 'Ocorreu um erro (401)',
        ReferenceId: null,
      },
    });
  });

  describe('challenge', () => {
    it('opens an accessible modal over an inert page, with the bank page in it and the focus inside', async () => {
      const { quadro, referenceid } = await desafioAberto('4000000000002503');
      const d = dialogo()!;
      expect(d.getAttribute('aria-modal')).toBe('true');
      expect(doc().getElementById(d.getAttribute('aria-labelledby')!)!.textContent).toBe(
        'Autenticação do banco',
      );
      expect(doc().activeElement).toBe(d);
      expect(quadro.getAttribute('src')).toBe(`/api/ead/sandbox/3ds/desafio/${referenceid}`);
      expect(quadro.getAttribute('title')).toBeTruthy();
      expect(doc().querySelector('main')!.hasAttribute('inert')).toBe(true);
      const options = { rules: { 'color-contrast': { enabled: false } }, iframes: false };
      expect(
        (await axe.run(doc().querySelector('[data-bpmpi]') as never, options)).violations.map((v) => v.id),
      ).toEqual([]);
      // A second bpmpi_authenticate() while it is open opens nothing more.
      janela.bpmpi_authenticate();
      await new Promise((r) => setTimeout(r, 20));
      expect(chamadas).toHaveLength(1);
    });

    it("the bank page's approval (its message) closes the modal and fires onSuccess; focus goes back", async () => {
      const { quadro, referenceid } = await desafioAberto('4000000000002503');
      await app.inject({
        method: 'POST',
        url: `${BASE_3DS}/desafio/${referenceid}`,
        payload: { decisao: 'aprovar' },
      });
      mensagem({ tipo: 'rango-3ds', referenceid }, janela.location.origin, quadro.contentWindow);
      const e = await esperar('onSuccess');
      expect(e.dados).toMatchObject({
        Cavv: (await linha(referenceid)).cavv,
        Eci: '05',
        ReferenceId: referenceid,
      });
      expect(dialogo()).toBeNull();
      expect(doc().querySelector('main')!.hasAttribute('inert')).toBe(false);
      expect(doc().activeElement).toBe(doc().getElementById('pagar'));
      expect(chamadas.at(-1)!.url).toBe(`/api/ead/sandbox/3ds/resultado/${referenceid}?bandeira=Visa`);
    });

    it('ignores messages from another origin, another frame or about another authentication', async () => {
      const { quadro, referenceid } = await desafioAberto('5200000000002151');
      mensagem({ tipo: 'rango-3ds', referenceid }, 'https://malicioso.example', quadro.contentWindow);
      mensagem({ tipo: 'rango-3ds', referenceid }, janela.location.origin, janela);
      mensagem({ tipo: 'rango-3ds', referenceid: 'outra' }, janela.location.origin, quadro.contentWindow);
      mensagem({ tipo: 'outro', referenceid }, janela.location.origin, quadro.contentWindow);
      await new Promise((r) => setTimeout(r, 30));
      expect(dialogo()).not.toBeNull();
      expect(eventos.map((e) => e.nome)).toEqual(['onReady']);
      expect(chamadas).toHaveLength(1);
    });

    it('Escape cancels: the server records the denial and onFailure fires', async () => {
      const { referenceid } = await desafioAberto('4000000000002503');
      doc().body.dispatchEvent(new janela.KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      const e = await esperar('onFailure');
      expect(e.dados).toEqual({ Xid: null, Eci: '07', Version: '2', ReferenceId: referenceid });
      expect(dialogo()).toBeNull();
      expect((await linha(referenceid)).estado).toBe('negado');
    });

    it("'Cancelar' cancels too; the bank page's own Escape message as well", async () => {
      const primeiro = await desafioAberto('4000000000002503');
      const cancelar = dialogo()!.querySelector('button')!;
      expect(cancelar.textContent).toBe('Cancelar');
      cancelar.click();
      await esperar('onFailure');
      expect((await linha(primeiro.referenceid)).estado).toBe('negado');

      eventos = [];
      const segundo = await desafioAberto('4000000000002503');
      mensagem(
        { tipo: 'rango-3ds', referenceid: segundo.referenceid, cancelar: true },
        janela.location.origin,
        segundo.quadro.contentWindow,
      );
      await esperar('onFailure');
      expect((await linha(segundo.referenceid)).estado).toBe('negado');
    });

    it('a failure card approved on the bank page still fires onFailure', async () => {
      const { quadro, referenceid } = await desafioAberto('4000000000002370');
      await app.inject({
        method: 'POST',
        url: `${BASE_3DS}/desafio/${referenceid}`,
        payload: { decisao: 'aprovar' },
      });
      mensagem({ tipo: 'rango-3ds', referenceid }, janela.location.origin, quadro.contentWindow);
      expect((await esperar('onFailure')).dados).toMatchObject({ ReferenceId: referenceid });
    });
  });
});

describe('the bank page (banco.js)', () => {
  let referenceid: string;
  let avisos: [unknown, string][];

  beforeEach(async () => {
    const aberto = await app.inject({
      method: 'POST',
      url: `${BASE_3DS}/autenticar`,
      headers: { authorization: `Bearer ${emitirTokenMpi(SEGREDO_TESTE).access_token}` },
      payload: { ordernumber: 'p', totalamount: 990, final: '2503', bandeira: 'Visa' },
    });
    referenceid = aberto.json<{ referenceid: string }>().referenceid;
    const html = (await app.inject(`${BASE_3DS}/desafio/${referenceid}`)).body;
    const pagina = new janela.DOMParser().parseFromString(html, 'text/html');
    doc().documentElement.setAttribute('lang', pagina.documentElement.getAttribute('lang')!);
    doc().head.innerHTML = pagina.head.innerHTML;
    doc().body.innerHTML = pagina.body.innerHTML;
    avisos = [];
    // Only this test's page: the earlier pages' scripts still listen to the (shared) document.
    vi.spyOn(janela.parent, 'postMessage').mockImplementation((m: unknown, o: string) => {
      if ((m as { referenceid?: unknown }).referenceid === referenceid) avisos.push([m, o]);
    });
    executar(BANCO_JS);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    doc().head.innerHTML = '';
  });

  it('has no axe violations (lang pt-BR, a title, labelled buttons, a live status)', async () => {
    expect(doc().documentElement.getAttribute('lang')).toBe('pt-BR');
    const options = { rules: { 'color-contrast': { enabled: false } } };
    expect((await axe.run(doc() as never, options)).violations.map((v) => v.id)).toEqual([]);
  });

  it("'Aprovar' posts the decision, says so, and tells the parent window (same origin)", async () => {
    doc().querySelector('button[value="aprovar"]')!.click();
    await vi.waitFor(() => expect(avisos).toHaveLength(1));
    expect(avisos[0]).toEqual([{ tipo: 'rango-3ds', referenceid }, janela.location.origin]);
    expect(chamadas).toEqual([
      {
        metodo: 'POST',
        url: `/api/ead/sandbox/3ds/desafio/${referenceid}`,
        headers: { 'Content-Type': 'application/json' },
        corpo: JSON.stringify({ decisao: 'aprovar' }),
      },
    ]);
    expect((await linha(referenceid)).estado).toBe('aprovado');
    expect(doc().getElementById('estado')!.textContent).toBe('Compra aprovada. Voltando para a loja…');
    expect(doc().querySelector('button[value="negar"]')!.disabled).toBe(true);
  });

  it("'Negar' denies", async () => {
    doc().querySelector('button[value="negar"]')!.click();
    await vi.waitFor(() => expect(avisos).toHaveLength(1));
    expect((await linha(referenceid)).estado).toBe('negado');
    expect(doc().getElementById('estado')!.textContent).toBe('Compra negada. Voltando para a loja…');
  });

  it('Escape asks the parent to cancel', async () => {
    doc().body.dispatchEvent(new janela.KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(avisos).toEqual([[{ tipo: 'rango-3ds', referenceid, cancelar: true }, janela.location.origin]]);
    expect(chamadas).toEqual([]);
  });

  it('a failed post re-enables the buttons and says so', async () => {
    janela.fetch = async () => ({ ok: false, status: 500, json: async () => ({}) });
    doc().querySelector('button[value="aprovar"]')!.click();
    await vi.waitFor(() =>
      expect(doc().getElementById('estado')!.textContent).toBe(
        'Não foi possível enviar sua resposta. Tente novamente.',
      ),
    );
    expect(doc().querySelector('button[value="aprovar"]')!.disabled).toBe(false);
    expect(avisos).toEqual([]);
  });
});

describe('banco.css', () => {
  // WCAG relative luminance and contrast ratio (jsdom has no layout: axe cannot measure it).
  const luminancia = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const v = parseInt(hex.slice(i, i + 2), 16) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contraste = (a: string, b: string) => {
    const [x, y] = [luminancia(a), luminancia(b)].sort((p, q) => q - p) as [number, number];
    return (x + 0.05) / (y + 0.05);
  };
  const regra = (seletor: string) => {
    const m = new RegExp(`(?:^|\\n)${seletor.replace(/\./g, '\\.')} \\{([^}]*)\\}`).exec(BANCO_CSS);
    const cor = (prop: string) => new RegExp(`(?:^|\\s)${prop}: (#[0-9a-f]{6});`).exec(m?.[1] ?? '')?.[1];
    return { color: cor('color'), background: cor('background') };
  };

  it.each([
    ['html', undefined],
    ['.banco h1', '#f4f6f8'],
    ['.acoes .aprovar', undefined],
    ['.acoes .negar', undefined],
  ])('%s: text contrast at least 4.5:1', (seletor, fundoHerdado) => {
    const { color, background } = regra(seletor);
    const fundo = background ?? fundoHerdado;
    expect(color).toBeDefined();
    expect(fundo).toBeDefined();
    expect(contraste(color!, fundo!)).toBeGreaterThanOrEqual(4.5);
  });
});
