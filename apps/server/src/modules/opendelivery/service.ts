import { randomBytes, timingSafeEqual } from 'node:crypto';
import { STATUS } from '@rango/domain';
import type { PedidoGravado } from '@rango/domain';
import { MAX_CREDENCIAIS, MSG_OPENDELIVERY as M } from '@rango/domain/painel/opendelivery';
import type { Credencial, CredencialComSegredo, OpenDeliveryPainel } from '@rango/domain/painel/opendelivery';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { OpendeliveryEventoTable } from '../../db/types.ts';
import { HttpError } from '../../http/errors.ts';
import { coordenadasDoEndereco } from '../addresses/service.ts';
import { lojaAbertaAgora } from '../establishments/loja.ts';
import { createEstabelecimentoPainelService } from '../establishments/painel.ts';
import { lerLoja } from '../establishments/service.ts';
import { loadMenu } from '../menu/service.ts';
import { documentoDoMerchant, pendenciasDoMerchant } from './merchant.ts';
import { eventosDoEstabelecimento, fimDosEventos } from '../events/leitura.ts';
import { leiturasDoEstabelecimento, leiturasOpenDelivery } from '../orders/reads.ts';
import { MovimentoRecusado, moverPedido } from '../orders/status.ts';
import {
  LOTE_EVENTOS,
  MAX_EVENTOS,
  POLLING_MIN_MS,
  TOKEN_SEGUNDOS,
  documentoDoPedido,
  hashDe,
  idDoEvento,
  tipoOd,
  uuidDe,
} from './regras.ts';
import { opendeliveryRepository as repo } from './repository.ts';
import type { CredencialRow } from './repository.ts';

/**
 * A refusal in the standard's Error shape (`{ title, status }`, application/problem+json); the
 * routes' error handler sends it so. `tentarEm`: a 429's Retry-After, in seconds.
 */
export class ErroOd extends HttpError {
  readonly tentarEm: number | undefined;
  constructor(status: number, title: string, tentarEm?: number) {
    super(status, { title, status });
    this.name = 'ErroOd';
    this.message = title;
    this.tentarEm = tentarEm;
  }
}

export const naoAutorizado = (): ErroOd => new ErroOd(401, 'Token de acesso ausente, inválido ou expirado.');
const pedidoNaoEncontrado = (): ErroOd => new ErroOd(404, 'Pedido não encontrado.');

/** The POS a valid token names. */
export interface Cliente {
  idcredencial: number;
  idestabelecimento: number;
}

/** The status moves the standard names, each through the orders module's status machine. */
export type Movimento =
  | 'confirm'
  | 'preparing'
  | 'readyForPickup'
  | 'dispatch'
  | 'delivered'
  | 'requestCancellation'
  | 'acceptCancellation'
  | 'denyCancellation';

export interface OpenDeliveryDeps {
  db: Db;
  agora?: (() => Date) | undefined;
}

const presentar = (r: CredencialRow): Credencial => ({
  id: r.id,
  client_id: r.client_id,
  final: r.final,
  criado_em: r.criado_em,
  revogado_em: r.revogado_em,
  ultimo_polling_em: r.ultimo_polling_em,
  ultimo_ack_em: r.ultimo_ack_em,
  acks: Number(r.acks),
});

/** Rango's AppId in the standard (the same for every merchant, as the standard asks). */
export const APP_ID = uuidDe('app');

