import { STATUS, pedidoCriadoSchema, pedidoFetchedSchema } from '@rango/domain';
import type { Produto } from '@rango/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS } from '../../test/db.ts';
import { API, DINHEIRO, montarPedido, pedidoUrl } from '../orders/testing.ts';
import type { ClienteTeste } from '../orders/testing.ts';
import { MSG_RENOVAR_PIX } from './renovar-pix.ts';
import { HEADER_ASSINATURA } from './sandbox/gateway.ts';
import type { SandboxGateway } from './sandbox/gateway.ts';
import { MSG_PAGAMENTO } from './service.ts';
import { PIX, REFRI, abrirCenarioPagamentos, pedidoOnline } from './testing.ts';

/** The renewal window these tests run with (an expired PIX keeps its order pending this long). */
const JANELA = 600;

describe.each(DIALECTS)("PIX 'Gerar novo código' on %s", (dialect) => {
  let h: TestApp;
  let produtos: Map<number, Produto>;
  let maria: ClienteTeste;
  let joao: ClienteTeste;
  let sandbox: SandboxGateway;
  let chaveOperador: string;
  let depoisDeCriarPix: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    ({ h, produtos, maria, joao, sandbox, chaveOperador } = await abrirCenarioPagamentos(dialect, {
      payments: { pixRenovarSegundos: JANELA },
      // A test may act between the gateway making a PIX charge and the service applying it.
      wrapGateway: (g) => ({
        ...g,
        async criarPix(req) {
          const r = await g.criarPix(req);
          await depoisDeCriarPix?.();
          return r;
        },
      }),
    }));
  });
  afterAll(async () => h.close());

  const pedidoPix = () => pedidoOnline(produtos, PIX);
  async function novoPix(cliente = maria): Promise<number> {
    const res = await h.app.inject({
      method: 'POST',
      url: pedidoUrl(1),
      payload: pedidoPix() as object,
      headers: cliente.headers,
    });
    expect(res.statusCode, res.body).toBe(201);
    return pedidoCriadoSchema.parse(res.json()).id;
  }
  const ler = async (id: number) => {
    const res = await h.app.inject({ url: `${API}/controle/pedido/${id}/`, headers: maria.headers });
    expect(res.statusCode, res.body).toBe(200);
    return pedidoFetchedSchema.parse(res.json());
  };
  const renovar = (id: number | string, cliente: ClienteTeste | null = maria) =>
    h.app.inject({
      method: 'POST',
      url: `${API}/controle/pedido/${id}/pix/renovar/`,
      ...(cliente ? { headers: cliente.headers } : {}),
    });
  const tentativas = (id: number) =>
    h.t.db.selectFrom('pagamento').selectAll().where('idpedido', '=', id).orderBy('id').execute();
  const statusDe = (f: { historico: { status: number }[] }) => f.historico.map((x) => x.status);

  /** The order's latest PIX as if it expired `segundos` ago (ours and the sandbox's record). */
  async function expirar(id: number, segundos = 1) {
    const passado = new Date(Date.now() - segundos * 1000).toISOString();
    const ultima = (await tentativas(id)).at(-1)!;
    await h.t.db
      .updateTable('pagamento')
      .set({ expira_em: passado, consultado_em: null })
      .where('id', '=', ultima.id)
      .execute();
    await h.t.db
      .updateTable('sandbox_pagamento')
      .set({ expira_em: passado })
      .where('payment_id', '=', ultima.payment_id!)
      .execute();
    return ultima;
  }
  const pagarNoBanco = (paymentId: string) =>
    h.app.inject({ method: 'POST', url: `${API}/sandbox/banco/pix/${paymentId}` });

  it('an expired PIX keeps the order pending; a new charge with a new txid; the old one refused by the bank page; the new one paid completes the order', async () => {
    const id = await novoPix();
    const antiga = await expirar(id);
    const f = await ler(id);
    expect(statusDe(f)).toEqual([STATUS.PgtoPendente]);

    const res = await renovar(id);
    expect(res.statusCode, res.body).toBe(200);
    const renovado = pedidoFetchedSchema.parse(res.json());
    expect(renovado.id).toBe(id);
    expect(renovado.transacoes.map((t) => t.estado)).toEqual(['expirado', 'pendente']);
    const nova = renovado.transacoes[1]!;
    expect(nova.qrcode).toMatch(/^000201010212.*6304[0-9A-F]{4}$/);
    expect(nova.qrcode).not.toBe(renovado.transacoes[0]!.qrcode);
    expect(Date.parse(nova.expira_em!)).toBeGreaterThan(Date.now());
    expect(nova.valor).toBe(renovado.transacoes[0]!.valor);

    const rows = await tentativas(id);
    expect(rows).toHaveLength(2);
    const sb = await h.t.db
      .selectFrom('sandbox_pagamento')
      .select(['payment_id', 'txid'])
      .where(
        'payment_id',
        'in',
        rows.map((r) => r.payment_id!),
      )
      .execute();
    expect(new Set(sb.map((r) => r.txid)).size).toBe(2);

    // The old code: the sandbox bank refuses it.
    expect((await pagarNoBanco(antiga.payment_id!)).statusCode).toBe(409);
    expect(statusDe(await ler(id))).toEqual([STATUS.PgtoPendente]);
    // The new code pays the order.
    expect((await pagarNoBanco(rows[1]!.payment_id!)).statusCode).toBe(200);
    const pago = await ler(id);
    expect(statusDe(pago)).toEqual([STATUS.PgtoPendente, STATUS.Sincronizado]);
    expect(pago.transacoes.map((t) => t.estado)).toEqual(['expirado', 'pago']);

    // Paid: no renewal, nothing charged again.
    const depois = await renovar(id);
    expect(depois.statusCode).toBe(409);
    expect(depois.json()).toEqual({ detail: MSG_RENOVAR_PIX.pago });
    expect(await tentativas(id)).toHaveLength(2);
  });

  it('the old txid paid late (a gateway without expiry) is refunded; the order still waits for the new one', async () => {
    const id = await novoPix();
    const antiga = await expirar(id);
    expect((await renovar(id)).statusCode).toBe(200);
    // As Cielo would: the old charge paid after its expiry, then notified.
    await h.t.db
      .updateTable('sandbox_pagamento')
      .set({ status: 2 })
      .where('payment_id', '=', antiga.payment_id!)
      .execute();
    const notificar = await h.app.inject({
      method: 'POST',
      url: `${API}/pagamentos/notificacao/`,
      payload: { PaymentId: antiga.payment_id, ChangeType: 1 },
      headers: { [HEADER_ASSINATURA]: sandbox.assinarNotificacao(antiga.payment_id!) },
    });
    expect(notificar.statusCode).toBe(200);
    const sb = await h.t.db
      .selectFrom('sandbox_pagamento')
      .select('status')
      .where('payment_id', '=', antiga.payment_id!)
      .executeTakeFirstOrThrow();
    expect(sb.status).toBe(11);
    const f = await ler(id);
    expect(statusDe(f)).toEqual([STATUS.PgtoPendente]);
    expect(f.transacoes.map((t) => t.estado)).toEqual(['estornado', 'pendente']);
  });

  it('a code still valid, a cancelled order, a cash order: 409 with the reason, nothing charged', async () => {
    const id = await novoPix();
    const valido = await renovar(id);
    expect(valido.statusCode).toBe(409);
    expect(valido.json()).toEqual({ detail: MSG_RENOVAR_PIX.aindaValido });

    // Past the renewal window the order is cancelled ('Pagamento não efetuado.').
    await expirar(id, JANELA + 5);
    const cancelado = await renovar(id);
    expect(cancelado.statusCode).toBe(409);
    expect(cancelado.json()).toEqual({ detail: MSG_RENOVAR_PIX.cancelado });
    const f = await ler(id);
    expect(statusDe(f)).toEqual([STATUS.PgtoPendente, STATUS.Cancelado]);
    expect(f.historico.at(-1)?.motivo).toBe(MSG_PAGAMENTO.pixNaoPago);
    expect(await tentativas(id)).toHaveLength(1);

    // Cancelled by the restaurant while pending.
    const outro = await novoPix();
    await expirar(outro);
    const cancel = await h.app.inject({
      method: 'POST',
      url: `${API}/operador/pedido/${outro}/status/`,
      headers: { authorization: `Bearer ${chaveOperador}` },
      payload: { status: STATUS.Cancelado, motivo: 'Cliente desistiu' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await renovar(outro)).json()).toEqual({ detail: MSG_RENOVAR_PIX.cancelado });
    expect(await tentativas(outro)).toHaveLength(1);

    // Cash on delivery: not awaiting payment, not awaiting payment.
    const dinheiro = montarPedido(produtos, { itens: [REFRI], formapgto: DINHEIRO });
    const res = await h.app.inject({
      method: 'POST',
      url: pedidoUrl(1),
      payload: dinheiro as object,
      headers: maria.headers,
    });
    expect(res.statusCode, res.body).toBe(201);
    const naoPix = await renovar(pedidoCriadoSchema.parse(res.json()).id);
    expect(naoPix.statusCode).toBe(409);
    expect(naoPix.json()).toEqual({ detail: MSG_RENOVAR_PIX.naoAguarda });
  });

  it('another customer’s order and an unknown id answer 404, no session 401; nothing charged', async () => {
    const id = await novoPix();
    await expirar(id);
    expect((await renovar(id, joao)).statusCode).toBe(404);
    expect((await renovar(999_999)).statusCode).toBe(404);
    expect((await renovar('abc')).statusCode).toBe(404);
    expect((await renovar(id, null)).statusCode).toBe(401);
    expect(await tentativas(id)).toHaveLength(1);
  });

  it('the tracking page polling while the new charge is made (a query by our key answers without the code): the new code is kept', async () => {
    const id = await novoPix();
    await expirar(id);
    // The poll lands after the sandbox made the charge and before the renewal applied its answer.
    depoisDeCriarPix = async () => {
      const poll = await h.app.inject({
        url: `${API}/api/estabelecimento/1/status/${id}/`,
        headers: maria.headers,
      });
      expect(poll.statusCode, poll.body).toBe(200);
      const nova = (await tentativas(id)).at(-1)!;
      expect([nova.estado, nova.qrcode]).toEqual(['pendente', null]);
    };
    try {
      const res = await renovar(id);
      expect(res.statusCode, res.body).toBe(200);
      const nova = (await tentativas(id)).at(-1)!;
      expect(nova.estado).toBe('pendente');
      expect(nova.qrcode).toMatch(/^000201/);
      expect(pedidoFetchedSchema.parse(res.json()).transacoes.at(-1)?.qrcode).toBe(nova.qrcode);
    } finally {
      depoisDeCriarPix = null;
    }
  });

  it('two renewals at once: one new charge', async () => {
    const id = await novoPix();
    await expirar(id);
    const respostas = await Promise.all([renovar(id), renovar(id), renovar(id)]);
    const codigos = respostas.map((r) => r.statusCode).sort();
    expect(codigos, respostas.map((r) => r.body).join('\n')).toEqual([200, 409, 409]);
    // The loser is told the code was renewed (or, arriving later, that the new one is being made / valid).
    const perdedoras = [MSG_RENOVAR_PIX.jaRenovado, MSG_RENOVAR_PIX.gerando, MSG_RENOVAR_PIX.aindaValido];
    for (const r of respostas.filter((x) => x.statusCode === 409)) {
      expect(perdedoras).toContain((r.json() as { detail: string }).detail);
    }
    const rows = await tentativas(id);
    expect(rows.map((r) => r.estado)).toEqual(['expirado', 'pendente']);
    const cobrancas = await h.t.db
      .selectFrom('sandbox_pagamento')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('chave', 'like', `${rows[0]!.chave.slice(0, -1)}%`)
      .executeTakeFirstOrThrow();
    expect(Number(cobrancas.n)).toBe(2);
  });
});
