import {
  STATUS,
  luhnValido,
  pedidoCriadoSchema,
  pedidoFetchedSchema,
  pedidoGravadoSchema,
} from '@rango/domain';
import type { PedidoInput, Produto } from '@rango/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS } from '../../test/db.ts';
import { API, CREDITO, contagens, pedidoUrl } from '../orders/testing.ts';
import { staffBearer } from '../staff/testing.ts';
import type { ClienteTeste } from '../orders/testing.ts';
import { HEADER_ASSINATURA } from './sandbox/gateway.ts';
import type { SandboxGateway } from './sandbox/gateway.ts';
import { MSG_PAGAMENTO } from './service.ts';
import { PIX, abrirCenarioPagamentos, pedidoOnline } from './testing.ts';

const DEBITO = { id: 33, sttipopgto: 61, descricao: 'Débito' };

/** A Visa-like 16-digit number passing Luhn whose last digit is `final` (the sandbox's rule). */
export function cartaoTerminadoEm(final: string, prefixo = '400000000000'): string {
  for (let x = 0; x < 1000; x++) {
    const n = `${prefixo}${String(x).padStart(3, '0')}${final}`;
    if (luhnValido(n)) return n;
  }
  throw new Error('sem número');
}

const validade = () => `12/${new Date().getUTCFullYear() + 2}`;