export function createOpenDelivery({ db, agora = () => new Date() }: OpenDeliveryDeps) {
  const iso = (ms = 0) => new Date(agora().getTime() + ms).toISOString();
  const loja = createEstabelecimentoPainelService(db);

  /** Reads the log since the establishment's cursor into its events of the standard. */
  async function distribuir(idestabelecimento: number): Promise<void> {
    const de = await repo.cursor(db, idestabelecimento);
    if (!de) return;
    const ate = await fimDosEventos(db);
    for (let volta = 0; volta < 20; volta++) {
      const cursor = (await repo.cursor(db, idestabelecimento)) ?? de;
      const rows = await eventosDoEstabelecimento(db, idestabelecimento, cursor, ate, LOTE_EVENTOS);
      if (rows.length === 0) return;
      const mapeados = rows.flatMap((ev) => {
        const t = tipoOd(ev);
        return t ? [{ ev, ...t }] : [];
      });
      const ids = [...new Set(mapeados.map((m) => m.ev.idpedido!))];
      const uuids = await leiturasOpenDelivery.uuids(db, idestabelecimento, ids);
      const canceladas = mapeados.filter((m) => m.tipo === 'CANCELLED').map((m) => m.ev.idpedido!);
      const historicos =
        canceladas.length > 0 ? await leiturasDoEstabelecimento.listHistorico(db, canceladas) : [];
      const novos: Insertable<OpendeliveryEventoTable>[] = [];
      for (const m of mapeados) {
        const uuid = uuids.get(m.ev.idpedido!);
        if (!uuid) continue;
        let metadata: string | null = null;
        if (m.tipo === 'CANCELLED') {
          const motivo = historicos
            .filter((h) => h.idpedido === m.ev.idpedido && h.status === m.dados.para)
            .at(-1)?.motivo;
          metadata = JSON.stringify({
            reason: motivo || 'Pedido cancelado.',
            code: m.dados.sistema ? 'SYSTEMIC_ISSUES' : 'OTHER_CANCELLATION_REASON',
          });
        }
        novos.push({
          id: idDoEvento(m.ev),
          idestabelecimento,
          idpedido: m.ev.idpedido!,
          pedido_uuid: uuid,
          tipo: m.tipo,
          metadata,
          criado_em: new Date(m.ev.criado_em).toISOString(),
          posicao: m.ev.id,
        });
      }
      await repo.inserirEventos(db, novos);
      const ultimo = rows.at(-1)!;
      await repo.avancarCursor(db, idestabelecimento, { txid: ultimo.txid, id: ultimo.id });
      if (rows.length < LOTE_EVENTOS) return;
    }
  }

  async function pedidoDe(c: Cliente, orderId: string) {
    const p = await leiturasOpenDelivery.pedidoPorUuid(db, c.idestabelecimento, orderId);
    if (!p) throw pedidoNaoEncontrado();
    return p;
  }

  return {
    // --- The owner's page ('Integrações') ---

    async painel(idestabelecimento: number, baseUrl: string): Promise<OpenDeliveryPainel> {
      return {
        base_url: baseUrl,
        merchant_pendencias: pendenciasDoMerchant(await loja.estabelecimento(idestabelecimento)),
        pendentes: await repo.contarPendentes(db, idestabelecimento),
        credenciais: (await repo.credenciais(db, idestabelecimento)).map(presentar),
      };
    },

    async criarCredencial(idestabelecimento: number): Promise<CredencialComSegredo> {
      if ((await repo.ativas(db, idestabelecimento)) >= MAX_CREDENCIAIS)
        throw new HttpError(400, { non_field_errors: [M.limite] });
      const segredo = `odsec_${randomBytes(32).toString('base64url')}`;
      const row = await db.transaction().execute(async (trx) => {
        const r = await repo.criar(trx, {
          idestabelecimento,
          client_id: `rango_${randomBytes(12).toString('hex')}`,
          segredo_hash: hashDe(segredo),
          final: segredo.slice(-4),
          criado_em: iso(),
        });
        // The POS gets what happens from now on: the fan-out starts at the log's current end.
        await repo.avancarCursor(trx, idestabelecimento, await fimDosEventos(trx), true);
        return r;
      });
      return { credencial: presentar(row), client_secret: segredo };
    },

    async revogar(idestabelecimento: number, id: number): Promise<void> {
      if (!(await repo.revogar(db, idestabelecimento, id, iso())))
        throw new HttpError(404, { detail: M.naoEncontrada });
    },

    // --- The POS (the standard's routes) ---

    /** client_credentials → a bearer token; a wrong client or secret (or a revoked one) → 401. */
    async token(clientId: string, clientSecret: string) {
      const c = await repo.porClientId(db, clientId);
      const dado = Buffer.from(hashDe(clientSecret), 'hex');
      const ok =
        c !== undefined &&
        c.revogado_em === null &&
        timingSafeEqual(dado, Buffer.from(c.segredo_hash, 'hex'));
      if (!ok) throw new ErroOd(401, 'Credenciais inválidas.');
      const token = randomBytes(32).toString('base64url');
      await repo.guardarToken(
        db,
        {
          token_hash: hashDe(token),
          idcredencial: c.id,
          idestabelecimento: c.idestabelecimento,
          expira_em: iso(TOKEN_SEGUNDOS * 1000),
        },
        iso(),
      );
      return { access_token: token, token_type: 'bearer' as const, expires_in: TOKEN_SEGUNDOS };
    },

    /** The POS a bearer token names; 401 otherwise. */
    async autenticar(authorization: string | undefined): Promise<Cliente> {
      const m = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/i.exec(authorization ?? '');
      if (!m) throw naoAutorizado();
      const r = await repo.token(db, hashDe(m[1]!), iso());
      if (!r) throw naoAutorizado();
      return { idcredencial: r.idcredencial, idestabelecimento: r.idestabelecimento };
    },

    /**
     * GET /v1/events:polling: the merchant's events not yet acknowledged, oldest first (at most
     * 1000); polled again within POLLING_MIN_MS → 429. `tipos`: only these (the others are
     * acknowledged and omitted, as the standard says).
     */
    async polling(c: Cliente, baseUrl: string, tipos?: readonly string[]) {
      const agoraIso = iso();
      if (!(await repo.marcarPolling(db, c.idcredencial, agoraIso, iso(-POLLING_MIN_MS)))) {
        const ultimo = await repo.ultimoPolling(db, c.idcredencial);
        const faltam = ultimo ? Date.parse(ultimo) + POLLING_MIN_MS - agora().getTime() : POLLING_MIN_MS;
        throw new ErroOd(
          429,
          `Consultas frequentes demais: aguarde ${POLLING_MIN_MS / 1000} s entre uma e outra.`,
          Math.max(1, Math.ceil(faltam / 1000)),
        );
      }
      await distribuir(c.idestabelecimento);
      let rows = await repo.pendentes(db, c.idestabelecimento, MAX_EVENTOS);
      if (tipos && tipos.length > 0) {
        const fora = rows.filter((r) => !tipos.includes(r.tipo)).map((r) => r.id);
        await repo.reconhecer(db, c.idestabelecimento, c.idcredencial, fora, agoraIso);
        rows = rows.filter((r) => tipos.includes(r.tipo));
      }
      return rows.map((r) => ({
        eventId: r.id,
        eventType: r.tipo,
        orderId: r.pedido_uuid,
        orderURL: `${baseUrl}/v1/orders/${r.pedido_uuid}`,
        createdAt: r.criado_em,
        sourceAppId: APP_ID,
        ...(r.metadata ? { metadata: JSON.parse(r.metadata) as Record<string, unknown> } : {}),
      }));
    },

    /**
     * POST /v1/events/acknowledgment: the known ones are acknowledged (again is harmless); when
     * any id is not this merchant's event the answer is 404 naming how many (after the others).
     */
    async reconhecer(c: Cliente, ids: readonly string[]): Promise<void> {
      const unicos = [...new Set(ids)];
      const conhecidos = await repo.conhecidos(db, c.idestabelecimento, unicos);
      await repo.reconhecer(db, c.idestabelecimento, c.idcredencial, [...conhecidos], iso());
      const faltam = unicos.filter((id) => !conhecidos.has(id));
      if (faltam.length > 0)
        throw new ErroOd(
          404,
          `Evento não encontrado: ${faltam.slice(0, 5).join(', ')}${faltam.length > 5 ? '…' : ''}.`,
        );
    },

    /**
     * GET /v1/merchant: the token's store and menu in the standard's merchant document. A store
     * still without the data the document requires (pendenciasDoMerchant) → 503 naming them: the
     * POS asks again after the owner fills them in 'Loja'.
     */
    async merchant(c: Cliente, origem: string): Promise<Record<string, unknown>> {
      const id = c.idestabelecimento;
      const est = await loja.estabelecimento(id);
      const faltam = pendenciasDoMerchant(est);
      if (faltam.length > 0)
        throw new ErroOd(
          503,
          `Cadastro da loja incompleto para o Open Delivery: falta ${faltam.join(', ')} (painel, 'Loja').`,
        );
      const [sw, horarios, areas, menu] = await Promise.all([
        lerLoja(db, id),
        loja.horarios(id),
        loja.areas(id),
        loadMenu(db, id),
      ]);
      const aberta =
        sw !== undefined && sw.aprovado === 1 && lojaAbertaAgora(sw.lojaaberta, sw.reabrir_em, agora());
      return documentoDoMerchant({ est, aberta, horarios, areas, menu, origem, agora: agora() });
    },

    /** GET /v1/orders/{orderId}: the standard's Order document; another merchant's → 404. */
    async pedido(c: Cliente, orderId: string): Promise<Record<string, unknown>> {
      const p = await pedidoDe(c, orderId);
      // Stored by the server as it checked the order (placement): read as is.
      const gravado = JSON.parse(p.row.pedido_json) as PedidoGravado;
      const recebido =
        p.historico.find((h) => h.status !== STATUS.PgtoPendente)?.datahora ?? p.row.dthrpedido;
      const ext = gravado.cliente.external_id;
      const endereco = gravado.cliente.endereco;
      return documentoDoPedido({
        uuid: p.uuid,
        referencia: p.row.referencia,
        tipo: p.row.tipo,
        status: p.row.status,
        dthrpedido: p.row.dthrpedido,
        entregue_as: p.row.entregue_as,
        previsao_em: p.row.previsao_em,
        gravado,
        recebido_em: recebido,
        estabelecimento: { id: p.estabelecimento.id, nome: p.estabelecimento.apelidooufantasia },
        cliente: {
          uuid:
            ext && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(ext)
              ? ext
              : uuidDe(`cliente:${p.row.idestabelecimento}:${gravado.cliente.telefone}`),
          pedidos: p.pedidosDoCliente,
        },
        coordenadas: endereco ? await coordenadasDoEndereco(db, endereco.id) : null,
        appId: APP_ID,
      });
    },

    /**
     * A status move of the standard, through the orders module's status machine (moverPedido,
     * the panel's): the customer's page and the panel follow live. A move the machine refuses →
     * 422. Rango's Confirmado is already 'preparing' (the customer reads 'O restaurante está
     * preparando'), and it has no 'out for delivery' of its own: `preparing` on a Confirmado
     * order and `dispatch` on a Pronto one are accepted without a move.
     */
    async mover(c: Cliente, orderId: string, mov: Movimento, motivo?: string): Promise<void> {
      const p = await pedidoDe(c, orderId);
      const status = p.row.status;
      const recusar = (texto: string) => new ErroOd(422, texto);
      let para: number;
      switch (mov) {
        case 'confirm':
          para = STATUS.Confirmado;
          break;
        case 'preparing':
          if (status === STATUS.Confirmado) return;
          para = STATUS.Confirmado;
          break;
        case 'readyForPickup':
          para = STATUS.Pronto;
          break;
        case 'dispatch':
          if (p.row.tipo !== 'DELIVERY') throw recusar('Pedido para retirada não sai para entrega.');
          if (status === STATUS.Pronto) return;
          para = STATUS.Pronto;
          break;
        case 'delivered':
          para = p.row.tipo === 'DELIVERY' ? STATUS.Entregue : STATUS.Concluido;
          break;
        case 'requestCancellation':
          para = STATUS.Cancelado;
          break;
        default:
          // Rango's customers cannot ask to cancel: there is never a request to accept or deny.
          throw recusar('Não há pedido de cancelamento do cliente para este pedido.');
      }
      try {
        await moverPedido(db, p.row.id, para, {
          idestabelecimento: c.idestabelecimento,
          motivo: para === STATUS.Cancelado ? motivo : undefined,
          agora: agora(),
        });
      } catch (e) {
        if (e instanceof MovimentoRecusado) {
          if (e.causa === 'nao-encontrado') throw pedidoNaoEncontrado();
          if (e.causa === 'transicao') throw recusar(e.message);
          throw new ErroOd(400, e.message);
        }
        throw e;
      }
    },
  };
}

export type OpenDeliveryService = ReturnType<typeof createOpenDelivery>;
