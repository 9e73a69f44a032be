import { EVENTO, STATUS, luhnValido, pedidoCriadoSchema, pedidoFetchedSchema } from '@rango/domain';
import type { PedidoInput, Produto } from '@rango/domain';
import {
  MSG_PAINEL,
  chaveCriadaSchema,
  chavesOperadorSchema,
  PAINEL_CONFIG_PADRAO,
  disponibilidadeSchema,
  lojaPainelSchema,
  painelStatusRespostaSchema,
  pedidoPainelSchema,
  pedidosPainelSchema,
} from '@rango/domain/painel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS, testConfig } from '../../test/db.ts';
import { createPasswords } from '../auth/passwords.ts';
import { inserirPedido } from '../operator/testing.ts';
import {
  CREDITO,
  definirHorarios,
  montarPedido,
  novoCliente,
  pedidoUrl,
  produtosDoMenu,
} from '../orders/testing.ts';
import type { ClienteTeste } from '../orders/testing.ts';
import { createSandboxGateway } from '../payments/sandbox/gateway.ts';
import { createStaffService } from '../staff/service.ts';
import { API, criarFuncionario, staffBearer } from '../staff/testing.ts';
import { inicioDoDia } from './service.ts';

/** A Visa-like number passing Luhn ending in `final` (the sandbox approves a final 4). */
function cartaoTerminadoEm(final: string): string {
  for (let x = 0; x < 1000; x++) {
    const n = `400000000000${String(x).padStart(3, '0')}${final}`;
    if (luhnValido(n)) return n;
  }
  throw new Error('sem número');
}

const est = (id: number | string) => `${API}/painel/estabelecimento/${id}`;
const REFRI = { produto: 311, quantidade: 5 };

