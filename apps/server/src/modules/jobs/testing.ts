import { STATUS, pedidoCriadoSchema } from '@rango/domain';
import type { Produto } from '@rango/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { testConfig } from '../../test/db.ts';
import { moverPedido, pedidoPort } from '../orders/status.ts';
import { CREDITO, montarPedido, pedidoUrl } from '../orders/testing.ts';
import type { ClienteTeste } from '../orders/testing.ts';
import { GatewayIndisponivelError } from '../payments/port.ts';
import type { PaymentGateway } from '../payments/port.ts';
import { createSandboxGateway } from '../payments/sandbox/gateway.ts';
import { createPayments } from '../payments/service.ts';
import type { Payments } from '../payments/service.ts';

/** Test helpers of the background-jobs suites (not imported by the app). */

export const PIX = { id: 31, sttipopgto: 200, descricao: 'PIX' };
export const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** What one instance asked of the gateway. */
export interface Chamadas {
  consultas: number;
  estornos: string[];
}

/**
 * One more instance's payments service on `db` (another pool on the same PostgreSQL database),
 * over the sandbox gateway (its state is in the database: shared by every instance), counting
 * what it asks. `travar(nome)` answers a promise that the gateway call `nome` waits on instead
 * of answering (an instance frozen or killed mid-call).
 */
export function instancia(
  db: Db,
  opcoes: { agora?: () => Date; travar?: (chamada: 'consulta' | 'estorno') => Promise<never> | null } = {},
): { payments: Payments; chamadas: Chamadas } {
  const p = testConfig().payments;
  const sandbox = createSandboxGateway({ db, secret: p.sandboxSecret!, pix: p.pix });
  const chamadas: Chamadas = { consultas: 0, estornos: [] };
  const gateway: PaymentGateway = {
    ...sandbox,
    lerNotificacao: sandbox.lerNotificacao.bind(sandbox),
    async consultar(id) {
      await (opcoes.travar?.('consulta') ?? null);
      chamadas.consultas++;
      return sandbox.consultar(id);
    },
    async consultarPorChave(chave) {
      await (opcoes.travar?.('consulta') ?? null);
      chamadas.consultas++;
      return sandbox.consultarPorChave(chave);
    },
    async estornar(id, valor) {
      await (opcoes.travar?.('estorno') ?? null);
      chamadas.estornos.push(id);
      return sandbox.estornar(id, valor);
    },
  };
  const payments = createPayments({
    db,
    gateway,
    pedidos: pedidoPort(db),
    log: silentLog,
    pixExpiraSegundos: p.pixExpiraSegundos,
    publicUrl: 'http://rango.test',
    ...(opcoes.agora ? { agora: opcoes.agora } : {}),
  });
  return { payments, chamadas };
}

/** The app's gateway made to time out after charging while `falhar.depois` is set. */
export function gatewayQueFalha(falhar: { depois: boolean }) {
  return (g: PaymentGateway): PaymentGateway => ({
    ...g,
    lerNotificacao: g.lerNotificacao.bind(g),
    async cobrarCartao(req) {
      const r = await g.cobrarCartao(req);
      if (falhar.depois) throw new GatewayIndisponivelError('timeout');
      return r;
    },
  });
}

/** Orders placed through `app` and left in the states the reconciler is there for. */
export function cenarios(
  app: FastifyInstance,
  db: Db,
  produtos: Map<number, Produto>,
  cliente: ClienteTeste,
) {
  const cfg = testConfig().payments;
  const sandbox = createSandboxGateway({ db, secret: cfg.sandboxSecret!, pix: cfg.pix });

  async function pedir(tipo: 'CARTAO' | 'PIX'): Promise<number> {
    const pedido = montarPedido(produtos, {
      itens: [{ produto: 311, quantidade: 5 }],
      formapgto: tipo === 'PIX' ? PIX : CREDITO,
    });
    let cartao = null;
    if (tipo === 'CARTAO') {
      const { token } = await sandbox.tokenizarCartao({
        numero: '4111111111111111',
        expiracao: `12/${new Date().getUTCFullYear() + 1}`,
        titular: 'MARIA',
        bandeira: 'Visa',
      });
      cartao = { token, bandeira: 'Visa', titular: 'MARIA', cnpjoucpf: '12345678909', tipo: 'CREDITO' };
    }
    Object.assign(pedido.pagamentos[0]!, { pre_pago: true, tipo, troco_para: null, cartao });
    const res = await app.inject({
      method: 'POST',
      url: pedidoUrl(1),
      payload: pedido,
      headers: cliente.headers,
    });
    if (res.statusCode !== 201) throw new Error(`pedido recusado: ${res.statusCode} ${res.body}`);
    return pedidoCriadoSchema.parse(res.json()).id;
  }

  const pagamento = (idpedido: number) =>
    db.selectFrom('pagamento').selectAll().where('idpedido', '=', idpedido).executeTakeFirstOrThrow();

  return {
    pagamento,
    /** A card charged whose answer never came (the app's gateway must time out after charging). */
    cartaoSemResposta: () => pedir('CARTAO'),
    /** A PIX past its expiry, never paid. */
    async pixVencido(): Promise<number> {
      const id = await pedir('PIX');
      const passado = new Date(Date.now() - 1000).toISOString();
      const p = await pagamento(id);
      await db.updateTable('pagamento').set({ expira_em: passado }).where('id', '=', p.id).execute();
      await db
        .updateTable('sandbox_pagamento')
        .set({ expira_em: passado })
        .where('payment_id', '=', p.payment_id!)
        .execute();
      return id;
    },
    /** A card charged without an answer, whose order the restaurant cancelled meanwhile: to refund. */
    async cartaoSemRespostaCancelado(): Promise<number> {
      const id = await pedir('CARTAO');
      await moverPedido(db, id, STATUS.Cancelado, { de: STATUS.PgtoPendente, motivo: 'Cliente desistiu' });
      return id;
    },
    /** A paid card whose refund failed minutes ago (estorno_pendente): the refund to try again. */
    async estornoPendente(): Promise<number> {
      const id = await pedir('CARTAO');
      const p = await pagamento(id);
      if (p.estado !== 'pago') throw new Error(`esperado pago, veio ${p.estado}`);
      await moverPedido(db, id, STATUS.Cancelado, { motivo: 'Acabou o gás' });
      const antes = new Date(Date.now() - 3 * 60_000).toISOString();
      await db
        .updateTable('pagamento')
        .set({ estado: 'estorno_pendente', atualizado_em: antes })
        .where('id', '=', p.id)
        .execute();
      return id;
    },
    /** Every attempt as if last asked long ago (the reconciler skips those asked in the last 10 s). */
    async esquecerConsultas(): Promise<void> {
      await db.updateTable('pagamento').set({ consultado_em: null }).execute();
    },
    historico: async (idpedido: number) =>
      (
        await db
          .selectFrom('pedido_historico')
          .select('status')
          .where('idpedido', '=', idpedido)
          .orderBy('id')
          .execute()
      ).map((h) => h.status),
    /** The payment state changes recorded as live events for this order's attempt (one per change). */
    async mudancasDoPagamento(idpedido: number): Promise<string[]> {
      const rows = await db
        .selectFrom('evento')
        .select('dados')
        .where('tipo', '=', 'pedido.pagamento')
        .where('idpedido', '=', idpedido)
        .orderBy('id')
        .execute();
      return rows.map((r) => (JSON.parse(r.dados) as { estado: string }).estado);
    },
  };
}
