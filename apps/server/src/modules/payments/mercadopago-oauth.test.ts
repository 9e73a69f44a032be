import { existsSync, readFileSync } from 'node:fs';
import { pedidoCriadoSchema } from '@rango/domain';
import type { Produto } from '@rango/domain';
import { MSG_OAUTH_MP, contasPagamentoSchema, taxaPlataforma } from '@rango/domain/painel/pagamentos';
import type { ContasPagamento } from '@rango/domain/painel/pagamentos';
import { relatorioSchema } from '@rango/domain/painel/relatorio';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Config } from '../../config.ts';
import type { Dialeto } from '../../db/index.ts';
import { seedEstablishments } from '../../db/seed/seed-establishments.ts';
import type { SeedEstablishment } from '../../db/seed/types.ts';
import { DIALECTS, openTestDb, testConfig } from '../../test/db.ts';
import type { TestDb } from '../../test/db.ts';
import { startMercadoPagoFake } from '../../test/fakes/mercadopago.ts';
import type { MercadoPagoFake } from '../../test/fakes/mercadopago.ts';
import { fixtureEstablishments } from '../../test/fixtures.ts';
import { pedidoPort } from '../orders/status.ts';
import {
  API,
  definirHorarios,
  montarPedido,
  novoCliente,
  pedidoUrl,
  produtosDoMenu,
} from '../orders/testing.ts';
import type { ClienteTeste } from '../orders/testing.ts';
import { createSegredos } from '../secrets/service.ts';
import { staffBearer } from '../staff/testing.ts';
import { estornarPeloCli, taxaPlataformaCommand } from './commands.ts';
import { createContasPainel } from './contas-painel.ts';
import { createGateways, nomeSegredo } from './contas.ts';
import { createMercadoPagoGateway } from './mercadopago/mercadopago.ts';
import { createMercadoPagoOAuth } from './mercadopago-oauth.ts';
import type { MercadoPagoOAuth } from './mercadopago-oauth.ts';
import { createSandboxGateway } from './sandbox/gateway.ts';

/** The install's Mercado Pago application, and the seller who consents at /authorization. */
const APP = { clientId: '5550001112223334', clientSecret: 'segredo-do-app-mp-oauth' };
const VENDEDOR = '777001';
const WEBHOOK = 'segredo-do-webhook-mp-oauth';
const PIX2 = { id: 41, sttipopgto: 200, descricao: 'PIX' };
const silencio = { info: () => undefined, warn: () => undefined, error: () => undefined };

function fixture(): SeedEstablishment[] {
  const [um, dois] = structuredClone(fixtureEstablishments) as [SeedEstablishment, SeedEstablishment];
  const bebida = um.menu.grupos.flatMap((g) => g.produtos).find((p) => p.idproduto === 311)!;
  dois.formaspgto = [
    { idformapgto: 41, descricao: 'PIX', sttipopgto: 200 },
    { idformapgto: 42, descricao: 'Dinheiro', sttipopgto: 0 },
  ];
  dois.menu = { grupos: [{ idgrupo: 60, descricao: 'Bebidas', produtos: [{ ...bebida, idproduto: 611 }] }] };
  dois.detalhe.lojaaberta = true;
  return [um, dois];
}

