import { isCancelado } from '@rango/domain';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { parseId } from '../../http/errors.ts';
import { pedidoStatusCommand } from '../operator/commands.ts';
import { createPaymentsStack } from './plugin.ts';
import { paymentsRepository as repo } from './repository.ts';
import type { PaymentsLog } from './service.ts';

export const USO_PAGAMENTOS = {
  pixPagar:
    'pix-pagar <idpedido>\n' +
    '                     paga o PIX pendente do pedido no banco sandbox (PAYMENT_GATEWAY=sandbox)',
  pagamentos:
    'pagamentos <idpedido>\n                     mostra as tentativas de pagamento online do pedido',
} as const;

/** The CLI logs to stderr only what the server would (never card data: there is none here). */
const logCli: PaymentsLog = {
  info: () => {},
  warn: (o, m) => console.error(m ?? '', JSON.stringify(o)),
  error: (o, m) => console.error(m ?? '', JSON.stringify(o)),
};

function idPedido(raw: string | undefined): number {
  const id = parseId(raw);
  if (id === undefined) throw new Error(`Id de pedido inválido: ${raw ?? '(nenhum)'}`);
  return id;
}

/** Pays an order's waiting PIX in the sandbox (the demo's 'bank app'), then applies it like a notification. */
export async function pixPagarCommand(db: Db, [raw]: string[], config: Config): Promise<string> {
  const id = idPedido(raw);
  const stack = await createPaymentsStack(config, db, logCli);
  if (!stack.sandbox) throw new Error('pix-pagar só funciona com PAYMENT_GATEWAY=sandbox.');
  const pix = (await repo.doPedido(db, id)).filter((p) => p.tipo === 'pix' && p.payment_id);
  const alvo = pix.at(-1);
  if (!alvo?.payment_id) throw new Error(`O pedido ${id} não tem PIX.`);
  const r = await stack.sandbox.pagarPix(alvo.payment_id);
  await stack.payments.sincronizarPaymentId(alvo.payment_id);
  const depois = await repo.doPedido(db, id);
  const estado = depois.find((p) => p.id === alvo.id)?.estado ?? r?.estado;
  return r?.estado === 'pago'
    ? `PIX do pedido ${id} pago (pagamento ${estado}).`
    : `PIX do pedido ${id} não pago: ${estado}.`;
}

export async function pagamentosCommand(db: Db, [raw]: string[]): Promise<string> {
  const id = idPedido(raw);
  const lista = await repo.doPedido(db, id);
  if (lista.length === 0) return `O pedido ${id} não tem pagamento online.`;
  return lista
    .map((p) =>
      `#${p.id} ${p.tipo} ${p.estado} R$ ${(p.valor / 100).toFixed(2)} ${p.cartao_numero ?? ''} ${p.return_code ?? ''} ${p.return_message ?? ''}`.trim(),
    )
    .join('\n');
}

/** pedido-status, plus the refund of a cancelled order paid online (the API does the same). */
export async function pedidoStatusComEstornoCommand(db: Db, args: string[], config: Config): Promise<string> {
  const texto = await pedidoStatusCommand(db, args);
  const id = idPedido(args[0]);
  const pedido = await repo.statusDoPedido(db, id);
  if (
    pedido &&
    isCancelado(pedido.status) &&
    (await repo.doPedido(db, id)).some((p) => p.estado === 'pago')
  ) {
    const stack = await createPaymentsStack(config, db, logCli);
    await stack.payments.estornar(id);
    const estados = (await repo.doPedido(db, id)).map((p) => p.estado);
    return `${texto}\nPagamento online: ${estados.includes('estornado') ? 'estornado' : 'estorno pendente'}.`;
  }
  return texto;
}
