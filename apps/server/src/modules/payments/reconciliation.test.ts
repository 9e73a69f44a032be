import { STATUS, pedidoCriadoSchema, pedidoFetchedSchema } from '@rango/domain';
import type { PedidoInput, Produto } from '@rango/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS } from '../../test/db.ts';
import { API, CREDITO, montarPedido, pedidoUrl } from '../orders/testing.ts';
import type { ClienteTeste } from '../orders/testing.ts';
import { GatewayIndisponivelError } from './port.ts';
import type { PaymentGateway, ResultadoPagamento } from './port.ts';
import { HEADER_ASSINATURA } from './sandbox/gateway.ts';
import type { SandboxGateway } from './sandbox/gateway.ts';
import { MSG_PAGAMENTO } from './service.ts';
import { abrirCenarioPagamentos } from './testing.ts';

/**
 * The gateway answers nothing: `depois` charges and then times out (the money moved, we don't
 * know), `antes` times out before charging. The order must end consistent: found by our key and
 * paid once, or cancelled when no payment exists under the key.
 */
type Falha = 'nenhuma' | 'depois' | 'antes';

describe.each(DIALECTS)('a gateway that times out, on %s', (dialect) => {
  let h: TestApp;
  let produtos: Map<number, Produto>;
  let maria: ClienteTeste;
  let sandbox: SandboxGateway;
  let falha: Falha = 'nenhuma';
  let cobrancas = 0;
  /** What the gateway's status query answers instead of the truth (stale, out-of-order reads). */
  let consultaForcada: ResultadoPagamento | null = null;

  const wrap = (g: PaymentGateway): PaymentGateway => ({
    ...g,
    lerNotificacao: g.lerNotificacao.bind(g),
    async consultar(paymentId) {
      return consultaForcada ?? g.consultar(paymentId);
    },
    async cobrarCartao(req) {
      if (falha === 'antes') throw new GatewayIndisponivelError('timeout');
      cobrancas++;
      const r = await g.cobrarCartao(req);
      if (falha === 'depois') throw new GatewayIndisponivelError('timeout');
      return r;
    },
  });

  beforeAll(async () => {
    ({ h, produtos, maria, sandbox } = await abrirCenarioPagamentos(dialect, { wrapGateway: wrap }));
  });
  afterAll(async () => h.close());

  async function pedidoComCartao(): Promise<PedidoInput> {
    const { token } = await sandbox.tokenizarCartao({
      numero: '4111111111111111',
      expiracao: `12/${new Date().getUTCFullYear() + 1}`,
      titular: 'MARIA',
      bandeira: 'Visa',
    });
    const pedido = montarPedido(produtos, { itens: [{ produto: 311, quantidade: 5 }], formapgto: CREDITO });
    Object.assign(pedido.pagamentos[0]!, {
      pre_pago: true,
      tipo: 'CARTAO',
      troco_para: null,
      cartao: { token, bandeira: 'Visa', titular: 'MARIA', cnpjoucpf: '12345678909', tipo: 'CREDITO' },
    });
    return pedido;
  }

  const ler = async (id: number) =>
    pedidoFetchedSchema.parse(
      (await h.app.inject({ url: `${API}/controle/pedido/${id}/`, headers: maria.headers })).json(),
    );
  it('charged, then no answer: the order waits (PgtoPendente), is found by our key and paid once', async () => {
    falha = 'depois';
    cobrancas = 0;
    const res = await h.app.inject({
      method: 'POST',
      url: pedidoUrl(1),
      payload: await pedidoComCartao(),
      headers: maria.headers,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = pedidoCriadoSchema.parse(res.json());
    const row = await h.t.db
      .selectFrom('pagamento')
      .selectAll()
      .where('idpedido', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.estado).toBe('incerto');
    expect(row.payment_id).toBeNull();
    falha = 'nenhuma';
    // The read asks the gateway by our key (no new charge) and applies the payment it finds.
    await h.t.db.updateTable('pagamento').set({ consultado_em: null }).where('id', '=', row.id).execute();
    const f = await ler(id);
    expect(f.historico.map((x) => x.status)).toEqual([STATUS.PgtoPendente, STATUS.Sincronizado]);
    expect(f.transacoes[0]).toMatchObject({ estado: 'pago' });
    expect(cobrancas).toBe(1);
    const sandbox = await h.t.db
      .selectFrom('sandbox_pagamento')
      .selectAll()
      .where('chave', '=', row.chave)
      .execute();
    expect(sandbox).toHaveLength(1);
  });

  it('no answer and no charge under our key: after a minute the order is cancelled, nothing charged', async () => {
    falha = 'antes';
    cobrancas = 0;
    const res = await h.app.inject({
      method: 'POST',
      url: pedidoUrl(1),
      payload: await pedidoComCartao(),
      headers: maria.headers,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = pedidoCriadoSchema.parse(res.json());
    falha = 'nenhuma';
    // Too early to conclude: still waiting.
    await h.t.db.updateTable('pagamento').set({ consultado_em: null }).where('idpedido', '=', id).execute();
    expect((await ler(id)).historico.map((x) => x.status)).toEqual([STATUS.PgtoPendente]);
    const minutoAtras = new Date(Date.now() - 61_000).toISOString();
    await h.t.db
      .updateTable('pagamento')
      .set({ criado_em: minutoAtras, consultado_em: null })
      .where('idpedido', '=', id)
      .execute();
    const f = await ler(id);
    expect(f.historico.map((x) => x.status)).toEqual([STATUS.PgtoPendente, STATUS.Cancelado]);
    expect(f.historico.at(-1)?.motivo).toBe(MSG_PAGAMENTO.naoConcluido);
    expect(f.transacoes[0]).toMatchObject({ estado: 'negado' });
    expect(cobrancas).toBe(0);
  });

  it('answers out of order (a stale pending, then a denial after the payment): a paid order stays paid', async () => {
    falha = 'nenhuma';
    const { id } = pedidoCriadoSchema.parse(
      (
        await h.app.inject({
          method: 'POST',
          url: pedidoUrl(1),
          payload: await pedidoComCartao(),
          headers: maria.headers,
        })
      ).json(),
    );
    const antes = await ler(id);
    expect(antes.historico.map((x) => x.status)).toEqual([STATUS.PgtoPendente, STATUS.Sincronizado]);
    const base = {
      paymentId: null,
      returnCode: null,
      returnMessage: null,
      authenticationUrl: null,
      cardToken: null,
      pix: null,
    };
    for (const estado of ['pendente', 'negado', 'expirado', 'pendente'] as const) {
      consultaForcada = { ...base, estado };
      await h.t.db.updateTable('pagamento').set({ consultado_em: null }).where('idpedido', '=', id).execute();
      // The order is no longer pending, so reads don't ask; a notification does.
      const row = await h.t.db
        .selectFrom('pagamento')
        .selectAll()
        .where('idpedido', '=', id)
        .executeTakeFirstOrThrow();
      await h.app.inject({
        method: 'POST',
        url: `${API}/pagamentos/notificacao/`,
        payload: { PaymentId: row.payment_id },
        headers: { [HEADER_ASSINATURA]: sandbox.assinarNotificacao(row.payment_id!) },
      });
    }
    consultaForcada = null;
    const depois = await ler(id);
    expect(depois.historico).toEqual(antes.historico);
    expect(depois.transacoes[0]).toMatchObject({ estado: 'pago' });
  });
});