describe.each(DIALECTS)('Mercado Pago OAuth and the platform fee on %s', (dialect: Dialeto) => {
  let mp: MercadoPagoFake;
  let t: TestDb;
  let app: FastifyInstance;
  let config: Config;
  let maria: ClienteTeste;
  let menu2: Map<number, Produto>;
  let dono1: { authorization: string };
  let dono2: { authorization: string };
  let atendente2: { authorization: string };
  let redirectUri: string;
  let webhookUrl: string;
  const logs: string[] = [];
  /** Every token the fake granted, read back from the secrets store (to look for them elsewhere). */
  const vistos = new Set<string>();

  beforeAll(async () => {
    redirectUri = `http://rango.test${API}/painel/mercadopago/retorno/`;
    mp = await startMercadoPagoFake({
      oauth: { ...APP, redirectUris: [redirectUri], vendedorUserId: VENDEDOR },
    });
    t = await openTestDb(dialect);
    await seedEstablishments(t.db, fixture(), { alwaysOpen: false });
    const base = testConfig().payments;
    config = testConfig({
      rateLimit: false,
      logLevel: 'info',
      publicUrl: 'http://rango.test',
      payments: {
        ...base,
        mercadopago: {
          apiUrl: mp.url,
          authUrl: mp.url,
          scriptUrl: `${mp.url}/js/v2`,
          clientId: APP.clientId,
          clientSecret: APP.clientSecret,
          webhookSecret: WEBHOOK,
        },
      },
    });
    app = buildApp(config, { db: t.db, logStream: { write: (l) => void logs.push(l) } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const endereco = app.server.address();
    webhookUrl = `http://127.0.0.1:${typeof endereco === 'object' && endereco ? endereco.port : 0}${API}/pagamentos/mercadopago/webhook/`;
    await definirHorarios(t.db, 2);
    maria = await novoCliente(app, t.db);
    menu2 = await produtosDoMenu(app, 2);
    dono1 = await staffBearer(app, t.db, 1, 'dono@um.test', 'dono');
    dono2 = await staffBearer(app, t.db, 2, 'dono@dois.test', 'dono');
    atendente2 = await staffBearer(app, t.db, 2, 'atendente@dois.test', 'atendente');
  });
  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
    await mp?.close();
  });

  const url = (id: number, resto = '') => `${API}/painel/estabelecimento/${id}/pagamentos/${resto}`;
  const listar = async (): Promise<ContasPagamento> => {
    const r = await app.inject({ url: url(2), headers: dono2 });
    expect(r.statusCode, r.body).toBe(200);
    return contasPagamentoSchema.parse(r.json());
  };
  const contasNoBanco = async () =>
    (
      await t.db
        .selectFrom('conta_pagamento')
        .select(['id', 'removida_em'])
        .where('idestabelecimento', '=', 2)
        .execute()
    ).length;

  /** 'Conectar Mercado Pago': the authorization URL, its state, and the code the fake's consent page gives. */
  async function conectar(): Promise<{ url: URL; state: string; code: string }> {
    const r = await app.inject({ method: 'POST', url: url(2, 'mercadopago/conectar/'), headers: dono2 });
    expect(r.statusCode, r.body).toBe(200);
    const u = new URL(r.json<{ url: string }>().url);
    const consent = await fetch(u, { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const volta = new URL(consent.headers.get('location')!);
    expect(`${volta.origin}${volta.pathname}`).toBe(redirectUri);
    return { url: u, state: volta.searchParams.get('state')!, code: volta.searchParams.get('code')! };
  }
  const retorno = (q: Record<string, string>) =>
    app.inject({ url: `${API}/painel/mercadopago/retorno/?${new URLSearchParams(q)}` });

  async function guardarTokens(idconta: number) {
    const segredos = createSegredos(t.db, config);
    for (const campo of ['access_token', 'refresh_token', 'public_key']) {
      const s = await segredos.get(2, nomeSegredo(idconta, 'mercadopago', campo));
      if (s) vistos.add(s.revelar());
    }
  }

  /** The refresh job's service as one more instance would build it (same database, same fake). */
  function instancia(extra: { fetch?: typeof fetch } = {}): MercadoPagoOAuth {
    const segredos = createSegredos(t.db, config);
    const padrao = createSandboxGateway({
      db: t.db,
      secret: config.payments.sandboxSecret!,
      pix: config.payments.pix,
    });
    const gateways = createGateways({
      db: t.db,
      padrao,
      segredos,
      fabricas: {
        mercadopago: (c) =>
          createMercadoPagoGateway({
            accessToken: c.segredos.access_token?.revelar() ?? '',
            publicKey: c.segredos.public_key?.revelar() ?? '',
            apiUrl: mp.url,
          }),
      },
    });
    const contas = createContasPainel({ db: t.db, segredos, gateways, log: silencio });
    return createMercadoPagoOAuth({
      db: t.db,
      segredos,
      gateways,
      contas,
      log: silencio,
      app: { ...APP, authUrl: mp.url, apiUrl: mp.url },
      redirectUri,
      ...extra,
    });
  }

  it('only the owner starts the flow: an attendant 403, another establishment 404; the page offers it', async () => {
    expect((await listar()).oauth_mercadopago).toBe(true);
    const att = await app.inject({
      method: 'POST',
      url: url(2, 'mercadopago/conectar/'),
      headers: atendente2,
    });
    expect(att.statusCode).toBe(403);
    const outro = await app.inject({ method: 'POST', url: url(2, 'mercadopago/conectar/'), headers: dono1 });
    expect(outro.statusCode).toBe(404);
    const semLogin = await app.inject({ method: 'POST', url: url(2, 'mercadopago/conectar/') });
    expect(semLogin.statusCode).toBe(401);
    expect(await t.db.selectFrom('mercadopago_conexao').select('id').execute()).toHaveLength(0);
  });

  it('the authorization URL carries PKCE S256 and a state, never the verifier', async () => {
    const r = await app.inject({ method: 'POST', url: url(2, 'mercadopago/conectar/'), headers: dono2 });
    const u = new URL(r.json<{ url: string }>().url);
    expect(`${u.origin}${u.pathname}`).toBe(`${mp.url}/authorization`);
    expect(u.searchParams.get('client_id')).toBe(APP.clientId);
    expect(u.searchParams.get('redirect_uri')).toBe(redirectUri);
    expect(u.searchParams.get('code_challenge_method')).toBe('S256');
    expect(u.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(u.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect([...u.searchParams.keys()]).not.toContain('code_verifier');
    // Only the state's hash is kept.
    const linhas = JSON.stringify(await t.db.selectFrom('mercadopago_conexao').selectAll().execute());
    expect(linhas).not.toContain(u.searchParams.get('state')!);
  });

  it('a wrong or missing state, a declined consent, an expired flow: a message, nothing stored', async () => {
    const antes = await contasNoBanco();
    const ruins: Record<string, string>[] = [
      { code: 'TG-abc', state: 'x'.repeat(32) },
      { code: 'TG-abc' },
      {},
    ];
    for (const q of ruins) {
      const r = await retorno(q);
      expect(r.statusCode).toBe(400);
      expect(r.headers['content-type']).toContain('text/html');
      expect(r.body).toContain(MSG_OAUTH_MP.stateInvalido);
    }
    const negado = await conectar();
    const n = await retorno({ error: 'access_denied', state: negado.state });
    expect(n.statusCode).toBe(303);
    expect(n.headers.location).toBe('/painel/2/pagamentos?mercadopago=negado');

    const velho = await conectar();
    await t.db
      .updateTable('mercadopago_conexao')
      .set({ expira_em: new Date(Date.now() - 1000).toISOString() })
      .where('usado_em', 'is', null)
      .execute();
    const e = await retorno({ code: velho.code, state: velho.state });
    expect(e.headers.location).toBe('/painel/2/pagamentos?mercadopago=state-expirado');
    expect(await contasNoBanco()).toBe(antes);
  });

  it('a code made for another PKCE challenge is refused by Mercado Pago: nothing stored', async () => {
    const c = await conectar();
    const r = await app.inject({ method: 'POST', url: url(2, 'mercadopago/conectar/'), headers: dono2 });
    const state = new URL(r.json<{ url: string }>().url).searchParams.get('state')!;
    // A code bound to another verifier's challenge (an attacker's code injected into our flow).
    const alheio = new URL(
      mp.autorizar({ clientId: APP.clientId, redirectUri, state, codeChallenge: 'A'.repeat(43) }),
    ).searchParams.get('code')!;
    const x = await retorno({ code: alheio, state });
    expect(x.headers.location).toBe('/painel/2/pagamentos?mercadopago=codigo-recusado');
    expect(await contasNoBanco()).toBe(0);
    void c;
  });

  it('a flow started by someone who is no longer the owner when Mercado Pago sends them back stores nothing', async () => {
    const outroDono = await staffBearer(app, t.db, 2, 'socio@dois.test', 'dono');
    const r = await app.inject({ method: 'POST', url: url(2, 'mercadopago/conectar/'), headers: outroDono });
    const u = new URL(r.json<{ url: string }>().url);
    const volta = new URL((await fetch(u, { redirect: 'manual' })).headers.get('location')!);
    // Meanwhile the other owner makes them an attendant.
    const id = (
      await t.db
        .selectFrom('funcionario')
        .select('id')
        .where('email', '=', 'socio@dois.test')
        .executeTakeFirstOrThrow()
    ).id;
    await t.db
      .updateTable('funcionario_papel')
      .set({ papel: 'atendente' })
      .where('idfuncionario', '=', id)
      .execute();
    const x = await retorno({
      code: volta.searchParams.get('code')!,
      state: volta.searchParams.get('state')!,
    });
    expect(x.headers.location).toBe('/painel/2/pagamentos?mercadopago=sem-permissao');
    expect(await contasNoBanco()).toBe(0);
  });

  let idconta = 0;

  it('connects: the tokens are stored as the Mercado Pago account, "Conectado" with the seller id; a reload is refused', async () => {
    const c = await conectar();
    const r = await retorno({ code: c.code, state: c.state });
    expect(r.statusCode).toBe(303);
    expect(r.headers.location).toBe('/painel/2/pagamentos?mercadopago=conectado');
    const l = await listar();
    expect(l.contas).toHaveLength(1);
    const conta = l.contas[0]!;
    expect(conta).toMatchObject({ provedor: 'mercadopago', estado: 'ok', oauth: { vendedor: VENDEDOR } });
    expect(Date.parse(conta.oauth!.expira_em!) - Date.now()).toBeGreaterThan(179 * 86_400_000);
    expect(conta.credenciais.access_token).toMatchObject({ configurado: true });
    idconta = conta.id;
    await guardarTokens(idconta);
    expect(vistos.size).toBe(3);

    // The same callback again (a reload, a replay): the state was used.
    const deNovo = await retorno({ code: c.code, state: c.state });
    expect(deNovo.headers.location).toBe('/painel/2/pagamentos?mercadopago=state-usado');
    // The used code with a fresh state: Mercado Pago refuses it (single use).
    const d = await conectar();
    const reusado = await retorno({ code: c.code, state: d.state });
    expect(reusado.headers.location).toBe('/painel/2/pagamentos?mercadopago=codigo-recusado');
    expect(await contasNoBanco()).toBe(1);
  });

  let idpedido = 0;

  it("a PIX on the connected account carries the operator's fee as application_fee; the report shows gross, fee and net", async () => {
    expect(await taxaPlataformaCommand(t.db, ['2', '250'])).toContain('2,5 %');
    await expect(taxaPlataformaCommand(t.db, ['2', '5001'])).rejects.toThrow('Taxa inválida');
    await expect(taxaPlataformaCommand(t.db, ['999', '10'])).rejects.toThrow('não encontrado');
    expect((await listar()).taxa_plataforma_bp).toBe(250);
    const at = await app.inject({
      method: 'PUT',
      url: url(2, 'ativa/'),
      headers: dono2,
      payload: { idconta },
    });
    expect(at.statusCode, at.body).toBe(200);

    const p = montarPedido(menu2, {
      idestabelecimento: 2,
      itens: [{ produto: 611, quantidade: 7 }],
      formapgto: PIX2,
    });
    Object.assign(p.pagamentos[0]!, { pre_pago: true, tipo: 'PIX', troco_para: null, cartao: null });
    const res = await app.inject({ method: 'POST', url: pedidoUrl(2), headers: maria.headers, payload: p });
    expect(res.statusCode, res.body).toBe(201);
    idpedido = pedidoCriadoSchema.parse(res.json()).id;
    const pg = await t.db
      .selectFrom('pagamento')
      .selectAll()
      .where('idpedido', '=', idpedido)
      .executeTakeFirstOrThrow();
    const taxa = taxaPlataforma(pg.valor, 250);
    expect(taxa).toBeGreaterThan(0);
    expect(pg.taxa_plataforma).toBe(taxa);
    const noMp = mp.pagamentos().find((x) => String(x.id) === pg.payment_id)!;
    expect(noMp.application_fee).toBe(taxa / 100);

    expect(mp.pagarPix(pg.payment_id!)).toBe(true);
    expect((await mp.enviarWebhook(pg.payment_id!, { url: webhookUrl, segredo: WEBHOOK })).status).toBe(200);
    const hoje = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
    const rel = await app.inject({
      url: `${API}/painel/estabelecimento/2/relatorio/?de=${hoje}&ate=${hoje}`,
      headers: dono2,
    });
    expect(rel.statusCode, rel.body).toBe(200);
    const online = relatorioSchema.parse(rel.json()).pagamentosOnline;
    expect(online).toEqual({
      bruto: pg.valor,
      taxa,
      liquido: pg.valor - taxa,
      porProvedor: [
        { provedor: 'mercadopago', pagamentos: 1, bruto: pg.valor, taxa, liquido: pg.valor - taxa },
      ],
    });
    const csv = await app.inject({
      url: `${API}/painel/estabelecimento/2/relatorio.csv?de=${hoje}&ate=${hoje}`,
      headers: dono2,
    });
    expect(csv.body).toContain('Taxa da plataforma (R$)');
  });

  it('tokens are renewed before they expire, once across two instances; the old refresh token is dead', async () => {
    const segredos = createSegredos(t.db, config);
    const velho = (await segredos.get(2, nomeSegredo(idconta, 'mercadopago', 'refresh_token')))!.revelar();
    const velhoAccess = (await segredos.get(
      2,
      nomeSegredo(idconta, 'mercadopago', 'access_token'),
    ))!.revelar();
    // Far from expiry: nothing to do.
    expect(await instancia().renovarVencendo()).toEqual({ renovadas: 0, recusadas: 0, semResposta: 0 });
    const daqui10dias = new Date(Date.now() + 10 * 86_400_000).toISOString();
    await t.db
      .updateTable('conta_pagamento')
      .set({ token_expira_em: daqui10dias })
      .where('id', '=', idconta)
      .execute();
    const [a, b] = await Promise.all([instancia().renovarVencendo(), instancia().renovarVencendo()]);
    expect(a.renovadas + b.renovadas).toBe(1);
    expect(a.recusadas + b.recusadas).toBe(0);
    const conta = (await listar()).contas.find((c) => c.id === idconta)!;
    expect(conta.estado).toBe('ok');
    expect(Date.parse(conta.oauth!.expira_em!)).toBeGreaterThan(Date.now() + 179 * 86_400_000);
    const novoAccess = (await segredos.get(
      2,
      nomeSegredo(idconta, 'mercadopago', 'access_token'),
    ))!.revelar();
    expect(novoAccess).not.toBe(velhoAccess);
    await guardarTokens(idconta);
    // The old refresh token was rotated out at Mercado Pago.
    const r = await fetch(`${mp.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        ...{ client_id: APP.clientId, client_secret: APP.clientSecret },
        grant_type: 'refresh_token',
        refresh_token: velho,
      }),
    });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('a renewal whose answer was lost: the account keeps working until its access expires, the owner is asked to reconnect, then it fails', async () => {
    const vence = new Date(Date.now() + 86_400_000).toISOString();
    await t.db
      .updateTable('conta_pagamento')
      .set({ token_expira_em: vence })
      .where('id', '=', idconta)
      .execute();
    // Mercado Pago renews (the refresh token rotates there), but the answer never gets stored:
    // the instance dies between the answer and the write.
    const morre: typeof fetch = async (input, init) => {
      const r = await fetch(input, init);
      await r.text();
      throw new Error('instância morreu');
    };
    expect(await instancia({ fetch: morre }).renovarVencendo()).toEqual({
      renovadas: 0,
      recusadas: 0,
      semResposta: 1,
    });
    // A death leaves its lease: while it lasts another instance does not take the account…
    const lease = new Date(Date.now() + 60_000).toISOString();
    await t.db
      .updateTable('conta_pagamento')
      .set({ renovando_ate: lease })
      .where('id', '=', idconta)
      .execute();
    expect(await instancia().renovarVencendo()).toEqual({ renovadas: 0, recusadas: 0, semResposta: 0 });
    // …once it passes, one does: the old refresh token is refused (Mercado Pago rotated it).
    const passou = new Date(Date.now() - 1000).toISOString();
    await t.db
      .updateTable('conta_pagamento')
      .set({ renovando_ate: passou })
      .where('id', '=', idconta)
      .execute();
    expect((await instancia().renovarVencendo()).recusadas).toBe(1);
    const l = await listar();
    const conta = l.contas.find((c) => c.id === idconta)!;
    // Still working on its access token, until it expires; the owner reads when to reconnect.
    expect(conta).toMatchObject({ estado: 'ok', erro: null, oauth: { reconectar: true, expira_em: vence } });
    expect(l.online_disponivel).toBe(true);
    expect(MSG_OAUTH_MP.reconectar('30/11/2026')).toMatch(/^Reconecte o Mercado Pago até 30\/11\/2026/);
    const teste = await app.inject({ method: 'POST', url: url(2, `${idconta}/teste/`), headers: dono2 });
    expect(teste.json<{ ok: boolean }>().ok).toBe(true);
    // A dead refresh token is not tried every hour.
    expect(await instancia().renovarVencendo()).toEqual({ renovadas: 0, recusadas: 0, semResposta: 0 });
    // Its access expired: now the account fails, customers are no longer offered its methods.
    await t.db
      .updateTable('conta_pagamento')
      .set({ token_expira_em: passou })
      .where('id', '=', idconta)
      .execute();
    await instancia().renovarVencendo();
    const depois = await listar();
    expect(depois.contas.find((c) => c.id === idconta)).toMatchObject({
      estado: 'erro',
      erro: MSG_OAUTH_MP.renovacaoRecusada,
    });
    expect(depois.online_disponivel).toBe(false);
  });

  it('"Desconectar": owner only; the refresh token goes; the account that took a payment keeps refunding it', async () => {
    const att = await app.inject({
      method: 'POST',
      url: url(2, `${idconta}/desconectar/`),
      headers: atendente2,
    });
    expect(att.statusCode).toBe(403);
    const outro = await app.inject({
      method: 'POST',
      url: url(1, `${idconta}/desconectar/`),
      headers: dono1,
    });
    expect(outro.statusCode).toBe(404);
    const r = await app.inject({ method: 'POST', url: url(2, `${idconta}/desconectar/`), headers: dono2 });
    expect(r.statusCode, r.body).toBe(200);
    const l = contasPagamentoSchema.parse(r.json());
    expect(l.contas).toHaveLength(0);
    expect(l.ativa).toBeNull();
    const nomes = (
      await t.db.selectFrom('segredo').select('nome').where('idestabelecimento', '=', 2).execute()
    ).map((s) => s.nome);
    expect(nomes).not.toContain(nomeSegredo(idconta, 'mercadopago', 'refresh_token'));
    // Kept (encrypted, hidden) for the refund of the payment it took.
    expect(nomes).toContain(nomeSegredo(idconta, 'mercadopago', 'access_token'));
    // The account's token still answers at Mercado Pago (its refresh was refused, not its access): refund it.
    const saida = await estornarPeloCli(t.db, idpedido, config, pedidoPort(t.db));
    expect(saida).toBe('Pagamento online: estornado.');
  });

  it('"Desconectar" an account that took no payment deletes every token; a pasted account is not "disconnected"', async () => {
    const c = await conectar();
    expect((await retorno({ code: c.code, state: c.state })).headers.location).toContain('conectado');
    const conta = (await listar()).contas[0]!;
    await guardarTokens(conta.id);
    const r = await app.inject({ method: 'POST', url: url(2, `${conta.id}/desconectar/`), headers: dono2 });
    expect(r.statusCode, r.body).toBe(200);
    const nomes = (
      await t.db.selectFrom('segredo').select('nome').where('idestabelecimento', '=', 2).execute()
    ).map((s) => s.nome);
    expect(nomes.filter((n) => n.startsWith(`conta.${conta.id}.`))).toEqual([]);
    expect(
      await t.db.selectFrom('conta_pagamento').select('id').where('id', '=', conta.id).execute(),
    ).toHaveLength(0);
    const s = await app.inject({ method: 'POST', url: url(2, 'sandbox/'), headers: dono2 });
    const sandbox = s.json<{ id: number }>().id;
    const x = await app.inject({ method: 'POST', url: url(2, `${sandbox}/desconectar/`), headers: dono2 });
    expect(x.statusCode).toBe(400);
    expect(x.json<{ detail: string }>().detail).toBe(MSG_OAUTH_MP.naoEOAuth);
  });

  it('a refresh refused because the seller revoked the authorization (the access refused too) fails the account at once', async () => {
    const c = await conectar();
    expect((await retorno({ code: c.code, state: c.state })).headers.location).toContain('conectado');
    const conta = (await listar()).contas.find((x) => x.oauth !== null && x.estado === 'ok')!;
    await guardarTokens(conta.id);
    const segredos = createSegredos(t.db, config);
    const access = (await segredos.get(2, nomeSegredo(conta.id, 'mercadopago', 'access_token')))!.revelar();
    const refresh = (await segredos.get(2, nomeSegredo(conta.id, 'mercadopago', 'refresh_token')))!.revelar();
    // Revoked at Mercado Pago: the access token answers 401 and the refresh token is gone.
    mp.revogarToken(access);
    await fetch(`${mp.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: APP.clientId,
        client_secret: APP.clientSecret,
        grant_type: 'refresh_token',
        refresh_token: refresh,
      }),
    });
    await t.db
      .updateTable('conta_pagamento')
      .set({ token_expira_em: new Date(Date.now() + 86_400_000).toISOString() })
      .where('id', '=', conta.id)
      .execute();
    expect((await instancia().renovarVencendo()).recusadas).toBe(1);
    expect((await listar()).contas.find((x) => x.id === conta.id)).toMatchObject({
      estado: 'erro',
      erro: MSG_OAUTH_MP.renovacaoRecusada,
    });
  });

  it('no token, code or verifier in any response, log line or database byte', async () => {
    expect(vistos.size).toBeGreaterThanOrEqual(6);
    if (dialect === 'sqlite') {
      const { rows } = await sql<{ file: string }>`pragma database_list`.execute(t.db);
      const arquivo = rows.find((r) => r.file)!.file;
      const bytes = [arquivo, `${arquivo}-wal`]
        .filter((f) => existsSync(f))
        .map((f) => readFileSync(f).toString('latin1'))
        .join('');
      for (const s of vistos) expect(bytes.includes(s)).toBe(false);
    }
    for (const tabela of ['segredo', 'conta_pagamento', 'pagamento', 'mercadopago_conexao'] as const) {
      const linhas = JSON.stringify(await t.db.selectFrom(tabela).selectAll().execute());
      for (const s of vistos) expect(linhas.includes(s)).toBe(false);
    }
    const todas = logs.join('\n');
    expect(todas.length).toBeGreaterThan(0);
    for (const s of vistos) expect(todas.includes(s)).toBe(false);
    expect(todas).not.toMatch(/code=TG-/);
    expect(todas).not.toContain(APP.clientSecret);
    const l = JSON.stringify(await listar());
    for (const s of vistos) expect(l.includes(s)).toBe(false);
  });
});
