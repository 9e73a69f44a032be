import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definirHorarios, montarPedido, pedidoUrl, produtosDoMenu } from './modules/orders/testing.ts';
import { REQUEST_ID } from './http/request-id.ts';
import { openTestApp } from './test/app.ts';
import type { TestApp } from './test/app.ts';
import { DIALECTS } from './test/db.ts';

/**
 * The server's log lines at the most verbose level while a customer signs up, confirms, logs in
 * (wrongly, then rightly), asks for a password reset and places an order with CPF and phone: none
 * may carry that person's e-mail, name, phone, CPF or password, in any spelling the app sends.
 */
const NOME = 'Zuleica Quintanilha';
const EMAIL = 'Zuleica.Quintanilha@Exemplo.com.br';
const TELEFONE = '(11) 97531-8642';
const CPF = '529.982.247-25';
const SENHA = 'senha-secreta-da-zuleica';

const PROIBIDOS = [
  NOME,
  'Zuleica',
  'Quintanilha',
  EMAIL,
  EMAIL.toLowerCase(),
  'zuleica.quintanilha',
  TELEFONE,
  '11975318642',
  '97531-8642',
  '975318642',
  CPF,
  '52998224725',
  SENHA,
];

describe.each(DIALECTS)('no personal data in the logs on %s', (dialect) => {
  let h: TestApp;
  const logs: string[] = [];
  beforeAll(async () => {
    h = await openTestApp(
      dialect,
      { logLevel: 'trace', rateLimit: false },
      { logStream: { write: (line: string) => void logs.push(line) } },
    );
    await h.app.ready();
  });
  afterAll(async () => {
    await h.close();
  });

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'POST', url: `/api/ead${url}`, payload, headers });

  it('sign-up, confirmation, logins, reset request and an order: none of it in any log line', async () => {
    const cadastro = await post('/controle/cliente/', {
      nomeourazaosocial: NOME,
      email: EMAIL,
      telefone: TELEFONE,
      senha: SENHA,
      confirm: SENHA,
    });
    expect(cadastro.statusCode, cadastro.body).toBe(201);
    // The outbox's log line carries the confirmation link (not the address it was sent to).
    const link = /\/confirma\/([^\s"]+)/.exec(logs.join(''))?.[1];
    expect(link).toBeDefined();
    const [uuid, token] = (link ?? '').split('/');
    expect((await post(`/controle/cliente/${uuid}/confirmar/${token}/`, {})).statusCode).toBe(200);

    expect((await post('/controle/token/', { email: EMAIL, senha: `${SENHA}!` })).statusCode).toBe(400);
    const login = await post('/controle/token/', { email: EMAIL, senha: SENHA });
    expect(login.statusCode, login.body).toBe(200);
    const auth = { authorization: `Bearer ${login.json<{ access: string }>().access}` };
    expect((await post('/controle/cliente/token-resete-senha/', { email: EMAIL })).statusCode).toBe(200);
    await h.app.backgroundTasks.idle();

    await definirHorarios(h.t.db, 1);
    const produtos = await produtosDoMenu(h.app, 1);
    const pedido = (troco_para?: number) => {
      const base = montarPedido(produtos, {
        itens: [{ produto: 311, quantidade: 5 }],
        telefone: TELEFONE,
        troco_para,
      });
      return { ...base, cliente: { ...base.cliente, nome: NOME, cpf: CPF }, cpf_pagador: CPF };
    };
    const enviar = (payload: object) =>
      h.app.inject({ method: 'POST', url: pedidoUrl(1), payload, headers: auth });
    const criado = await enviar(pedido());
    expect(criado.statusCode, criado.body).toBe(201);
    // A refused one too (its error path logs differently): change for less than the total.
    expect((await enviar(pedido(100))).statusCode).toBe(400);
    expect((await h.app.inject({ url: '/api/ead/controle/cliente/', headers: auth })).statusCode).toBe(200);

    const texto = logs.join('');
    // The search saw the requests (trace level logs each one with its url).
    expect(texto).toMatch(/controle\/token/);
    expect(texto).toMatch(/estabelecimento\/1\/pedido/);
    for (const dado of PROIBIDOS) expect(texto.toLowerCase(), dado).not.toContain(dado.toLowerCase());
  });

  it('X-Request-Id: a plain token is echoed and on every line of its request; a forged one is replaced, never logged', async () => {
    const dado = 'lb-4f2a.9c_01';
    const ok = await h.app.inject({ url: '/api/ead/health', headers: { 'x-request-id': dado } });
    expect(ok.headers['x-request-id']).toBe(dado);
    const lines = logs.filter((l) => l.includes(`"reqId":"${dado}"`));
    expect(lines.length).toBeGreaterThan(0);

    const enorme = 'A'.repeat(10_000);
    for (const forjado of [enorme, 'a'.repeat(65), 'abc\tdef', 'x y', 'abc/def', '"},{"level":60']) {
      const antes = logs.length;
      const res = await h.app.inject({ url: '/api/ead/health', headers: { 'x-request-id': forjado } });
      const id = String(res.headers['x-request-id']);
      expect(id, forjado.slice(0, 20)).not.toBe(forjado);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(REQUEST_ID.test(id)).toBe(true);
      const novas = logs.slice(antes).join('');
      expect(novas).toContain(id);
      expect(novas).not.toContain(forjado);
    }
    // Without the header an id is made as well.
    expect(String((await h.app.inject({ url: '/healthz' })).headers['x-request-id'])).toMatch(
      /^[0-9a-f-]{36}$/,
    );
  });
});