describe.each(DIALECTS)('online payments through the API on %s', (dialect) => {
  let h: TestApp;
  let produtos: Map<number, Produto>;
  let maria: ClienteTeste;
  let joao: ClienteTeste;
  let sandbox: SandboxGateway;
  let chaveOperador: string;

  beforeAll(async () => {
    // The sandbox is the app's own: the test plays the browser's SOP.
    ({ h, produtos, maria, joao, sandbox, chaveOperador } = await abrirCenarioPagamentos(dialect));
    await h.t.db
      .insertInto('formapgto')
      .values({ idformapgto: DEBITO.id, idestabelecimento: 1, descricao: DEBITO.descricao, sttipopgto: 61 })
      .execute();
  });
  afterAll(async () => h.close());

  /** The browser's Silent Order Post: the card goes to the gateway, the order gets a token. */
  async function tokenizar(numero: string, expiracao = validade()): Promise<string> {
    const { url, accessToken } = await sandbox.tokenizacaoNavegador();
    const res = await h.app.inject({
      method: 'POST',
      url,
      payload: {
        AccessToken: accessToken,
        HolderName: 'MARIA C',
        RawNumber: numero,
        Expiration: expiracao,
        SecurityCode: '123',
        EnableTokenize: true,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { CardToken: string }).CardToken;
  }

  const online = (
    forma: typeof CREDITO,
    cartao: PedidoInput['pagamentos'][number]['cartao'],
    pedidoId?: string,
  ) => pedidoOnline(produtos, forma, cartao, pedidoId);
  const cartaoToken = (token: string, o: Record<string, unknown> = {}) => ({
    token,
    bandeira: 'Visa',
    titular: 'MARIA C',
    cnpjoucpf: '12345678909',
    expiracao: validade(),
    tipo: 'CREDITO',
    salvar: false,
    numero: null,
    cvv: null,
    external_authentication: null,
    ...o,
  });

  const post = (payload: unknown, cliente = maria) =>
    h.app.inject({ method: 'POST', url: pedidoUrl(1), payload: payload as object, headers: cliente.headers });
  const ler = async (id: number, cliente = maria) => {
    const res = await h.app.inject({ url: `${API}/controle/pedido/${id}/`, headers: cliente.headers });
    expect(res.statusCode, res.body).toBe(200);
    return pedidoFetchedSchema.parse(res.json());
  };
  const statusDe = (f: { historico: { status: number }[] }) => f.historico.map((x) => x.status);

  it('credit with a new card: approved, saved when asked, the order moves to Sincronizado', async () => {
    const token = await tokenizar('4111111111111111');
    const res = await post(online(CREDITO, cartaoToken(token, { salvar: true })));
    expect(res.statusCode, res.body).toBe(201);
    const { id } = pedidoCriadoSchema.parse(res.json());
    const f = await ler(id);
    expect(statusDe(f)).toEqual([STATUS.PgtoPendente, STATUS.Sincronizado]);
    expect(f.transacoes).toEqual([
      expect.objectContaining({ tipo: 'credito', estado: 'pago', url: null, qrcode: null, pedido: id }),
    ]);
    const gravado = pedidoGravadoSchema.parse(JSON.parse(f.pedido));
    expect(gravado.pagamentos[0]).toMatchObject({
      pre_pago: true,
      tipo: 'CARTAO',
      cartao: { bandeira: 'Visa', numero: '************1111' },
    });
    const cartoes = await h.t.db.selectFrom('cartao').selectAll().where('idcliente', '=', maria.id).execute();
    expect(cartoes).toEqual([
      expect.objectContaining({
        token,
        bandeira: 'Visa',
        numero: '************1111',
        titular: 'MARIA C',
        cnpjoucpf: '12345678909',
      }),
    ]);
  });

  it.each([
    ['2', '05', 'Não Autorizada'],
    ['3', '57', 'Cartão Expirado'],
    ['5', '78', 'Cartão Bloqueado'],
    ['6', '99', 'Time Out'],
    ['7', '77', 'Cartão Cancelado'],
    ['8', '70', 'Problemas com o Cartão de Crédito'],
  ])(
    'credit refused by the card ending in %s: 106/501 with the reason, no order, a retry may follow',
    async (final, code, message) => {
      const recusado = await tokenizar(cartaoTerminadoEm(final));
      const payload = online(CREDITO, cartaoToken(recusado));
      const antes = await contagens(h.t.db);
      const res = await post(payload);
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 400,
        body: {
          codigo: 106,
          msg: message,
          extra: { codigo: 501, msg: message, Payment: { ReturnCode: code, ReturnMessage: message } },
        },
      });
      expect(await contagens(h.t.db)).toEqual(antes);
      const tentativas = await h.t.db
        .selectFrom('pagamento')
        .selectAll()
        .where('pedido_id', '=', payload.pedido_id)
        .execute();
      expect(tentativas).toEqual([
        expect.objectContaining({ estado: 'negado', idpedido: null, return_code: code }),
      ]);
      // The same pedido_id with another card: a new attempt with its own key.
      const bom = await tokenizar(cartaoTerminadoEm('4'));
      const again = await post(online(CREDITO, cartaoToken(bom), payload.pedido_id));
      expect(again.statusCode, again.body).toBe(201);
      expect(
        await h.t.db
          .selectFrom('sandbox_pagamento')
          .select('chave')
          .where('chave', 'like', `${payload.pedido_id.replace(/-/g, '')}%`)
          .execute(),
      ).toHaveLength(2);
    },
  );

  it('the raw card payload (compatibility): an invalid expiry answers 106/500 with error 126, a good one pays', async () => {
    const cru = { ...cartaoToken(''), token: null, numero: '4111111111111111', cvv: '123' };
    const res = await post(online(CREDITO, { ...cru, expiracao: '01/2020' }));
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 400,
      body: {
        codigo: 106,
        msg: 'Data de expiração é inválida',
        extra: {
          codigo: 500,
          msg: 'Data de expiração é inválida',
          errors: [{ Code: 126, Message: 'Data de expiração é inválida' }],
        },
      },
    });
    const ok = await post(online(CREDITO, cru));
    expect(ok.statusCode, ok.body).toBe(201);
    const luhn = await post(online(CREDITO, { ...cru, numero: '4111111111111112' }));
    expect(luhn.json()).toMatchObject({ codigo: 106, extra: { codigo: 500, errors: [{ Code: 128 }] } });
  });

  it('refuses another customer’s saved card, an unknown token, debit with a brand other than Visa/Master, a card-less card payment', async () => {
    const token = await tokenizar('4111111111111111');
    await h.t.db
      .insertInto('cartao')
      .values({
        idcliente: maria.id,
        token,
        bandeira: 'Visa',
        numero: '************1111',
        titular: 'MARIA C',
        cnpjoucpf: '12345678909',
        datahora: new Date().toISOString(),
      })
      .execute();
    const antes = await contagens(h.t.db);
    const alheio = await post(online(CREDITO, cartaoToken(token)), joao);
    expect(alheio.json()).toEqual({
      codigo: 106,
      msg: MSG_PAGAMENTO.cartaoInvalido,
      extra: { codigo: 100, msg: MSG_PAGAMENTO.cartaoInvalido },
    });
    const desconhecido = await post(online(CREDITO, cartaoToken('00000000-0000-4000-8000-000000000000')));
    expect(desconhecido.json()).toMatchObject({ codigo: 106, extra: { codigo: 100 } });
    const amex = await tokenizar('378282246310005');
    const debitoAmex = await post(online(DEBITO, cartaoToken(amex, { tipo: 'DEBITO', bandeira: 'Amex' })));
    expect(debitoAmex.json()).toMatchObject({ codigo: 106, msg: MSG_PAGAMENTO.debitoBandeira });
    const semCartao = await post(online(CREDITO, null));
    expect(semCartao.json()).toMatchObject({ codigo: 106, extra: { codigo: 100 } });
    expect(await contagens(h.t.db)).toEqual(antes);
  });

  it('debit without 3-D Secure data: waits on the bank page; approving pays, denying cancels with the spec’s text', async () => {
    for (const [decisao, esperado] of [
      ['aprovar', STATUS.Sincronizado],
      ['negar', STATUS.Cancelado],
    ] as const) {
      const token = await tokenizar('5555555555554444');
      const res = await post(online(DEBITO, cartaoToken(token, { tipo: 'DEBITO', bandeira: 'Master' })));
      expect(res.statusCode, res.body).toBe(201);
      const { id } = pedidoCriadoSchema.parse(res.json());
      const pendente = await ler(id);
      expect(statusDe(pendente)).toEqual([STATUS.PgtoPendente]);
      const url = pendente.transacoes[0]!.url!;
      expect(url).toMatch(/^\/api\/ead\/sandbox\/banco\/debito\//);
      const pagina = await h.app.inject({ url });
      expect(pagina.statusCode).toBe(200);
      expect(pagina.body).toContain('**** 4444');
      // No inline script or style (the CSP allows neither): scripts only by src.
      expect(pagina.body).not.toMatch(/<script(?![^>]*\ssrc=)|style=/);
      const decidido = await h.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `decisao=${decisao}`,
      });
      expect(decidido.statusCode).toBe(303);
      expect(decidido.headers.location).toBe('http://rango.test/aguardando-pagamento');
      const depois = await ler(id);
      expect(statusDe(depois).at(-1)).toBe(esperado);
      expect(depois.transacoes[0]).toMatchObject({
        url: null,
        estado: decisao === 'aprovar' ? 'pago' : 'negado',
      });
      if (decisao === 'negar') expect(depois.historico.at(-1)?.motivo).toBe(MSG_PAGAMENTO.debitoNegado);
      // Deciding again changes nothing.
      await h.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'decisao=aprovar',
      });
      expect(statusDe(await ler(id))).toEqual(statusDe(depois));
    }
  });

  describe('debit with 3-D Secure (the sandbox authentication server)', () => {
    /** What the bpmpi script does: asks the 3DS server about the card's last 4 for this amount. */
    async function autenticar(final: string, valor: number, decisao?: 'aprovar' | 'negar') {
      const mpi = (
        await h.app.inject({ url: `${API}/controle/3ds/token/`, headers: maria.headers })
      ).json() as {
        access_token: string;
      };
      const auth = { authorization: `Bearer ${mpi.access_token}` };
      const r = await h.app.inject({
        method: 'POST',
        url: `${API}/sandbox/3ds/autenticar`,
        headers: auth,
        payload: { ordernumber: 'x', totalamount: valor, final, bandeira: 'Visa' },
      });
      expect(r.statusCode, r.body).toBe(200);
      let corpo = r.json() as {
        resultado: string;
        referenceid?: string;
        evento?: Record<string, string | null>;
      };
      if (corpo.resultado === 'desafio') {
        const ref = corpo.referenceid!;
        await h.app.inject({
          method: 'POST',
          url: `${API}/sandbox/3ds/desafio/${ref}`,
          payload: { decisao },
        });
        corpo = (
          await h.app.inject({ url: `${API}/sandbox/3ds/resultado/${ref}?bandeira=Visa`, headers: auth })
        ).json() as typeof corpo;
      }
      const e = corpo.evento!;
      return {
        resultado: corpo.resultado,
        external_authentication: {
          cavv: e.Cavv ?? null,
          xid: e.Xid ?? null,
          eci: e.Eci ?? null,
          version: e.Version ?? null,
          referenceid: e.ReferenceId ?? null,
        },
      };
    }

    it.each([
      ['4000000000002701', undefined, 'sucesso', 201],
      ['4000000000002503', 'aprovar', 'sucesso', 201],
      ['4000000000002503', 'negar', 'falha', 400],
      ['4000000000002370', 'aprovar', 'falha', 400],
      ['4000000000002925', undefined, 'falha', 400],
      ['4000000000002420', undefined, 'nao_inscrito', 201],
    ] as const)('card %s (%s): %s → %i', async (numero, decisao, resultado, status) => {
      const token = await tokenizar(numero);
      const payload = online(DEBITO, cartaoToken(token, { tipo: 'DEBITO' }));
      const a = await autenticar(numero.slice(-4), payload.total, decisao);
      expect(a.resultado).toBe(resultado);
      payload.pagamentos[0]!.cartao!.external_authentication = a.external_authentication;
      const res = await post(payload);
      expect(res.statusCode, res.body).toBe(status);
      if (status === 201) {
        const f = await ler(pedidoCriadoSchema.parse(res.json()).id);
        expect(statusDe(f)).toEqual([STATUS.PgtoPendente, STATUS.Sincronizado]);
      } else {
        expect(res.json()).toMatchObject({
          codigo: 106,
          extra: { codigo: 501, Payment: { ReturnCode: '05' } },
        });
      }
      // The same authentication again (a replay): refused, nothing charged.
      const replay = online(
        DEBITO,
        cartaoToken(token, { tipo: 'DEBITO', external_authentication: a.external_authentication }),
      );
      const antes = await contagens(h.t.db);
      const again = await post(replay);
      expect(again.json()).toMatchObject({ codigo: 106, extra: { codigo: 500, errors: [{ Code: 134 }] } });
      expect(await contagens(h.t.db)).toEqual(antes);
    });

    it('refuses an authentication for another amount or a forged CAVV', async () => {
      const token = await tokenizar('4000000000002701');
      const payload = online(DEBITO, cartaoToken(token, { tipo: 'DEBITO' }));
      const outro = await autenticar('2701', payload.total + 1);
      payload.pagamentos[0]!.cartao!.external_authentication = outro.external_authentication;
      expect((await post(payload)).json()).toMatchObject({ codigo: 106, extra: { codigo: 500 } });
      const certo = await autenticar('2701', payload.total);
      payload.pagamentos[0]!.cartao!.external_authentication = {
        ...certo.external_authentication,
        cavv: 'AAAAforjado',
      };
      expect((await post(payload)).json()).toMatchObject({ codigo: 106, extra: { codigo: 500 } });
    });
  });

  it("the bank page returns the customer to the establishment's own host when it has one", async () => {
    const dono = await staffBearer(h.app, h.t.db, 1, 'dono.banco@pizzaria.test', 'dono');
    const host = 'pedidos.pizzaria.com.br';
    const d = await h.app.inject({
      method: 'POST',
      url: `${API}/painel/estabelecimento/1/dominios/`,
      headers: dono,
      payload: { host },
    });
    expect(d.statusCode, d.body).toBe(201);
    try {
      const token = await tokenizar('5555555555554444');
      const res = await post(online(DEBITO, cartaoToken(token, { tipo: 'DEBITO', bandeira: 'Master' })));
      expect(res.statusCode, res.body).toBe(201);
      const url = (await ler(pedidoCriadoSchema.parse(res.json()).id)).transacoes[0]!.url!;
      const decidido = await h.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'decisao=aprovar',
      });
      expect(decidido.statusCode).toBe(303);
      // The checkout ran on that host: the payment frame's page comes back to the same origin.
      expect(decidido.headers.location).toBe(`http://${host}/aguardando-pagamento`);
    } finally {
      const { dominios } = (
        await h.app.inject({ url: `${API}/painel/estabelecimento/1/dominios/`, headers: dono })
      ).json<{
        dominios: { id: number }[];
      }>();
      for (const x of dominios)
        await h.app.inject({
          method: 'DELETE',
          url: `${API}/painel/estabelecimento/1/dominios/${x.id}/`,
          headers: dono,
        });
    }
  });
  it('PIX: a BR Code and QR while pending; paid from the sandbox bank, the order moves on; a notification twice changes nothing twice', async () => {
    const res = await post(online(PIX, null));
    expect(res.statusCode, res.body).toBe(201);
    const { id } = pedidoCriadoSchema.parse(res.json());
    const f = await ler(id);
    expect(statusDe(f)).toEqual([STATUS.PgtoPendente]);
    const t = f.transacoes[0]!;
    expect(t).toMatchObject({ tipo: 'pix', estado: 'pendente' });
    expect(t.qrcode).toMatch(/^000201010212.*br\.gov\.bcb\.pix.*6304[0-9A-F]{4}$/);
    expect(t.imagem_qrcode).toMatch(/^data:image\//);
    expect(Date.parse(t.expira_em!)).toBeGreaterThan(Date.now());
    const status = await h.app.inject({
      url: `${API}/api/estabelecimento/1/status/${id}/`,
      headers: maria.headers,
    });
    expect(status.json()).toMatchObject({ status: STATUS.PgtoPendente });
    // A forged notification: refused, nothing moves.
    const row = await h.t.db
      .selectFrom('pagamento')
      .selectAll()
      .where('idpedido', '=', id)
      .executeTakeFirstOrThrow();
    const forjada = await h.app.inject({
      method: 'POST',
      url: `${API}/pagamentos/notificacao/`,
      payload: { PaymentId: row.payment_id, ChangeType: 1 },
      headers: { [HEADER_ASSINATURA]: 'forjada' },
    });
    expect(forjada.statusCode).toBe(401);
    // Paid in the 'bank app' (our sandbox page), without the app's involvement.
    await sandbox.pagarPix(row.payment_id!);
    const notificar = () =>
      h.app.inject({
        method: 'POST',
        url: `${API}/pagamentos/notificacao/`,
        payload: { PaymentId: row.payment_id, ChangeType: 1 },
        headers: { [HEADER_ASSINATURA]: sandbox.assinarNotificacao(row.payment_id!) },
      });
    expect((await notificar()).statusCode).toBe(200);
    expect((await notificar()).statusCode).toBe(200);
    const pago = await ler(id);
    expect(statusDe(pago)).toEqual([STATUS.PgtoPendente, STATUS.Sincronizado]);
    expect(pago.transacoes[0]).toMatchObject({ estado: 'pago', url: null });
  });

  it('PIX expired: the order is cancelled with "Pagamento não efetuado."; the sandbox no longer takes it', async () => {
    const { id } = pedidoCriadoSchema.parse((await post(online(PIX, null))).json());
    const passado = new Date(Date.now() - 1000).toISOString();
    // Also as if last asked long ago (reads ask the gateway at most every 3 s).
    await h.t.db
      .updateTable('pagamento')
      .set({ expira_em: passado, consultado_em: null })
      .where('idpedido', '=', id)
      .execute();
    const row = await h.t.db
      .selectFrom('pagamento')
      .selectAll()
      .where('idpedido', '=', id)
      .executeTakeFirstOrThrow();
    await h.t.db
      .updateTable('sandbox_pagamento')
      .set({ expira_em: passado })
      .where('payment_id', '=', row.payment_id!)
      .execute();
    const f = await ler(id);
    expect(statusDe(f)).toEqual([STATUS.PgtoPendente, STATUS.Cancelado]);
    expect(f.historico.at(-1)?.motivo).toBe(MSG_PAGAMENTO.pixNaoPago);
    expect(f.transacoes[0]).toMatchObject({ estado: 'expirado' });
    const pagar = await h.app.inject({ method: 'POST', url: `${API}/sandbox/banco/pix/${row.payment_id}` });
    expect(pagar.statusCode).toBe(409);
  });

  it('the restaurant cancels a paid order: refunded through the gateway, the order says so', async () => {
    const token = await tokenizar('4111111111111111');
    const { id } = pedidoCriadoSchema.parse((await post(online(CREDITO, cartaoToken(token)))).json());
    const cancel = await h.app.inject({
      method: 'POST',
      url: `${API}/operador/pedido/${id}/status/`,
      headers: { authorization: `Bearer ${chaveOperador}` },
      payload: { status: STATUS.Cancelado, motivo: 'Acabou o gás' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const f = await ler(id);
    expect(f.transacoes[0]).toMatchObject({ estado: 'estornado' });
    const row = await h.t.db
      .selectFrom('pagamento')
      .selectAll()
      .where('idpedido', '=', id)
      .executeTakeFirstOrThrow();
    const s = await h.t.db
      .selectFrom('sandbox_pagamento')
      .select('status')
      .where('payment_id', '=', row.payment_id!)
      .executeTakeFirstOrThrow();
    expect(s.status).toBe(11);
  });

  it('another customer’s order and its payment answer 404', async () => {
    const { id } = pedidoCriadoSchema.parse((await post(online(PIX, null))).json());
    const res = await h.app.inject({ url: `${API}/controle/pedido/${id}/`, headers: joao.headers });
    expect(res.statusCode).toBe(404);
  });

  it('GET /controle/3ds/token/: the sandbox script and a token for customers only', async () => {
    expect((await h.app.inject({ url: `${API}/controle/3ds/token/` })).statusCode).toBe(401);
    const res = await h.app.inject({ url: `${API}/controle/3ds/token/`, headers: maria.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      token_type: 'bearer',
      script_url: '/api/ead/sandbox/3ds/bpmpi.js',
      environment: 'SDB',
    });
  });
});
