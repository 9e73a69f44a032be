import { inserirPedidoDoCliente } from '../notificacoes/testing.ts';
import type { FastifyBaseLogger } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MSG_DOMINIO, dominioSchema, dominiosSchema } from '@rango/domain/painel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../../adapters/mail/outbox.ts';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS } from '../../test/db.ts';
import { createNotificacoesService } from '../notificacoes/service.ts';
import { novoCliente } from '../orders/testing.ts';
import { API, staffBearer } from '../staff/testing.ts';
import { createDominiosService, criarUrlPublica } from './dominio.ts';
import { dominioAdicionarCommand, dominioRemoverCommand, dominiosCommand } from './dominio-commands.ts';
import { normalizarHost } from './dominio-host.ts';

const P = { publicUrl: 'https://rango.com.br', platformDomain: 'rango.app' };
const ok = (entrada: string, p = P) => normalizarHost(entrada, p);

describe('normalizarHost', () => {
  it('normalises: lowercase, no port, no trailing dot, punycode, a pasted URL taken for its host', () => {
    expect(ok('Pedidos.SaboraDaVila.com.BR')).toEqual({ host: 'pedidos.saboradavila.com.br' });
    expect(ok(' pedidos.saboradavila.com.br.:8443 ')).toEqual({ host: 'pedidos.saboradavila.com.br' });
    expect(ok('https://pedidos.saboradavila.com.br/')).toEqual({ host: 'pedidos.saboradavila.com.br' });
    expect(ok('pedidos.sabordavíla.com.br')).toEqual({ host: 'pedidos.xn--sabordavla-r8a.com.br' });
    expect(ok('açaí.com.br')).toEqual({ host: 'xn--aa-4iaz.com.br' });
  });

  it('refuses what is not a host name, with the reason', () => {
    for (const x of [
      '',
      'semponto',
      'a_b.com.br',
      '-a.com.br',
      'a-.com.br',
      'a..com.br',
      'x.com.br/menu',
      'eu@x.com',
      'x.123',
      `${'a'.repeat(64)}.com`,
    ]) {
      expect(ok(x), x).toEqual({ erro: MSG_DOMINIO.invalido });
    }
    for (const x of ['192.168.0.10', '0x7f.1', '[::1]', '::1'])
      expect(ok(x), x).toEqual({ erro: expect.any(String) as string });
    expect(ok('192.168.0.10')).toEqual({ erro: MSG_DOMINIO.ip });
    expect(ok('0x7f.1')).toEqual({ erro: MSG_DOMINIO.ip });
    expect(ok('[::1]')).toEqual({ erro: MSG_DOMINIO.ip });
    for (const x of [
      'localhost',
      'pedidos.localhost',
      'loja.test',
      'x.local',
      'www.example.com',
      'example.org',
      'a.internal',
    ]) {
      expect(ok(x), x).toEqual({ erro: x === 'localhost' ? MSG_DOMINIO.invalido : MSG_DOMINIO.reservado });
    }
  });

  it("refuses the platform's own host and names under it; allows one label under PLATFORM_DOMAIN", () => {
    expect(ok('rango.com.br')).toEqual({ erro: MSG_DOMINIO.plataforma });
    expect(ok('RANGO.com.br.')).toEqual({ erro: MSG_DOMINIO.plataforma });
    expect(ok('loja.rango.com.br')).toEqual({ erro: MSG_DOMINIO.plataforma });
    expect(ok('rango.app')).toEqual({ erro: MSG_DOMINIO.plataforma });
    expect(ok('www.rango.app')).toEqual({ erro: MSG_DOMINIO.plataforma });
    expect(ok('painel.rango.app')).toEqual({ erro: MSG_DOMINIO.plataforma });
    expect(ok('a.b.rango.app')).toEqual({ erro: MSG_DOMINIO.plataforma });
    expect(ok('saboradavila.rango.app')).toEqual({ host: 'saboradavila.rango.app' });
    // Without PLATFORM_DOMAIN no name under the platform's is anybody's.
    expect(ok('saboradavila.rango.app', { publicUrl: 'https://rango.app', platformDomain: '' })).toEqual({
      erro: MSG_DOMINIO.plataforma,
    });
  });
});

const INDEX = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
const HOST = 'pedidos.saboradavila.com.br';

