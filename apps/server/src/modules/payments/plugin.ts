import { token3dsSchema } from '@rango/domain';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { requireCliente, storedSecret } from '../../http/auth.ts';
import { conform } from '../../http/contract.ts';
import { R } from '../../http/openapi.ts';
import type { Contrato } from '../../http/openapi.ts';
import { createCieloGateway } from './cielo/cielo.ts';
import type { PedidoPort } from './pedido-port.ts';
import type { PaymentGateway } from './port.ts';
import { createSandboxGateway } from './sandbox/gateway.ts';
import type { SandboxGateway } from './sandbox/gateway.ts';
import { sandboxRoutes } from './sandbox/routes.ts';
import { createPayments } from './service.ts';
import type { Payments, PaymentsLog } from './service.ts';

export interface PaymentsStack {
  gateway: PaymentGateway;
  /** Set when the gateway is the embedded sandbox (its bank pages and CLI actions). */
  sandbox: SandboxGateway | null;
  /** The sandbox's signing secret (its 3-D Secure server shares it). */
  sandboxSecret: string;
  payments: Payments;
}

/** The configured gateway and the payments service on it (the app and the CLI build the same). */
export async function createPaymentsStack(
  config: Config,
  db: Db,
  log: PaymentsLog,
  /** The orders module's side (orders/status.ts `pedidoPort`): payments never imports it. */
  pedidos: PedidoPort,
  /** Tests wrap the gateway (a time-out after the charge, an outage). */
  wrap: (g: PaymentGateway) => PaymentGateway = (g) => g,
): Promise<PaymentsStack> {
  const p = config.payments;
  const sandboxSecret = p.sandboxSecret ?? (await storedSecret(db, 'pagamentos_sandbox_secret'));
  let sandbox: SandboxGateway | null = null;
  let gateway: PaymentGateway;
  if (p.gateway === 'cielo') {
    gateway = createCieloGateway({
      merchantId: p.cielo.merchantId,
      merchantKey: p.cielo.merchantKey,
      apiUrl: p.cielo.apiUrl,
      queryUrl: p.cielo.queryUrl,
      sopUrl: p.cielo.sopUrl,
      mpi: p.cielo.mpi,
      pixProvider: p.cielo.pixProvider,
      ...(p.cielo.sopOAuth ? { sopOAuth: p.cielo.sopOAuth } : {}),
      ...(p.cielo.notificationSecret ? { notificationSecret: p.cielo.notificationSecret } : {}),
    });
  } else {
    sandbox = createSandboxGateway({ db, secret: sandboxSecret, pix: p.pix });
    gateway = sandbox;
  }
  gateway = wrap(gateway);
  const payments = createPayments({
    db,
    gateway,
    pedidos,
    log,
    pixExpiraSegundos: p.pixExpiraSegundos,
    pixRenovarSegundos: p.pixRenovarSegundos,
    publicUrl: config.publicUrl,
  });
  return { gateway, sandbox, sandboxSecret, payments };
}

const CONTRATO_3DS: Contrato = {
  resumo: 'O token de acesso do script de autenticação 3DS (pagamento com débito).',
  tag: 'Cliente',
  acesso: 'cliente',
  respostas: { 200: R.ok(token3dsSchema) },
};

/**
 * Online payments' own routes (issue 5): the 3-D Secure token, the provider's notifications, the
 * sandbox's pages, and the background reconciliation of open payments. Cards are modules/cards;
 * charging happens in order placement (modules/orders).
 */
export function paymentsRoutes({ config, db, stack }: { config: Config; db: Db; stack: PaymentsStack }) {
  const { gateway, payments } = stack;
  return async function (app: FastifyInstance): Promise<void> {
    // Spec section 7: the authentication script's access token (used when a debit method exists).
    app.get('/controle/3ds/token/', { config: { contrato: CONTRATO_3DS } }, async (req) => {
      await requireCliente(req);
      return conform(token3dsSchema, await gateway.tokenMpi(), 'GET /controle/3ds/token/');
    });

    // The provider's notification: only the payment id is read, then asked of the gateway.
    app.post('/pagamentos/notificacao/', async (req, reply) => {
      const ok = await payments.notificacao(req.body, req.headers);
      if (!ok) return reply.code(401).send({ detail: 'Notificação não reconhecida.' });
      return reply.code(200).send({ ok: true });
    });

    if (stack.sandbox) await app.register(sandboxRoutes({ db, stack: { ...stack, sandbox: stack.sandbox } }));

    // Open payments asked about again (card time-outs, PIX expiry, refund retries): a periodic
    // job (modules/jobs), once per period across every instance. Each payment is claimed by its
    // own conditional state change (service.ts), so a run repeated after a crash changes nothing twice.
    const segundos = config.payments.reconciliarSegundos;
    if (segundos > 0) {
      app.jobs.define({
        name: 'conciliar-pagamentos',
        everyMs: segundos * 1000,
        // A run asks the gateway about up to 100 payments (15 s time-out each at worst).
        leaseSeconds: Math.max(120, segundos * 4),
        run: () => payments.reconciliar(),
      });
    }
  };
}
