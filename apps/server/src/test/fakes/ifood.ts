/**
 * A local fake of iFood's merchant API as documented (developer.ifood.com.br), for tests and
 * benchmarks: OAuth client credentials (tokens expire; a wrong secret or an expired/unknown token
 * answers 401), events polling (only the stores in x-polling-merchants; 204 when none; an event
 * stays until acknowledged) and acknowledgment (202), order details (404 for another app's
 * store), status actions recorded and checked against the order's state (an invalid transition
 * answers 409), catalogue listing and item status, and injectable failures: 429 with Retry-After
 * and 5xx for the next N calls of a route.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { startFakeHttp } from '../fake-http.ts';
import type { IfoodPedido } from '../../modules/ifood/formato.ts';

export interface FakeIfoodEvento {
  id: string;
  code: string;
  fullCode: string;
  orderId: string;
  merchantId: string;
  createdAt: string;
}

export interface AcaoRegistrada {
  orderId: string;
  acao: string;
  corpo: unknown;
  em: number;
}

type Estado = 'PLACED' | 'CONFIRMED' | 'READY' | 'DISPATCHED' | 'CANCELLATION_REQUESTED' | 'CANCELLED';

/** iFood's moves: from which states each action is accepted. */
const ACEITA: Record<string, { de: Estado[]; para: Estado }> = {
  confirm: { de: ['PLACED'], para: 'CONFIRMED' },
  startPreparation: { de: ['CONFIRMED'], para: 'CONFIRMED' },
  readyToPickup: { de: ['CONFIRMED'], para: 'READY' },
  dispatch: { de: ['CONFIRMED', 'READY'], para: 'DISPATCHED' },
  requestCancellation: { de: ['PLACED', 'CONFIRMED', 'READY'], para: 'CANCELLATION_REQUESTED' },
};

