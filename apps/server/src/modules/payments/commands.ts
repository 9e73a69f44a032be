import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { MAX_TAXA_PLATAFORMA_BP, formatarBp } from '@rango/domain/painel/pagamentos';
import { parseId } from '../../http/errors.ts';
import type { PedidoPort } from './pedido-port.ts';
import { createPaymentsStack } from './plugin.ts';
import { paymentsRepository as repo, taxaRepository } from './repository.ts';
import type { PaymentsLog } from './service.ts';

export const USO_PAGAMENTOS = {
  pixPagar:
    'pix-pagar <idpedido>\n' +
    '                     paga o PIX pendente do pedido no banco sandbox (PAYMENT_GATEWAY=sandbox)',
  pagamentos:
    'pagamentos <idpedido>\n                     mostra as tentativas de pagamento online do pedido',
  taxa:
    'taxa-plataforma <idestabelecimento> [<pontos-base>]\n' +
    '                     mostra ou define a taxa da plataforma sobre os pagamentos Mercado Pago\n' +
    `                     (conta conectada pelo Mercado Pago) do estabelecimento: 0 a ${MAX_TAXA_PLATAFORMA_BP} pontos-base (250 = 2,5 %)`,
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
export async function pixPagarCommand(
  db: Db,
  [raw]: string[],
  config: Config,
  pedidos: PedidoPort,
): Promise<string> {
  const id = idPedido(raw);
  const stack = await createPaymentsStack(config, db, logCli, pedidos);
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

/**
 * Refunds a cancelled order's paid online attempts (the CLI's pedido-status, like the API): the
 * line to print, or null when the order has none paid.
 */
export async function estornarPeloCli(
  db: Db,
  id: number,
  config: Config,
  pedidos: PedidoPort,
): Promise<string | null> {
  if (!(await repo.doPedido(db, id)).some((p) => p.estado === 'pago')) return null;
  const stack = await createPaymentsStack(config, db, logCli, pedidos);
  await stack.payments.estornar(id);
  const estados = (await repo.doPedido(db, id)).map((p) => p.estado);
  return `Pagamento online: ${estados.includes('estornado') ? 'estornado' : 'estorno pendente'}.`;
}

/**
 * The platform operator's fee on an establishment's Mercado Pago payments (issue 23): shown, or
 * set in basis points (an integer, 0 to MAX_TAXA_PLATAFORMA_BP). New charges carry it (as
 * Mercado Pago's `application_fee`); payments already made keep the fee they carried.
 */
export async function taxaPlataformaCommand(db: Db, [idRaw, bpRaw]: string[]): Promise<string> {
  const id = parseId(idRaw);
  if (id === undefined) throw new Error(`Id de estabelecimento inválido: ${idRaw ?? '(nenhum)'}`);
  const nome = await taxaRepository.nomeEstabelecimento(db, id);
  if (nome === undefined) throw new Error(`Estabelecimento ${id} não encontrado.`);
  if (bpRaw === undefined) {
    const bp = await taxaRepository.bp(db, id);
    return `Taxa da plataforma de ${id} (${nome}): ${bp} pontos-base (${formatarBp(bp)}).`;
  }
  if (!/^\d{1,5}$/.test(bpRaw) || Number(bpRaw) > MAX_TAXA_PLATAFORMA_BP) {
    throw new Error(
      `Taxa inválida: ${bpRaw}. Informe pontos-base inteiros de 0 a ${MAX_TAXA_PLATAFORMA_BP} (250 = 2,5 %).`,
    );
  }
  const bp = Number(bpRaw);
  await taxaRepository.definir(db, id, bp, new Date().toISOString());
  return `Taxa da plataforma de ${id} (${nome}): ${bp} pontos-base (${formatarBp(bp)}) nos novos pagamentos Mercado Pago.`;
}
