import type { PedidoInput, Produto } from '@rango/domain';
import type { AppDeps } from '../../app.ts';
import type { Config } from '../../config.ts';
import type { Dialeto } from '../../db/index.ts';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { testConfig } from '../../test/db.ts';
import { criarChaveOperador } from '../operator/service.ts';
import { definirHorarios, montarPedido, novoCliente, produtosDoMenu } from '../orders/testing.ts';
import type { ClienteTeste } from '../orders/testing.ts';
import { createSandboxGateway } from './sandbox/gateway.ts';
import type { SandboxGateway } from './sandbox/gateway.ts';

/** The fixture establishment 1's PIX payment method and an item to pay for. */
export const PIX = { id: 31, sttipopgto: 200, descricao: 'PIX' };
export const REFRI = { produto: 311, quantidade: 5 };

/** What the online-payment suites share: the app, its menu, two customers, the sandbox, a key. */
export interface CenarioPagamentos {
  h: TestApp;
  produtos: Map<number, Produto>;
  maria: ClienteTeste;
  joao: ClienteTeste;
  /** The same sandbox the app runs (same database and secret): a test plays the browser or the bank. */
  sandbox: SandboxGateway;
  /** An operator key of establishment 1 ('Caixa'). */
  chaveOperador: string;
}

/**
 * Opens the app on a fresh database of `dialect` (no rate limits, the store's hours set) with
 * the payments config `payments` over the tests' own; call it in beforeAll and close `h` after.
 */
export async function abrirCenarioPagamentos(
  dialect: Dialeto,
  opcoes: { payments?: Partial<Config['payments']>; wrapGateway?: AppDeps['wrapGateway'] } = {},
): Promise<CenarioPagamentos> {
  const payments = { ...testConfig().payments, ...opcoes.payments };
  const h = await openTestApp(
    dialect,
    { rateLimit: false, payments },
    opcoes.wrapGateway ? { wrapGateway: opcoes.wrapGateway } : {},
  );
  await h.app.ready();
  await definirHorarios(h.t.db, 1);
  const produtos = await produtosDoMenu(h.app, 1);
  const maria = await novoCliente(h.app, h.t.db);
  const joao = await novoCliente(h.app, h.t.db, { nome: 'João' });
  const sandbox = createSandboxGateway({ db: h.t.db, secret: payments.sandboxSecret!, pix: payments.pix });
  const chaveOperador = (await criarChaveOperador(h.t.db, 1, 'Caixa')).chave;
  return { h, produtos, maria, joao, sandbox, chaveOperador };
}

/** An order of REFRI paid online with `forma`: PIX (no card) or a card payment with `cartao`. */
export function pedidoOnline(
  produtos: Map<number, Produto>,
  forma: { id: number; sttipopgto: number; descricao: string },
  cartao: PedidoInput['pagamentos'][number]['cartao'] = null,
  pedidoId?: string,
): PedidoInput {
  const p = montarPedido(produtos, { itens: [REFRI], formapgto: forma });
  if (pedidoId) p.pedido_id = pedidoId;
  Object.assign(p.pagamentos[0]!, {
    pre_pago: true,
    tipo: forma.sttipopgto === 200 ? 'PIX' : 'CARTAO',
    troco_para: null,
    cartao,
  });
  return p;
}