describe.each(DIALECTS)('domains per establishment on %s', (dialect) => {
  let ta: TestApp;
  let dir: string;
  let dono: { authorization: string };
  let atendente: { authorization: string };
  let outroDono: { authorization: string };
  const url = (id: number) => `${API}/painel/estabelecimento/${id}/dominios/`;
  const adicionar = (id: number, host: unknown, headers = dono) =>
    ta.app.inject({ method: 'POST', url: url(id), payload: { host }, headers });
  const sob = (
    host: string,
    path: string,
    method: 'GET' | 'OPTIONS' | 'POST' = 'GET',
    extra = {},
    payload?: object,
  ) => ta.app.inject({ method, url: path, headers: { host, ...extra }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rango-dominio-'));
    const webDist = join(dir, 'dist');
    mkdirSync(join(webDist, 'assets'), { recursive: true });
    writeFileSync(join(webDist, 'index.html'), INDEX);
    ta = await openTestApp(dialect, {
      webDist,
      publicUrl: 'http://rango.com.br:8080',
      platformDomain: 'rango.app',
    });
    await ta.app.ready();
    dono = await staffBearer(ta.app, ta.t.db, 1, 'dono@pizzaria.test', 'dono');
    atendente = await staffBearer(ta.app, ta.t.db, 1, 'atendente@pizzaria.test', 'atendente');
    outroDono = await staffBearer(ta.app, ta.t.db, 2, 'dono@lanchonete.test', 'dono');
  });
  afterAll(async () => {
    await ta?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the owner adds a host name, stored normalised; a repeat changes nothing; the list shows the CNAME target', async () => {
    const r = await adicionar(1, 'Pedidos.SaboraDaVila.com.br.');
    expect(r.statusCode).toBe(201);
    const d = dominioSchema.parse(r.json());
    expect(d).toMatchObject({ host: HOST, url: `http://${HOST}:8080/` });
    const again = await adicionar(1, HOST);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ id: d.id });
    const lista = dominiosSchema.parse((await ta.app.inject({ url: url(1), headers: dono })).json());
    expect(lista).toEqual({ alvo: 'rango.com.br', dominios: [d] });
    const audit = await ta.t.db
      .selectFrom('auditoria')
      .selectAll()
      .where('entidade', '=', 'dominio')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it("refuses an invalid host, the platform's own and another establishment's (any case), with the reason", async () => {
    const recusa = async (id: number, host: unknown, headers = dono) => {
      const r = await adicionar(id, host, headers);
      expect(r.statusCode).toBe(400);
      return r.json<Record<string, string[]>>();
    };
    expect(await recusa(1, 'não é domínio')).toEqual({ host: [MSG_DOMINIO.invalido] });
    expect(await recusa(1, '10.0.0.1')).toEqual({ host: [MSG_DOMINIO.ip] });
    expect(await recusa(1, 'rango.com.br')).toEqual({ host: [MSG_DOMINIO.plataforma] });
    expect(await recusa(1, 'www.rango.app')).toEqual({ host: [MSG_DOMINIO.plataforma] });
    expect(await recusa(2, 'PEDIDOS.saboradavila.com.br', outroDono)).toEqual({ host: [MSG_DOMINIO.emUso] });
    expect(Object.keys(await recusa(1, 42))).toEqual(['host']);
    expect(
      (await ta.app.inject({ method: 'POST', url: url(1), payload: [], headers: dono })).statusCode,
    ).toBe(400);
    // A subdomain of the platform's domain is fine.
    expect((await adicionar(2, 'lanchonete.rango.app', outroDono)).statusCode).toBe(201);
  });

  it('only the owner of that establishment: an attendant 403, another owner 404', async () => {
    expect((await adicionar(1, 'outro.com.br', atendente)).statusCode).toBe(403);
    expect((await ta.app.inject({ url: url(1), headers: outroDono })).statusCode).toBe(404);
    expect((await ta.app.inject({ url: url(1) })).statusCode).toBe(401);
    const [d] = dominiosSchema.parse((await ta.app.inject({ url: url(1), headers: dono })).json()).dominios;
    // Establishment 1's host name through establishment 2's path: not there.
    const r = await ta.app.inject({ method: 'DELETE', url: `${url(2)}${d!.id}/`, headers: outroDono });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({ detail: MSG_DOMINIO.naoEncontrado });
    expect(
      (await ta.app.inject({ method: 'DELETE', url: `${url(2)}abc/`, headers: outroDono })).statusCode,
    ).toBe(404);
  });

  it("under the host, / opens its menu and the others' menus are unreachable", async () => {
    // `/` is its menu's page, at `/` (no redirect), naming the establishment for the app.
    const raiz = await sob(`${HOST.toUpperCase()}:8080`, '/?origem=app');
    expect(raiz.statusCode).toBe(200);
    expect(raiz.headers.location).toBeUndefined();
    expect(raiz.body).toContain('<meta name="rango-estabelecimento" content="1">');
    expect(raiz.headers['content-security-policy']).toBeDefined();
    // Every customer page loaded directly under the host names it and is in its brand (the
    // order, the account, the checkout), not only the menu.
    const cor = await ta.app.inject({
      method: 'PUT',
      url: `${API}/painel/estabelecimento/1/marca/`,
      payload: { cor: '#0B6E4F' },
      headers: dono,
    });
    expect(cor.statusCode, cor.body).toBe(200);
    for (const path of ['/', '/pedido/7/', '/cliente', '/pagamento', '/estabelecimento/1']) {
      const html = (await sob(HOST, path)).body;
      expect(html, path).toContain('<meta name="rango-estabelecimento" content="1">');
      expect(html, path).toMatch(/<style id="rango-marca">[^<]*--rango-marca:#0b6e4f;/);
    }
    // Its installed app, installed from the host, starts at the host's `/` and keeps all of it.
    const manifesto = await sob(HOST, '/estabelecimento/1/manifest.webmanifest');
    expect(manifesto.json()).toMatchObject({ id: '/estabelecimento/1/', start_url: '/', scope: '/' });
    expect((await sob('rango.com.br', '/estabelecimento/1/manifest.webmanifest')).json()).toMatchObject({
      start_url: '/estabelecimento/1/',
      scope: '/estabelecimento/1/',
    });
    // On the platform's host an order page is not branded (nor told whose order it is).
    expect((await sob('rango.com.br', '/pedido/7/')).body).not.toContain('rango-marca');
    // The platform's host keeps its home page, naming no establishment.
    const casa = await sob('rango.com.br', '/');
    expect(casa.statusCode).toBe(200);
    expect(casa.body).not.toContain('rango-estabelecimento');
    expect((await sob(HOST, '/estabelecimento/1')).statusCode).toBe(200);
    expect((await sob(HOST, `${API}/api/estabelecimento/1/menu/`)).statusCode).toBe(200);
    expect((await sob(HOST, `${API}/api/estabelecimento/1/formapgto/`)).statusCode).toBe(200);
    expect((await sob(HOST, `${API}/controle/estabelecimento/1/`)).statusCode).toBe(200);
    // Establishment 2: reachable on the platform's host, 404 under establishment 1's.
    expect((await sob('rango.com.br', '/estabelecimento/2')).statusCode).toBe(200);
    expect((await sob('rango.com.br', `${API}/api/estabelecimento/2/menu/`)).statusCode).toBe(200);
    const pagina = await sob(HOST, '/estabelecimento/2/');
    expect(pagina.statusCode).toBe(404);
    expect(pagina.body).toContain('Página não encontrada');
    for (const path of [
      '/api/estabelecimento/2/menu/',
      '/api/estabelecimento/2/formapgto/',
      '/controle/estabelecimento/2/',
      '/api/estabelecimento/2/pedido/',
    ]) {
      const r = await sob(HOST, `${API}${path}`);
      expect(r.statusCode, path).toBe(404);
    }
    // Establishment 2's own subdomain opens establishment 2.
    expect((await sob('lanchonete.rango.app', '/')).body).toContain(
      '<meta name="rango-estabelecimento" content="2">',
    );
    expect((await sob('lanchonete.rango.app', `${API}/api/estabelecimento/1/menu/`)).statusCode).toBe(404);
  });

  it('CORS stays closed under any host: the API answers its own origin only, sets no cookie', async () => {
    const pre = await sob(HOST, `${API}/api/estabelecimento/1/menu/`, 'OPTIONS', {
      origin: 'https://outro.com.br',
      'access-control-request-method': 'GET',
    });
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    const get = await sob(HOST, `${API}/controle/estabelecimento/1/`, 'GET', {
      origin: 'https://rango.com.br',
    });
    expect(get.statusCode).toBe(200);
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
    expect(get.headers['set-cookie']).toBeUndefined();
  });

  it("the menu's fast path (a real socket) leaves the establishment's host to the routing", async () => {
    await ta.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ta.app.server.address() as AddressInfo;
    const get = (host: string, path: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end();
      });
    const menu2 = `${API}/api/estabelecimento/2/menu/`;
    // Twice on the platform's host: the second is the cached menu's fast path.
    expect(await get('rango.com.br', menu2)).toBe(200);
    expect(await get('rango.com.br', menu2)).toBe(200);
    expect(await get(HOST, menu2)).toBe(404);
    expect(await get(HOST, `${API}/api/estabelecimento/1/menu/`)).toBe(200);
  });

  it('links: urlPublicaDe gives the establishment its host, the others PUBLIC_URL', async () => {
    const urlPublicaDe = criarUrlPublica(ta.t.db, 'http://rango.com.br:8080');
    expect(await urlPublicaDe(1)).toBe(`http://${HOST}:8080`);
    expect(await urlPublicaDe(3)).toBe('http://rango.com.br:8080');
  });

  it("a customer's sign-up and recovery links go back to the host they were asked on", async () => {
    const email = `dominio.${dialect}@exemplo.com.br`;
    const cadastro = await sob(
      HOST,
      `${API}/controle/cliente/`,
      'POST',
      {
        'content-type': 'application/json',
      },
      {
        nomeourazaosocial: 'Cliente do Domínio',
        email,
        telefone: '11987654321',
        senha: 'segredo123',
        confirm: 'segredo123',
      },
    );
    expect(cadastro.statusCode, cadastro.body).toBe(201);
    const recuperar = await sob(
      'rango.com.br',
      `${API}/controle/cliente/token-resete-senha/`,
      'POST',
      {
        'content-type': 'application/json',
      },
      { email },
    );
    expect(recuperar.statusCode, recuperar.body).toBe(200);
    await ta.app.backgroundTasks.idle();
    const mails = await ta.t.db
      .selectFrom('mail_outbox')
      .select(['texto'])
      .where('para', '=', email)
      .orderBy('id')
      .execute();
    expect(mails).toHaveLength(2);
    expect(mails[0]!.texto).toContain(`http://${HOST}:8080/confirma/`);
    // Asked on the platform's host: the platform's link.
    expect(mails[1]!.texto).toContain('http://rango.com.br:8080/resetar-senha/');
    expect(mails[1]!.texto).not.toContain(HOST);
  });

  it("Caddy's ask: 200 for a known host only, 404 otherwise, 400 without one", async () => {
    const ask = (q: string) => ta.app.inject({ url: `/api/tls/ask${q}` });
    expect((await ask(`?domain=${HOST}`)).statusCode).toBe(200);
    expect((await ask(`?domain=${HOST.toUpperCase()}.`)).statusCode).toBe(200);
    expect((await ask('?domain=lanchonete.rango.app')).statusCode).toBe(200);
    expect((await ask('?domain=desconhecido.com.br')).statusCode).toBe(404);
    expect((await ask('?domain=rango.com.br')).statusCode).toBe(404);
    expect((await ask('')).statusCode).toBe(400);
  });

  it('removing the host name ends its routing and its certificate', async () => {
    const [d] = dominiosSchema.parse((await ta.app.inject({ url: url(1), headers: dono })).json()).dominios;
    expect(
      (await ta.app.inject({ method: 'DELETE', url: `${url(1)}${d!.id}/`, headers: dono })).statusCode,
    ).toBe(204);
    expect((await ta.app.inject({ url: `/api/tls/ask?domain=${HOST}` })).statusCode).toBe(404);
    expect((await sob(HOST, '/')).statusCode).toBe(200);
    expect((await sob(HOST, '/estabelecimento/2')).statusCode).toBe(200);
    // Free again: another establishment may take it.
    expect((await adicionar(2, HOST, outroDono)).statusCode).toBe(201);
  });

  it("the order's notification and e-mail link to its establishment's host, else to the platform's", async () => {
    const c = await novoCliente(ta.app, ta.t.db);
    const consent = await ta.app.inject({
      method: 'PUT',
      url: `${API}/controle/cliente/notificacoes/`,
      headers: c.headers,
      payload: { canal: 'email', ativo: true, origem: 'pedido' },
    });
    expect(consent.statusCode).toBe(200);
    const pedido = async () => {
      return inserirPedidoDoCliente(ta.t.db, c.id);
    };
    const silencio = { info: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;
    // A service's copy of the host names, as another instance's would be: loaded from the table.
    const servico = async () => {
      const dominios = createDominiosService(ta.t.db, { publicUrl: 'http://rango.com.br:8080' });
      await dominios.carregar();
      return createNotificacoesService({
        db: ta.t.db,
        mailer: createOutboxMailer(ta.t.db, silencio),
        push: { enviar: async () => ({ status: 201 }) } as never,
        publicUrl: 'http://rango.com.br:8080',
        urlPublicaDe: dominios.urlPublicaDe,
        log: silencio,
      });
    };
    /** The order's notification links and its e-mails, once the service has sent them. */
    const enviado = async (svc: Awaited<ReturnType<typeof servico>>, idpedido: number) => {
      // On PostgreSQL another test file's transaction on the cluster may hold the event back a while.
      const ler = async () => {
        await svc.rodar();
        const n = await ta.t.db
          .selectFrom('notificacao')
          .select('link')
          .where('idpedido', '=', idpedido)
          .execute();
        const links = n.map((x) => x.link);
        const emails = await ta.t.db
          .selectFrom('mail_outbox')
          .select(['texto', 'html'])
          .where('link', 'in', links.length > 0 ? links : [''])
          .execute();
        return { links, emails };
      };
      await expect.poll(async () => (await ler()).emails.length, { timeout: 5_000, interval: 20 }).toBe(1);
      return ler();
    };
    const confere = (m: { texto: string; html: string }, link: string, outra: string) => {
      expect(m.texto).toContain(`Acompanhe: ${link}\n`);
      expect(m.html).toContain(`<a href="${link}">Acompanhar o pedido</a>`);
      expect(`${m.texto}${m.html}`).not.toContain(`//${outra}`);
    };

    // Without a host name of its own (the previous test gave it away): the platform's address.
    const antes = await pedido();
    const naPlataforma = await enviado(await servico(), antes);
    expect(naPlataforma.links).toEqual([`http://rango.com.br:8080/pedido/${antes}`]);
    confere(naPlataforma.emails[0]!, naPlataforma.links[0]!, 'pedidos.pizzaria.com.br');

    expect((await adicionar(1, 'pedidos.pizzaria.com.br')).statusCode).toBe(201);
    const id = await pedido();
    const noHost = await enviado(await servico(), id);
    expect(noHost.links).toEqual([`http://pedidos.pizzaria.com.br:8080/pedido/${id}`]);
    confere(noHost.emails[0]!, noHost.links[0]!, 'rango.com.br');
  });

  it("the operator's commands: the same checks, then the host routes", async () => {
    const cfg = { publicUrl: 'http://rango.com.br:8080', platformDomain: 'rango.app' };
    await expect(dominioAdicionarCommand(ta.t.db, ['1', 'rango.com.br'], cfg)).rejects.toThrow(
      MSG_DOMINIO.plataforma,
    );
    await expect(dominioAdicionarCommand(ta.t.db, ['1', 'lanchonete.rango.app'], cfg)).rejects.toThrow(
      MSG_DOMINIO.emUso,
    );
    await expect(dominioAdicionarCommand(ta.t.db, ['999', 'x.com.br'], cfg)).rejects.toThrow(
      'não encontrado',
    );
    expect(await dominioAdicionarCommand(ta.t.db, ['1', 'Loja1.com.br'], cfg)).toContain(
      'loja1.com.br adicionado',
    );
    expect(await dominiosCommand(ta.t.db, ['1'], cfg)).toContain('loja1.com.br  http://loja1.com.br:8080/');
    expect((await ta.app.inject({ url: '/api/tls/ask?domain=loja1.com.br' })).statusCode).toBe(200);
    expect(await dominioRemoverCommand(ta.t.db, ['1', 'LOJA1.com.br'], cfg)).toContain('removido');
    await expect(dominioRemoverCommand(ta.t.db, ['1', 'loja1.com.br'], cfg)).rejects.toThrow('não tem');
    expect((await ta.app.inject({ url: '/api/tls/ask?domain=loja1.com.br' })).statusCode).toBe(404);
  });

  it('the ask is rate-limited per client', async () => {
    let status = 0;
    // Up to two windows' worth: a slow run may cross one window's end (the count starts again).
    for (let i = 0; i < 602 && status !== 429; i++) {
      status = (await ta.app.inject({ url: '/api/tls/ask?domain=x.com.br', remoteAddress: '10.9.9.9' }))
        .statusCode;
    }
    expect(status).toBe(429);
    // Another client is not affected.
    expect(
      (await ta.app.inject({ url: '/api/tls/ask?domain=x.com.br', remoteAddress: '10.9.9.8' })).statusCode,
    ).toBe(404);
  }, 30_000);
});