describe.each(DIALECTS)('panel routes on %s', (dialect) => {
  let ta: TestApp;
  let dono: { authorization: string };
  let atendente: { authorization: string };
  let outroDono: { authorization: string };
  let maria: ClienteTeste;
  let produtos: Map<number, Produto>;

  beforeAll(async () => {
    ta = await openTestApp(dialect, { rateLimit: false });
    await ta.app.ready();
    await definirHorarios(ta.t.db, 1);
    dono = await staffBearer(ta.app, ta.t.db, 1, 'dono@pizzaria.test', 'dono');
    atendente = await staffBearer(ta.app, ta.t.db, 1, 'atendente@pizzaria.test', 'atendente');
    outroDono = await staffBearer(ta.app, ta.t.db, 2, 'dono@lanchonete.test', 'dono');
    maria = await novoCliente(ta.app, ta.t.db);
    produtos = await produtosDoMenu(ta.app, 1);
  });
  afterAll(async () => {
    await ta.close();
  });

  const staffService = () =>
    createStaffService({
      db: ta.t.db,
      tokens: ta.app.staffTokens,
      passwords: createPasswords(1),
      mailer: { send: async () => undefined },
      publicUrl: 'http://rango.test',
      refreshTtl: 3600,
      background: ta.app.backgroundTasks,
    });
  const get = (url: string, headers = dono) => ta.app.inject({ url, headers });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = dono) =>
    ta.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const status = (id: number, payload: object, headers = dono) =>
    send('POST', `${est(1)}/pedido/${id}/status/`, payload, headers);
  const historico = async (id: number) =>
    (
      await ta.t.db
        .selectFrom('pedido_historico')
        .select('status')
        .where('idpedido', '=', id)
        .orderBy('id')
        .execute()
    ).map((h) => h.status);
  const eventos = (tipo: string) =>
    ta.t.db
      .selectFrom('evento')
      .select(['idestabelecimento', 'dados'])
      .where('tipo', '=', tipo)
      .orderBy('id')
      .execute();
  async function fazerPedido(p: PedidoInput = montarPedido(produtos, { itens: [REFRI] })) {
    return ta.app.inject({ method: 'POST', url: pedidoUrl(1), payload: p, headers: maria.headers });
  }

  describe('guard', () => {
    it('401 without a staff token, with a customer token or a forged one', async () => {
      for (const headers of [
        {},
        maria.headers,
        { authorization: 'Bearer abc.def.ghi' },
        { authorization: dono.authorization.replace('Bearer ', 'Basic ') },
      ]) {
        const res = await ta.app.inject({ url: `${est(1)}/pedidos/`, headers });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ detail: MSG_PAINEL.sessaoExpirada });
      }
    });

    it('404 for another establishment, an unknown one and a malformed id', async () => {
      for (const id of ['1', '999', 'abc', '0', '99999999999']) {
        const res = await get(`${est(id)}/pedidos/`, outroDono);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ detail: MSG_PAINEL.semAcesso });
      }
      expect((await get(`${est(2)}/pedidos/`, outroDono)).statusCode).toBe(200);
    });

    it('403 for an attendant on the owner’s routes; the attendant runs orders, pause and stock', async () => {
      for (const [method, url, payload] of [
        ['PUT', `${est(1)}/config/`, PAINEL_CONFIG_PADRAO],
        ['GET', `${est(1)}/equipe/`, undefined],
        ['POST', `${est(1)}/equipe/`, { email: 'x@y.test', nome: 'X', papel: 'atendente' }],
        ['DELETE', `${est(1)}/equipe/1/`, undefined],
        ['GET', `${est(1)}/chaves/`, undefined],
        ['POST', `${est(1)}/chaves/`, { nome: 'Integração' }],
        ['DELETE', `${est(1)}/chaves/1/`, undefined],
      ] as const) {
        const res = await ta.app.inject({ method, url, headers: atendente, ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ detail: MSG_PAINEL.semPermissao });
      }
      const config = await ta.t.db
        .selectFrom('estabelecimento')
        .select('painel_config')
        .where('id', '=', 1)
        .executeTakeFirst();
      expect(config?.painel_config).toBeNull();
      expect((await get(`${est(1)}/pedidos/`, atendente)).statusCode).toBe(200);
      expect((await get(`${est(1)}/config/`, atendente)).statusCode).toBe(200);
      expect((await get(`${est(1)}/disponibilidade/`, atendente)).statusCode).toBe(200);
    });
  });

  describe('orders', () => {
    it('lists open orders and those finished today, newest first, never another establishment’s', async () => {
      const ontem = new Date(Date.parse(inicioDoDia(new Date())) - 60_000).toISOString();
      const aberto = await inserirPedido(ta.t.db, { tipo: 'TOGO' });
      const agendado = await inserirPedido(ta.t.db, {
        entregue_as: new Date(Date.now() + 3 * 3600_000).toISOString(),
      });
      const pendente = await inserirPedido(ta.t.db, { status: STATUS.PgtoPendente });
      const concluidoHoje = await inserirPedido(ta.t.db, { status: STATUS.Concluido });
      const concluidoOntem = await inserirPedido(ta.t.db, { status: STATUS.Concluido, dthrpedido: ontem });
      const antigoAberto = await inserirPedido(ta.t.db, { dthrpedido: ontem });
      const doOutro = await inserirPedido(ta.t.db, { idestabelecimento: 2 });
      const res = await get(`${est(1)}/pedidos/`);
      expect(res.statusCode).toBe(200);
      const body = pedidosPainelSchema.parse(res.json());
      const ids = body.pedidos.map((p) => p.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      for (const id of [aberto, agendado, pendente, concluidoHoje, antigoAberto]) expect(ids).toContain(id);
      expect(ids).not.toContain(concluidoOntem);
      expect(ids).not.toContain(doOutro);
      const p = body.pedidos.find((x) => x.id === aberto)!;
      expect(p).toMatchObject({
        tipo: 'TOGO',
        cliente: 'Maria Teste',
        telefone: '11987654321',
        previsao_em: null,
        pagamento: { online: false, descricao: 'Dinheiro', tipo: null, estado: null, troco_para: 10000 },
      });
      expect(p.pedido.itens[0]?.observacoes).toBe('sem cebola');
      expect(body.pedidos.find((x) => x.id === agendado)?.entregue_as).not.toBeNull();
    });

    it('answers one order; another establishment’s or a malformed id is 404 and moves nothing', async () => {
      const id = await inserirPedido(ta.t.db);
      const res = await get(`${est(1)}/pedido/${id}/`);
      expect(res.statusCode).toBe(200);
      expect(pedidoPainelSchema.parse(res.json()).id).toBe(id);
      const doOutro = await inserirPedido(ta.t.db, { idestabelecimento: 2 });
      for (const url of [`${est(1)}/pedido/${doOutro}/`, `${est(1)}/pedido/abc/`, `${est(1)}/pedido/-1/`]) {
        const r = await get(url);
        expect(r.statusCode).toBe(404);
        expect(r.json()).toEqual({ detail: MSG_PAINEL.pedidoNaoEncontrado });
      }
      const mover = await status(doOutro, { status: STATUS.Confirmado, previsao_minutos: 30 });
      expect(mover.statusCode).toBe(404);
      expect(await historico(doOutro)).toEqual([STATUS.Realizado]);
      expect((await get(`${est(1)}/pedido/${doOutro}/cupom/`)).statusCode).toBe(404);
    });

    it('accepts with an estimate the customer then sees, and moves on to Pronto and Concluído', async () => {
      const res = await fazerPedido();
      expect(res.statusCode, res.body).toBe(201);
      const { id } = pedidoCriadoSchema.parse(res.json());

      const semPrevisao = await status(id, { status: STATUS.Confirmado });
      expect(semPrevisao.statusCode).toBe(400);
      expect(semPrevisao.json()).toEqual({ previsao_minutos: [MSG_PAINEL.previsaoObrigatoria] });
      const foraDaFaixa = await status(id, { status: STATUS.Confirmado, previsao_minutos: 1000 });
      expect(foraDaFaixa.statusCode).toBe(400);
      expect(foraDaFaixa.json()).toEqual({ previsao_minutos: [MSG_PAINEL.previsaoInvalida] });
      const ilegal = await status(id, { status: STATUS.Concluido });
      expect(ilegal.statusCode).toBe(409);
      expect(ilegal.json().detail).toMatch(/^Transição de status não permitida: Realizado → Concluido/);
      const statusRuim = await status(id, { status: 999 });
      expect(statusRuim.statusCode).toBe(400);
      expect(statusRuim.json()).toEqual({ status: [MSG_PAINEL.statusInvalido] });
      expect(await historico(id)).toEqual([STATUS.Realizado]);

      const antes = Date.now();
      const aceito = await status(id, { status: STATUS.Confirmado, previsao_minutos: 25 }, atendente);
      expect(aceito.statusCode, aceito.body).toBe(200);
      const r = painelStatusRespostaSchema.parse(aceito.json());
      expect(r.estorno).toBeNull();
      expect(r.pedido.status).toBe(STATUS.Confirmado);
      const previsto = Date.parse(r.pedido.previsao_em!);
      expect(previsto).toBeGreaterThanOrEqual(antes + 25 * 60_000 - 1000);
      expect(previsto).toBeLessThanOrEqual(Date.now() + 25 * 60_000 + 1000);

      const cliente = await ta.app.inject({ url: `${API}/controle/pedido/${id}/`, headers: maria.headers });
      expect(cliente.statusCode).toBe(200);
      expect(pedidoFetchedSchema.parse(cliente.json()).previsao_em).toBe(r.pedido.previsao_em);

      expect((await status(id, { status: STATUS.Pronto })).statusCode).toBe(200);
      const fim = await status(id, { status: STATUS.Concluido });
      expect(fim.statusCode).toBe(200);
      expect(await historico(id)).toEqual([
        STATUS.Realizado,
        STATUS.Confirmado,
        STATUS.Pronto,
        STATUS.Concluido,
      ]);
      // The receipt, for any status.
      const cupom = await get(`${est(1)}/pedido/${id}/cupom/`);
      expect(cupom.statusCode).toBe(200);
      expect(cupom.headers['content-type']).toMatch(/^text\/html/);
      expect(cupom.body).toContain('Refrigerante Lata');
    });

    it('cancels only with a reason; a card paid online is refunded and the answer says so', async () => {
      const semMotivo = await inserirPedido(ta.t.db);
      for (const motivo of [undefined, null, '   ']) {
        const r = await status(semMotivo, {
          status: STATUS.Cancelado,
          ...(motivo !== undefined ? { motivo } : {}),
        });
        expect(r.statusCode).toBe(400);
        expect(r.json()).toEqual({ motivo: [MSG_PAINEL.motivoObrigatorio] });
      }
      expect(await historico(semMotivo)).toEqual([STATUS.Realizado]);

      // A credit card order through the sandbox (the browser's tokenisation played here).
      const p = testConfig().payments;
      const sandbox = createSandboxGateway({ db: ta.t.db, secret: p.sandboxSecret!, pix: p.pix });
      const { url, accessToken } = await sandbox.tokenizacaoNavegador();
      const tok = await ta.app.inject({
        method: 'POST',
        url,
        payload: {
          AccessToken: accessToken,
          HolderName: 'MARIA C',
          RawNumber: cartaoTerminadoEm('4'),
          Expiration: `12/${new Date().getUTCFullYear() + 2}`,
          SecurityCode: '123',
          EnableTokenize: true,
        },
      });
      expect(tok.statusCode, tok.body).toBe(201);
      const pedido = montarPedido(produtos, { itens: [REFRI], formapgto: CREDITO });
      Object.assign(pedido.pagamentos[0]!, {
        pre_pago: true,
        tipo: 'CARTAO',
        troco_para: null,
        cartao: {
          token: (tok.json() as { CardToken: string }).CardToken,
          bandeira: 'Visa',
          titular: 'MARIA C',
          cnpjoucpf: '12345678909',
          expiracao: `12/${new Date().getUTCFullYear() + 2}`,
          tipo: 'CREDITO',
          salvar: false,
          numero: null,
          cvv: null,
          external_authentication: null,
        },
      });
      const res = await fazerPedido(pedido);
      expect(res.statusCode, res.body).toBe(201);
      const { id } = pedidoCriadoSchema.parse(res.json());
      const lido = pedidoPainelSchema.parse((await get(`${est(1)}/pedido/${id}/`)).json());
      expect(lido.pagamento).toMatchObject({
        online: true,
        tipo: 'credito',
        estado: 'pago',
        troco_para: null,
      });

      const cancel = await status(id, { status: STATUS.Cancelado, motivo: 'Acabou o gás' }, atendente);
      expect(cancel.statusCode, cancel.body).toBe(200);
      const r = painelStatusRespostaSchema.parse(cancel.json());
      expect(r.estorno).toBe('estornado');
      expect(r.pedido.pagamento.estado).toBe('estornado');
      expect(r.pedido.historico.at(-1)).toMatchObject({ status: STATUS.Cancelado, motivo: 'Acabou o gás' });
      const again = await status(id, { status: STATUS.Cancelado, motivo: 'de novo' });
      expect(again.statusCode).toBe(409);
    });
  });

  describe('store pause', () => {
    it('closes until a time: the customer sees it closed and cannot order until that time passes', async () => {
      const reabrir = new Date(Date.now() + 2 * 3600_000).toISOString();
      const res = await send('PUT', `${est(1)}/loja/`, { aberta: false, reabrir_em: reabrir }, atendente);
      expect(res.statusCode, res.body).toBe(200);
      expect(lojaPainelSchema.parse(res.json())).toEqual({
        aberta: false,
        reabrir_em: reabrir,
        no_horario: true,
      });
      const detalhe = async () =>
        (await ta.app.inject({ url: `${API}/controle/estabelecimento/1/` })).json<{ lojaaberta: boolean }>();
      expect((await detalhe()).lojaaberta).toBe(false);
      const recusado = await fazerPedido();
      expect(recusado.statusCode).toBe(422);

      // The reopening time comes (set in the past here): open again with nothing run in between.
      await ta.t.db
        .updateTable('estabelecimento')
        .set({ reabrir_em: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', 1)
        .execute();
      expect((await detalhe()).lojaaberta).toBe(true);
      expect(lojaPainelSchema.parse((await get(`${est(1)}/loja/`)).json())).toMatchObject({
        aberta: true,
        reabrir_em: null,
      });
      expect((await fazerPedido()).statusCode).toBe(201);

      // Closed with no time: closed until opened.
      await send('PUT', `${est(1)}/loja/`, { aberta: false });
      expect((await detalhe()).lojaaberta).toBe(false);
      const aberta = await send('PUT', `${est(1)}/loja/`, { aberta: true });
      expect(lojaPainelSchema.parse(aberta.json()).aberta).toBe(true);
      expect((await detalhe()).lojaaberta).toBe(true);

      const ev = await eventos(EVENTO.loja);
      expect(ev.map((e) => [e.idestabelecimento, JSON.parse(e.dados)])).toEqual([
        [1, { aberta: false, reabrir_em: reabrir }],
        [1, { aberta: false, reabrir_em: null }],
        [1, { aberta: true, reabrir_em: null }],
      ]);
    });

    it('refuses a reopening time in the past, too far ahead or malformed, changing nothing', async () => {
      for (const reabrir_em of [
        new Date(Date.now() - 60_000).toISOString(),
        new Date(Date.now() + 48 * 3600_000).toISOString(),
        'amanhã',
      ]) {
        const res = await send('PUT', `${est(1)}/loja/`, { aberta: false, reabrir_em });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ reabrir_em: [MSG_PAINEL.reabrirInvalido] });
      }
      expect((await send('PUT', `${est(1)}/loja/`, { aberta: 'sim' })).statusCode).toBe(400);
      expect(lojaPainelSchema.parse((await get(`${est(1)}/loja/`)).json()).aberta).toBe(true);
    });
  });

  describe('out of stock', () => {
    it('lists products and options (hidden ones left out, each option once)', async () => {
      const d = disponibilidadeSchema.parse((await get(`${est(1)}/disponibilidade/`)).json());
      expect(d.produtos.map((p) => p.idproduto).sort()).toEqual([301, 302, 310, 311]);
      expect(d.produtos.find((p) => p.idproduto === 301)).toMatchObject({
        grupo: 'Pizzas',
        stindisponivel: 1,
      });
      // The borders group is on two products: its options are listed once.
      expect(d.opcoes.map((o) => o.idopcao).sort()).toEqual([9001, 9003, 9101, 9102]);
    });

    it('marks a product and an option “Em falta”: a fresh menu read shows it at once', async () => {
      const res = await send(
        'PUT',
        `${est(1)}/produto/311/disponibilidade/`,
        { stindisponivel: 1 },
        atendente,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ stindisponivel: 1 });
      expect((await produtosDoMenu(ta.app, 1)).get(311)?.stindisponivel).toBe(1);
      const opcao = await send('PUT', `${est(1)}/opcao/9003/disponibilidade/`, { stindisponivel: 1 });
      expect(opcao.statusCode).toBe(200);
      const menu = await produtosDoMenu(ta.app, 1);
      const borda = menu
        .get(302)
        ?.grupoopcoes.flatMap((g) => g.opcoes)
        .find((o) => o.idopcao === 9003);
      expect(borda?.stindisponivel).toBe(1);
      await send('PUT', `${est(1)}/produto/311/disponibilidade/`, { stindisponivel: 0 });
      expect((await produtosDoMenu(ta.app, 1)).get(311)?.stindisponivel).toBe(0);
      const ev = await eventos(EVENTO.disponibilidade);
      expect(ev.map((e) => JSON.parse(e.dados))).toEqual([
        { idproduto: 311, stindisponivel: 1 },
        { idopcao: 9003, stindisponivel: 1 },
        { idproduto: 311, stindisponivel: 0 },
      ]);
    });

    it('refuses another establishment’s, hidden or unknown items and bad values, changing nothing', async () => {
      const antes = await ta.t.db
        .selectFrom('estabelecimento')
        .select('menu_versao')
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      for (const [url, detail] of [
        [`${est(1)}/produto/303/disponibilidade/`, MSG_PAINEL.produtoNaoEncontrado],
        [`${est(1)}/produto/99999/disponibilidade/`, MSG_PAINEL.produtoNaoEncontrado],
        [`${est(1)}/produto/abc/disponibilidade/`, MSG_PAINEL.produtoNaoEncontrado],
        [`${est(1)}/opcao/99999/disponibilidade/`, MSG_PAINEL.opcaoNaoEncontrada],
      ]) {
        const res = await send('PUT', url!, { stindisponivel: 1 });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ detail });
      }
      const outro = await send(
        'PUT',
        `${est(2)}/produto/311/disponibilidade/`,
        { stindisponivel: 1 },
        outroDono,
      );
      expect(outro.statusCode).toBe(404);
      const hidden = await send('PUT', `${est(1)}/produto/311/disponibilidade/`, { stindisponivel: 2 });
      expect(hidden.statusCode).toBe(400);
      expect(hidden.json()).toEqual({ stindisponivel: [MSG_PAINEL.disponibilidadeInvalida] });
      const depois = await ta.t.db
        .selectFrom('estabelecimento')
        .select('menu_versao')
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      expect(depois.menu_versao).toBe(antes.menu_versao);
      expect((await produtosDoMenu(ta.app, 1)).get(303)?.stindisponivel).toBe(2);
    });
  });

  describe('settings', () => {
    it('answers the defaults, then what the owner saved; refuses red before amber per field', async () => {
      expect((await get(`${est(2)}/config/`, outroDono)).json()).toEqual(PAINEL_CONFIG_PADRAO);
      const ruim = await send(
        'PUT',
        `${est(2)}/config/`,
        { ...PAINEL_CONFIG_PADRAO, alerta_vermelho_min: 5 },
        outroDono,
      );
      expect(ruim.statusCode).toBe(400);
      expect(ruim.json()).toEqual({ alerta_vermelho_min: [MSG_PAINEL.vermelhoAntesDoAmarelo] });
      const fora = await send(
        'PUT',
        `${est(2)}/config/`,
        { ...PAINEL_CONFIG_PADRAO, aceite_limite_min: 0, auto_aceite: 'sim' },
        outroDono,
      );
      expect(fora.statusCode).toBe(400);
      expect(Object.keys(fora.json()).sort()).toEqual(['aceite_limite_min', 'auto_aceite']);
      const novo = { ...PAINEL_CONFIG_PADRAO, auto_aceite: true, previsao_padrao_min: 45 };
      const ok = await send('PUT', `${est(2)}/config/`, novo, outroDono);
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual(novo);
      expect((await get(`${est(2)}/config/`, outroDono)).json()).toEqual(novo);
      expect((await get(`${est(1)}/config/`)).json()).toEqual(PAINEL_CONFIG_PADRAO);
    });
  });

  describe('team', () => {
    it('invites by e-mail; the link sets the password once and signs in; the team shows the member', async () => {
      const res = await send('POST', `${est(1)}/equipe/`, {
        email: 'Novo@Pizzaria.test',
        nome: ' Novo ',
        papel: 'atendente',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        email: 'novo@pizzaria.test',
        nome: 'Novo',
        papel: 'atendente',
        pendente: true,
      });
      const mail = await ta.t.db
        .selectFrom('mail_outbox')
        .select(['assunto', 'link'])
        .where('para', '=', 'novo@pizzaria.test')
        .executeTakeFirstOrThrow();
      expect(mail.assunto).toBe('Convite para o painel de Pizzaria Teste');
      const token = /\/painel\/convite\/([A-Za-z0-9_-]{43})$/.exec(mail.link ?? '')?.[1];
      expect(mail.link).toBe(`http://rango.test/painel/convite/${token}`);
      const info = await ta.app.inject({ url: `${API}/painel/auth/link/${token}/` });
      expect(info.json()).toEqual({
        tipo: 'convite',
        email: 'novo@pizzaria.test',
        nome: 'Novo',
        estabelecimento: 'Pizzaria Teste',
        papel: 'atendente',
      });
      const aceitar = await ta.app.inject({
        method: 'POST',
        url: `${API}/painel/auth/link/${token}/`,
        payload: { senha: 'minha-senha-1' },
      });
      expect(aceitar.statusCode).toBe(200);
      const access = (aceitar.json() as { access: string }).access;
      expect((await get(`${est(1)}/pedidos/`, { authorization: `Bearer ${access}` })).statusCode).toBe(200);
      const twice = await ta.app.inject({
        method: 'POST',
        url: `${API}/painel/auth/link/${token}/`,
        payload: { senha: 'outra-senha-2' },
      });
      expect(twice.statusCode).toBe(404);
      expect(twice.json()).toEqual({ detail: MSG_PAINEL.linkInvalido });
      const equipe = (await get(`${est(1)}/equipe/`)).json() as { email: string; pendente: boolean }[];
      expect(equipe.find((m) => m.email === 'novo@pizzaria.test')?.pendente).toBe(false);
      expect(equipe.map((m) => m.email)).not.toContain('dono@lanchonete.test');
    });

    it('an expired invitation answers 410 and sets nothing', async () => {
      await send('POST', `${est(1)}/equipe/`, {
        email: 'tarde@pizzaria.test',
        nome: 'Tarde',
        papel: 'atendente',
      });
      const row = await ta.t.db
        .selectFrom('mail_outbox')
        .select('link')
        .where('para', '=', 'tarde@pizzaria.test')
        .executeTakeFirstOrThrow();
      const token = row.link!.split('/').at(-1)!;
      await ta.t.db
        .updateTable('funcionario_link')
        .set({ expira_em: new Date(Date.now() - 1).toISOString() })
        .execute();
      const res = await ta.app.inject({
        method: 'POST',
        url: `${API}/painel/auth/link/${token}/`,
        payload: { senha: 'minha-senha-1' },
      });
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({ detail: MSG_PAINEL.linkExpirado });
      const f = await ta.t.db
        .selectFrom('funcionario')
        .select('senha_hash')
        .where('email', '=', 'tarde@pizzaria.test')
        .executeTakeFirstOrThrow();
      expect(f.senha_hash).toBeNull();
    });

    it('someone already in the team is 409; staff of another place get a pending invitation and a notice', async () => {
      const dup = await send('POST', `${est(1)}/equipe/`, {
        email: 'atendente@pizzaria.test',
        nome: 'X',
        papel: 'dono',
      });
      expect(dup.statusCode).toBe(409);
      expect(dup.json()).toEqual({ detail: MSG_PAINEL.jaNaEquipe });
      const papel = await ta.t.db
        .selectFrom('funcionario_papel')
        .innerJoin('funcionario', 'funcionario.id', 'funcionario_papel.idfuncionario')
        .select('papel')
        .where('email', '=', 'atendente@pizzaria.test')
        .execute();
      expect(papel).toEqual([{ papel: 'atendente' }]);
      const outro = await send(
        'POST',
        `${est(2)}/equipe/`,
        { email: 'atendente@pizzaria.test', nome: 'Outro nome', papel: 'atendente' },
        outroDono,
      );
      expect(outro.statusCode).toBe(201);
      // What the inviter typed, pending until the person accepts (issue 20: no role, no real name).
      expect(outro.json()).toMatchObject({ nome: 'Outro nome', pendente: true });
      const mail = await ta.t.db
        .selectFrom('mail_outbox')
        .select(['assunto', 'link'])
        .where('para', '=', 'atendente@pizzaria.test')
        .executeTakeFirstOrThrow();
      expect(mail).toEqual({
        assunto: 'Convite para a equipe de Lanchonete Vazia',
        link: 'http://rango.test/painel',
      });
      expect((await get(`${est(2)}/pedidos/`, atendente)).statusCode).toBe(404);
      const aceitar = await ta.app.inject({
        method: 'POST',
        url: `${API}/painel/convites/2/aceitar/`,
        headers: atendente,
      });
      expect(aceitar.statusCode).toBe(204);
      expect((await get(`${est(2)}/pedidos/`, atendente)).statusCode).toBe(200);
      const invalido = await send('POST', `${est(1)}/equipe/`, { email: 'x', nome: '', papel: 'gerente' });
      expect(invalido.statusCode).toBe(400);
      expect(invalido.json()).toEqual({
        email: [MSG_PAINEL.emailInvalido],
        nome: [MSG_PAINEL.nomeObrigatorio],
        papel: [MSG_PAINEL.papelInvalido],
      });
    });

    it('removes a member (their next call is 404), never oneself nor the last owner', async () => {
      const donoId = (
        await ta.t.db
          .selectFrom('funcionario')
          .select('id')
          .where('email', '=', 'dono@pizzaria.test')
          .executeTakeFirstOrThrow()
      ).id;
      const eu = await send('DELETE', `${est(1)}/equipe/${donoId}/`);
      expect(eu.statusCode).toBe(400);
      expect(eu.json()).toEqual({ detail: MSG_PAINEL.naoRemoverASiMesmo });
      const segundo = await staffBearer(ta.app, ta.t.db, 1, 'socio@pizzaria.test', 'dono');
      const socioId = (
        await ta.t.db
          .selectFrom('funcionario')
          .select('id')
          .where('email', '=', 'socio@pizzaria.test')
          .executeTakeFirstOrThrow()
      ).id;
      // Two owners: one may remove the other, and then the last one stays.
      expect((await send('DELETE', `${est(1)}/equipe/${socioId}/`)).statusCode).toBe(204);
      expect((await get(`${est(1)}/pedidos/`, segundo)).statusCode).toBe(404);
      const temp = await criarFuncionario(ta.t.db, 1, 'temp@pizzaria.test', 'atendente');
      expect((await send('DELETE', `${est(1)}/equipe/${temp}/`)).statusCode).toBe(204);
      expect((await send('DELETE', `${est(1)}/equipe/${temp}/`)).statusCode).toBe(404);
      expect((await send('DELETE', `${est(1)}/equipe/abc/`)).statusCode).toBe(404);
      // Not in this team at all: 404, the other establishment's member is untouched.
      const outroId = (
        await ta.t.db
          .selectFrom('funcionario')
          .select('id')
          .where('email', '=', 'dono@lanchonete.test')
          .executeTakeFirstOrThrow()
      ).id;
      expect((await send('DELETE', `${est(1)}/equipe/${outroId}/`)).statusCode).toBe(404);
      // The last owner: only reachable when two owners remove each other at once (the second
      // finds one owner left); the service's check is exercised directly.
      const gerente = await criarFuncionario(ta.t.db, 2, 'gerente@lanchonete.test', 'atendente');
      await expect(staffService().removerDaEquipe(2, gerente, outroId)).rejects.toMatchObject({
        statusCode: 400,
        body: { detail: MSG_PAINEL.ultimoDono },
      });
      expect((await get(`${est(2)}/pedidos/`, outroDono)).statusCode).toBe(200);
    });
  });

  describe('operator keys', () => {
    it('the owner creates a key (shown once, it opens the operator API), lists and revokes it', async () => {
      const res = await send('POST', `${est(1)}/chaves/`, { nome: ' Integração iFood ' });
      expect(res.statusCode, res.body).toBe(201);
      const c = chaveCriadaSchema.parse(res.json());
      expect(c.nome).toBe('Integração iFood');
      expect(c.chave).toMatch(/^rop_[A-Za-z0-9_-]{43}$/);
      const api = () =>
        ta.app.inject({ url: `${API}/operador/pedido/`, headers: { authorization: `Bearer ${c.chave}` } });
      expect((await api()).statusCode).toBe(200);
      const lista = chavesOperadorSchema.parse((await get(`${est(1)}/chaves/`)).json());
      expect(lista.find((k) => k.id === c.id)).toMatchObject({ nome: 'Integração iFood', revogado_em: null });
      expect(JSON.stringify(lista)).not.toContain(c.chave);
      // Another establishment's owner cannot see or revoke it.
      const alheia = await send('DELETE', `${est(2)}/chaves/${c.id}/`, undefined, outroDono);
      expect(alheia.statusCode).toBe(404);
      expect(alheia.json()).toEqual({ detail: MSG_PAINEL.chaveNaoEncontrada });
      expect(chavesOperadorSchema.parse((await get(`${est(2)}/chaves/`, outroDono)).json())).toEqual([]);
      expect((await api()).statusCode).toBe(200);
      expect((await send('DELETE', `${est(1)}/chaves/${c.id}/`)).statusCode).toBe(204);
      expect((await api()).statusCode).toBe(401);
      expect((await send('DELETE', `${est(1)}/chaves/${c.id}/`)).statusCode).toBe(204);
      const depois = chavesOperadorSchema.parse((await get(`${est(1)}/chaves/`)).json());
      expect(depois.find((k) => k.id === c.id)?.revogado_em).not.toBeNull();
    });

    it('refuses an empty, long or control-character name and an unknown key', async () => {
      for (const nome of ['', '   ', 'x'.repeat(101), 'a\u0007b', 42]) {
        const res = await send('POST', `${est(1)}/chaves/`, { nome });
        expect(res.statusCode, String(nome)).toBe(400);
        expect(Object.keys(res.json())).toEqual(['nome']);
      }
      for (const id of ['99999', 'abc']) {
        expect((await send('DELETE', `${est(1)}/chaves/${id}/`)).statusCode).toBe(404);
      }
    });
  });
});