export async function startFakeIfood(
  opcoes: { clientId?: string; clientSecret?: string; tokenSegundos?: number; merchants?: string[] } = {},
) {
  const clientId = opcoes.clientId ?? 'app-rango';
  const clientSecret = opcoes.clientSecret ?? 'segredo-do-app-rango';
  const merchants = new Set(opcoes.merchants ?? ['merchant-1']);
  let tokenSegundos = opcoes.tokenSegundos ?? 21600;
  const tokens = new Map<string, number>();
  const eventos: FakeIfoodEvento[] = [];
  const pedidos = new Map<string, { pedido: IfoodPedido; estado: Estado }>();
  const acoes: AcaoRegistrada[] = [];
  const acks: string[] = [];
  const itensStatus: { itemId: string; status: string }[] = [];
  const catalogo = new Map<string, { id: string; externalCode: string; status: string }[]>();
  const falhas = new Map<string, { status: number; vezes: number; retryAfter?: number }>();
  const contagem = { token: 0, polling: 0, ack: 0, detalhes: 0 };

  const falhar = (rota: string) => {
    const f = falhas.get(rota);
    if (!f || f.vezes <= 0) return undefined;
    f.vezes--;
    return f;
  };

  const http = await startFakeHttp((app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const autorizado = (auth: string | undefined): boolean => {
      const t = /^Bearer (.+)$/.exec(auth ?? '')?.[1];
      const ate = t ? tokens.get(t) : undefined;
      return ate !== undefined && ate > Date.now();
    };
    const guarda =
      (rota: string) => async (req: { headers: Record<string, unknown> }, reply: FastifyReply) => {
        if (!autorizado(req.headers.authorization as string | undefined))
          return reply.code(401).send({ code: 'Unauthorized', message: 'token expired or invalid' });
        const f = falhar(rota);
        if (f) {
          if (f.retryAfter !== undefined) reply.header('retry-after', String(f.retryAfter));
          return reply.code(f.status).send({ code: 'Error', message: `injected ${f.status}` });
        }
        return undefined;
      };

    app.post('/authentication/v1.0/oauth/token', async (req, reply) => {
      contagem.token++;
      const b = req.body as Record<string, string>;
      if (b.grantType !== 'client_credentials') return reply.code(400).send({ message: 'invalid grantType' });
      if (b.clientId !== clientId || b.clientSecret !== clientSecret)
        return reply.code(401).send({ message: 'invalid client credentials' });
      const accessToken = randomUUID();
      tokens.set(accessToken, Date.now() + tokenSegundos * 1000);
      return { accessToken, type: 'bearer', expiresIn: tokenSegundos };
    });

    app.get('/order/v1.0/events:polling', async (req, reply) => {
      contagem.polling++;
      const barrado = await guarda('polling')(req, reply);
      if (barrado) return barrado;
      const quer = String(req.headers['x-polling-merchants'] ?? '')
        .split(',')
        .filter(Boolean);
      const lista = eventos.filter(
        (e) => merchants.has(e.merchantId) && (quer.length === 0 || quer.includes(e.merchantId)),
      );
      if (lista.length === 0) return reply.code(204).send();
      return lista;
    });

    app.post('/order/v1.0/events/acknowledgment', async (req, reply) => {
      contagem.ack++;
      const barrado = await guarda('ack')(req, reply);
      if (barrado) return barrado;
      if (!Array.isArray(req.body)) return reply.code(400).send({ message: 'body must be a list' });
      for (const { id } of req.body as { id: string }[]) {
        const i = eventos.findIndex((e) => e.id === id);
        if (i >= 0) eventos.splice(i, 1);
        acks.push(id);
      }
      return reply.code(202).send();
    });

    app.get<{ Params: { id: string } }>('/order/v1.0/orders/:id', async (req, reply) => {
      contagem.detalhes++;
      const barrado = await guarda('detalhes')(req, reply);
      if (barrado) return barrado;
      const p = pedidos.get(req.params.id);
      if (!p || !merchants.has(p.pedido.merchant.id))
        return reply.code(404).send({ message: 'order not found' });
      return p.pedido;
    });

    app.post<{ Params: { id: string; acao: string } }>('/order/v1.0/orders/:id/:acao', async (req, reply) => {
      const barrado = await guarda('acao')(req, reply);
      if (barrado) return barrado;
      const regra = ACEITA[req.params.acao];
      const p = pedidos.get(req.params.id);
      if (!regra) return reply.code(404).send({ message: 'unknown action' });
      if (!p) return reply.code(404).send({ message: 'order not found' });
      if (!regra.de.includes(p.estado))
        return reply.code(409).send({ message: `invalid transition from ${p.estado}` });
      if (req.params.acao === 'requestCancellation') {
        const b = req.body as { reason?: unknown; cancellationCode?: unknown } | undefined;
        if (!b || typeof b.reason !== 'string' || typeof b.cancellationCode !== 'string')
          return reply.code(400).send({ message: 'reason and cancellationCode are required' });
      }
      p.estado = regra.para;
      acoes.push({ orderId: req.params.id, acao: req.params.acao, corpo: req.body ?? null, em: Date.now() });
      return reply.code(202).send();
    });

    app.get<{ Params: { m: string } }>('/catalog/v2.0/merchants/:m/catalogs', async (req, reply) => {
      const barrado = await guarda('catalogo')(req, reply);
      if (barrado) return barrado;
      if (!merchants.has(req.params.m)) return reply.code(404).send({ message: 'merchant not found' });
      return [{ catalogId: `cat-${req.params.m}`, context: ['DEFAULT'], status: 'AVAILABLE' }];
    });
    app.get<{ Params: { m: string; c: string } }>(
      '/catalog/v2.0/merchants/:m/catalogs/:c/categories',
      async (req, reply) => {
        const barrado = await guarda('catalogo')(req, reply);
        if (barrado) return barrado;
        return [
          {
            id: 'categoria-1',
            name: 'Cardápio',
            status: 'AVAILABLE',
            items: catalogo.get(req.params.m) ?? [],
          },
        ];
      },
    );
    app.patch<{ Params: { m: string } }>('/catalog/v2.0/merchants/:m/items/status', async (req, reply) => {
      const barrado = await guarda('catalogo')(req, reply);
      if (barrado) return barrado;
      const b = req.body as { itemId?: unknown; status?: unknown };
      const item = (catalogo.get(req.params.m) ?? []).find((i) => i.id === b.itemId);
      if (!item) return reply.code(404).send({ message: 'item not found' });
      if (b.status !== 'AVAILABLE' && b.status !== 'UNAVAILABLE')
        return reply.code(400).send({ message: 'invalid status' });
      item.status = b.status;
      itensStatus.push({ itemId: item.id, status: b.status });
      return reply.code(200).send({});
    });
  });

  return {
    url: http.url,
    clientId,
    clientSecret,
    eventos,
    acoes,
    acks,
    itensStatus,
    contagem,
    pedidoEstado: (id: string) => pedidos.get(id)?.estado,
    /** A new order at iFood: its details stored and a PLACED event queued. */
    novoPedido(pedido: IfoodPedido): FakeIfoodEvento {
      pedidos.set(pedido.id, { pedido, estado: 'PLACED' });
      const ev = {
        id: randomUUID(),
        code: 'PLC',
        fullCode: 'PLACED',
        orderId: pedido.id,
        merchantId: pedido.merchant.id,
        createdAt: new Date().toISOString(),
      };
      eventos.push(ev);
      return ev;
    },
    /** An event of iFood's own (a cancellation there). */
    evento(orderId: string, merchantId: string, code: string, fullCode: string): FakeIfoodEvento {
      const ev = {
        id: randomUUID(),
        code,
        fullCode,
        orderId,
        merchantId,
        createdAt: new Date().toISOString(),
      };
      eventos.push(ev);
      return ev;
    },
    item(merchantId: string, externalCode: string): string {
      const id = randomUUID();
      catalogo.set(merchantId, [
        ...(catalogo.get(merchantId) ?? []),
        { id, externalCode, status: 'AVAILABLE' },
      ]);
      return id;
    },
    itemStatus: (merchantId: string, id: string) =>
      catalogo.get(merchantId)?.find((i) => i.id === id)?.status,
    /** The next `vezes` calls of a route ('polling' | 'ack' | 'detalhes' | 'acao' | 'catalogo') fail. */
    falhar(rota: string, status: number, vezes = 1, retryAfter?: number) {
      falhas.set(rota, { status, vezes, ...(retryAfter !== undefined ? { retryAfter } : {}) });
    },
    /** Every token issued so far expires now (the client must ask again after a 401). */
    expirarTokens() {
      for (const t of tokens.keys()) tokens.set(t, 0);
    },
    set tokenSegundos(s: number) {
      tokenSegundos = s;
    },
    close: () => http.close(),
  };
}

export type FakeIfood = Awaited<ReturnType<typeof startFakeIfood>>;

/** An iFood order as the details endpoint answers it (values in reais). */
export function pedidoIfood(
  merchantId: string,
  over: Partial<IfoodPedido> & { itens?: IfoodPedido['items'] } = {},
): IfoodPedido {
  const id = over.id ?? randomUUID();
  const items = over.itens ??
    over.items ?? [
      {
        id: randomUUID(),
        name: 'Item iFood',
        externalCode: null,
        quantity: 1,
        unitPrice: 20,
        totalPrice: 20,
        options: [],
      },
    ];
  const sub = items.reduce((s, i) => s + i.totalPrice, 0);
  return {
    id,
    displayId: over.displayId ?? String(1000 + Math.floor(Math.random() * 9000)),
    orderType: over.orderType ?? 'DELIVERY',
    orderTiming: 'IMMEDIATE',
    createdAt: new Date().toISOString(),
    merchant: { id: merchantId, name: 'Loja' },
    customer: { name: 'Cliente do iFood', phone: { number: '0800 123 4567' } },
    items,
    total: over.total ?? {
      subTotal: sub,
      deliveryFee: 5,
      benefits: 0,
      additionalFees: 0,
      orderAmount: sub + 5,
    },
    payments: over.payments ?? {
      prepaid: sub + 5,
      pending: 0,
      methods: [{ value: sub + 5, method: 'CREDIT', type: 'ONLINE', card: { brand: 'VISA' } }],
    },
    delivery: {
      deliveredBy: 'IFOOD',
      deliveryAddress: {
        streetName: 'Rua das Flores',
        streetNumber: '100',
        neighborhood: 'Centro',
        city: 'São Paulo',
        state: 'SP',
        postalCode: '01001000',
        complement: 'Apto 1',
        reference: null,
      },
    },
    extraInfo: null,
  };
}
