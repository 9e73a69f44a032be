import { createHmac, timingSafeEqual } from 'node:crypto';
import { EVENTO, STATUS } from '@rango/domain';
import type { DadosEvento } from '@rango/domain';
import { MSG_IFOOD } from '@rango/domain/painel/ifood';
import type { IfoodConexao, IfoodConexaoInput } from '@rango/domain/painel/ifood';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { HttpError } from '../../http/errors.ts';
import { registrarAuditoria } from '../audit/service.ts';
import type { Autor } from '../establishments/escrita.ts';
import { eventosDepois, fimDosEventos } from '../events/leitura.ts';
import type { EventoRow } from '../events/leitura.ts';
import type { MenuService } from '../menu/service.ts';
import {
  canaisDosPedidos,
  importarPedidoExterno,
  PedidoExternoInvalido,
  pedidoExterno,
} from '../orders/externo.ts';
import { leiturasDoEstabelecimento } from '../orders/reads.ts';
import { MovimentoRecusado, moverPedido } from '../orders/status.ts';
import { Segredo } from '../secrets/service.ts';
import type { Segredos } from '../secrets/service.ts';
import { createIfoodApi, IfoodErro } from './api.ts';
import type { AcaoPedido, Credenciais, IfoodApi, IfoodEvento } from './api.ts';
import { pedidoDoIfood } from './mapear.ts';
import { ifoodRepository as repo } from './repository.ts';
import type { AcaoRow, LojaRow } from './repository.ts';

export const SEGREDO_CLIENT_ID = 'ifood.client_id';
export const SEGREDO_CLIENT_SECRET = 'ifood.client_secret';
/** iFood's documented polling period. */
export const CONSULTA_MS = 30_000;
const MIN = 60_000;
/** Backoff of an owed action: 30 s × 2^(n−1), at most 30 min; given up after this many attempts. */
export const espera = (n: number): number => Math.min(30 * MIN, 30_000 * 2 ** Math.max(0, n - 1));
export const MAX_TENTATIVAS = 8;
/** An instance's claim on an action: longer than a call's time-out. */
const RESERVA_MS = 2 * MIN;
const LOTE_EVENTOS = 500;
const LOTE_ACOES = 50;
/** Events of iFood that mean the order was cancelled there. */
const CANCELADO_NO_IFOOD = new Set(['CAN', 'CANCELLED']);
const NOVO = new Set(['PLC', 'PLACED']);
/**
 * iFood's events that move an order along in Rango (an order delivered by iFood's courier: the
 * courier collects it, DSP, and delivers it, CON), as the steps of Rango's machine to get there.
 */
const PASSOS_DO_IFOOD: Record<string, number[]> = {
  DSP: [STATUS.Pronto, STATUS.Entregue],
  DISPATCHED: [STATUS.Pronto, STATUS.Entregue],
  CON: [STATUS.Pronto, STATUS.Entregue, STATUS.Concluido],
  CONCLUDED: [STATUS.Pronto, STATUS.Entregue, STATUS.Concluido],
};

export interface IfoodDeps {
  db: Db;
  segredos: Segredos;
  menu: MenuService;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  api?: IfoodApi | undefined;
  /** IFOOD_API_URL / IFOOD_AUTH_URL (config.ifood): iFood's hosts, or the local fake's. */
  baseUrl?: string | undefined;
  authUrl?: string | undefined;
  agora?: (() => Date) | undefined;
}

/** X-IFood-Signature: the hex HMAC-SHA256 of the raw body under the app's client secret. */
export function assinaturaValida(segredo: string, corpo: string, assinatura: string | undefined): boolean {
  if (!assinatura || !/^[0-9a-fA-F]{64}$/.test(assinatura)) return false;
  const esperado = createHmac('sha256', segredo).update(corpo, 'utf8').digest();
  return timingSafeEqual(esperado, Buffer.from(assinatura, 'hex'));
}

const naoConectado = () => new HttpError(404, { detail: MSG_IFOOD.naoConectado });

/**
 * Rango's move → iFood's action for it (none: iFood has no such step). iFood's order flow: a
 * TAKEOUT order is `readyToPickup` when it is ready (Pronto); a DELIVERY order is `dispatch`ed
 * when it leaves ('Saiu para entrega', Entregue), not when it is ready in the kitchen.
 */
export function acaoDoStatus(para: number, tipo: 'DELIVERY' | 'TOGO'): AcaoPedido | null {
  if (para === STATUS.Confirmado) return 'confirm';
  if (para === STATUS.Pronto) return tipo === 'TOGO' ? 'readyToPickup' : null;
  if (para === STATUS.Entregue) return tipo === 'DELIVERY' ? 'dispatch' : null;
  if (para === STATUS.Cancelado) return 'requestCancellation';
  return null;
}

export function createIfood(deps: IfoodDeps) {
  const { db, segredos, menu, log } = deps;
  const api = deps.api ?? createIfoodApi({ baseUrl: deps.baseUrl, authUrl: deps.authUrl });
  const agora = deps.agora ?? (() => new Date());
  const iso = (ms = 0) => new Date(agora().getTime() + ms).toISOString();

  async function credenciais(idestabelecimento: number): Promise<Credenciais | undefined> {
    const [id, secret] = await Promise.all([
      segredos.get(idestabelecimento, SEGREDO_CLIENT_ID),
      segredos.get(idestabelecimento, SEGREDO_CLIENT_SECRET),
    ]);
    if (!id || !secret) return undefined;
    return { clientId: id.revelar(), clientSecret: secret };
  }

  async function conexao(idestabelecimento: number): Promise<IfoodConexao> {
    const [loja, id, secret] = await Promise.all([
      repo.loja(db, idestabelecimento),
      segredos.describe(idestabelecimento, SEGREDO_CLIENT_ID),
      segredos.describe(idestabelecimento, SEGREDO_CLIENT_SECRET),
    ]);
    return {
      conectado: loja !== undefined,
      merchant_id: loja?.merchant_id ?? null,
      ativo: loja?.ativo === 1,
      client_id: id,
      client_secret: secret,
      ultima_consulta_em: loja?.ultima_consulta_em ?? null,
      ultimo_erro: loja?.ultimo_erro ?? null,
    };
  }

  /** One iFood event of a connected store: true once it is stored (then it may be acknowledged). */
  async function tratarEvento(loja: LojaRow, c: Credenciais, ev: IfoodEvento): Promise<boolean> {
    const est = loja.idestabelecimento;
    if (NOVO.has(ev.code) || NOVO.has(ev.fullCode ?? '')) {
      const detalhe = await api.pedido(c, ev.orderId);
      if (detalhe.merchant?.id !== loja.merchant_id) {
        log.warn({ ifood: { evento: ev.id, loja: est } }, 'ifood: pedido de outra loja ignorado');
        return true;
      }
      const produtos = (await menu.produtos(est)) ?? new Map();
      try {
        let gravado;
        try {
          gravado = pedidoDoIfood(detalhe, est, produtos);
        } catch {
          throw new PedidoExternoInvalido(`pedido ifood ${ev.orderId} mal formado`);
        }
        const r = await importarPedidoExterno(
          db,
          {
            idestabelecimento: est,
            canal: 'ifood',
            idExterno: detalhe.id,
            referencia: String(detalhe.displayId ?? detalhe.id).slice(0, 20),
            gravado,
            dthrpedido: detalhe.createdAt,
          },
          agora(),
        );
        if (r.novo) log.info({ ifood: { pedido: r.id, loja: est } }, 'ifood: pedido importado');
      } catch (e) {
        if (e instanceof PedidoExternoInvalido) {
          log.error({ ifood: { evento: ev.id, loja: est } }, 'ifood: pedido mal formado, não importado');
          return true;
        }
        throw e;
      }
      return true;
    }
    if (CANCELADO_NO_IFOOD.has(ev.code) || CANCELADO_NO_IFOOD.has(ev.fullCode ?? '')) {
      const [p] = await pedidosIfood(est, ev.orderId);
      if (p !== undefined) {
        try {
          await moverPedido(db, p, STATUS.Cancelado, {
            idestabelecimento: est,
            motivo: 'Cancelado no iFood.',
            sistema: true,
          });
        } catch (e) {
          if (!(e instanceof MovimentoRecusado)) throw e;
        }
      }
      return true;
    }
    const passos = PASSOS_DO_IFOOD[ev.code] ?? PASSOS_DO_IFOOD[ev.fullCode ?? ''];
    if (passos) {
      // iFood's courier left with it (DSP) or it was delivered (CON): Rango follows, step by
      // step through its own machine; a step already taken (the echo of our own dispatch) or not
      // allowed (a cancelled order) is skipped. Marked `sistema`: nothing is sent back to iFood.
      const [p] = await pedidosIfood(est, ev.orderId);
      for (const para of p === undefined ? [] : passos) {
        try {
          await moverPedido(db, p!, para, { idestabelecimento: est, sistema: true });
        } catch (e) {
          if (!(e instanceof MovimentoRecusado)) throw e;
        }
      }
      return true;
    }
    // Echoes of our own actions (CFM, RTP…) and the rest: nothing to do here.
    return true;
  }

  async function pedidosIfood(idestabelecimento: number, orderId: string): Promise<number[]> {
    const p = await pedidoExterno(db, idestabelecimento, 'ifood', orderId);
    return p ? [p.id] : [];
  }

  /** One poll of every connected store that has the import on: new orders imported, events acknowledged. */
  async function consultar(): Promise<{ lojas: number }> {
    let lojas = 0;
    for (const loja of await repo.ativas(db)) {
      lojas++;
      const est = loja.idestabelecimento;
      const c = await credenciais(est);
      if (!c) {
        await repo.consultada(db, est, iso(), 'Credenciais do iFood não configuradas.');
        continue;
      }
      try {
        const eventos = await api.eventos(c, [loja.merchant_id]);
        const feitos: string[] = [];
        for (const ev of eventos) {
          if (ev.merchantId !== loja.merchant_id) {
            // Not this store's (iFood answers only the stores asked for): logged, acknowledged, ignored.
            log.warn({ ifood: { evento: ev.id } }, 'ifood: evento de loja não conectada ignorado');
            feitos.push(ev.id);
            continue;
          }
          try {
            if (await tratarEvento(loja, c, ev)) feitos.push(ev.id);
          } catch (e) {
            // Not acknowledged: iFood keeps it, the next poll tries again.
            log.warn({ ifood: { evento: ev.id, erro: (e as Error).message } }, 'ifood: evento não tratado');
          }
        }
        await api.confirmarEventos(c, feitos);
        await repo.consultada(db, est, iso(), null);
      } catch (e) {
        const texto = e instanceof IfoodErro ? e.texto : 'Erro ao consultar o iFood.';
        log.warn({ ifood: { loja: est, erro: texto } }, 'ifood: consulta falhou');
        await repo.consultada(db, est, iso(), texto);
      }
    }
    return { lojas };
  }

  /** What an event owes iFood: an order's status action, or a product's availability. */
  async function acoesDosEventos(eventos: EventoRow[]) {
    const status = eventos.filter((e) => e.tipo === EVENTO.pedidoStatus && e.idpedido !== null);
    const disp = eventos.filter((e) => e.tipo === EVENTO.disponibilidade);
    const dados = (e: EventoRow): DadosEvento => {
      try {
        return JSON.parse(e.dados) as DadosEvento;
      } catch {
        return {};
      }
    };
    const novas: Parameters<typeof repo.inserirAcoes>[1] = [];
    const relevantes = status.filter((e) => {
      const d = dados(e);
      return d.canal === 'ifood' && d.sistema !== true;
    });
    const pedidos = new Map(
      (await canaisDosPedidos(db, [...new Set(relevantes.map((e) => e.idpedido!))])).map((p) => [p.id, p]),
    );
    const tipos = new Map<number, 'DELIVERY' | 'TOGO'>();
    for (const e of relevantes) {
      const p = pedidos.get(e.idpedido!);
      if (!p || p.canal !== 'ifood' || p.id_externo === null) continue;
      if (!tipos.has(p.id)) {
        const row = await leiturasDoEstabelecimento.findPedido(db, p.idestabelecimento, p.id);
        if (row) tipos.set(p.id, row.tipo);
      }
      const acao = acaoDoStatus(dados(e).para ?? -1, tipos.get(p.id) ?? 'DELIVERY');
      if (!acao) continue;
      let corpo: string | null = null;
      if (acao === 'requestCancellation') {
        const hist = await leiturasDoEstabelecimento.listHistorico(db, [p.id]);
        const motivo =
          hist.filter((h) => h.status === STATUS.Cancelado).at(-1)?.motivo ?? 'Cancelado pelo restaurante.';
        corpo = JSON.stringify({ reason: motivo.slice(0, 250), cancellationCode: '501' });
      }
      novas.push({
        chave: `pedido:${p.id}:${acao}`,
        idestabelecimento: p.idestabelecimento,
        idpedido: p.id,
        acao,
        alvo: p.id_externo,
        corpo,
        estado: 'pendente',
        tentativas: 0,
        proxima_em: iso(),
        erro: null,
        criado_em: iso(),
        atualizado_em: iso(),
      });
    }
    const conectadas = new Map<number, boolean>();
    for (const e of disp) {
      const d = dados(e);
      if (d.idproduto === undefined || d.stindisponivel === undefined) continue;
      if (!conectadas.has(e.idestabelecimento))
        conectadas.set(e.idestabelecimento, (await repo.loja(db, e.idestabelecimento))?.ativo === 1);
      if (!conectadas.get(e.idestabelecimento)) continue;
      novas.push({
        chave: `evento:${e.txid}:${e.id}`,
        idestabelecimento: e.idestabelecimento,
        idpedido: null,
        acao: 'itemStatus',
        alvo: String(d.idproduto),
        corpo: JSON.stringify({ status: d.stindisponivel === 0 ? 'AVAILABLE' : 'UNAVAILABLE' }),
        estado: 'pendente',
        tentativas: 0,
        proxima_em: iso(),
        erro: null,
        criado_em: iso(),
        atualizado_em: iso(),
      });
    }
    return novas;
  }

  /**
   * Reads the event log from the cursor: what Rango's moves owe iFood becomes owed actions.
   * Answers true when an event was held back (on PostgreSQL, behind a transaction still running).
   */
  async function distribuir(): Promise<boolean> {
    const de0 = await repo.cursor(db);
    const fim = await fimDosEventos(db);
    if (fim.txid === 0 && de0.txid === 0 && fim.id < de0.id)
      await repo.moverCursor(db, de0, { txid: 0, id: 0 });
    for (;;) {
      const de = await repo.cursor(db);
      const rows = await eventosDepois(db, de, LOTE_EVENTOS);
      let ate = de;
      const prontos: EventoRow[] = [];
      let retido = false;
      for (const r of rows) {
        if (!r.pronto) {
          retido = true;
          break;
        }
        prontos.push(r);
        ate = { txid: r.txid, id: r.id };
      }
      if (prontos.length > 0) {
        await repo.inserirAcoes(db, await acoesDosEventos(prontos));
        await repo.moverCursor(db, de, ate);
      }
      if (retido || rows.length < LOTE_EVENTOS) return retido;
    }
  }

  /** Sends the owed actions that are due: done, retried with backoff, or given up with iFood's text. */
  async function enviar(): Promise<number> {
    let feitas = 0;
    const lojas = new Map<number, { loja: LojaRow | undefined; c: Credenciais | undefined }>();
    for (const a of await repo.devidas(db, iso(), LOTE_ACOES)) {
      if (!(await repo.reservar(db, a, iso(RESERVA_MS), iso()))) continue;
      if (!lojas.has(a.idestabelecimento)) {
        lojas.set(a.idestabelecimento, {
          loja: await repo.loja(db, a.idestabelecimento),
          c: await credenciais(a.idestabelecimento),
        });
      }
      const { loja, c } = lojas.get(a.idestabelecimento)!;
      const tentativas = a.tentativas + 1;
      try {
        if (!loja || !c) throw new IfoodErro(0, false, 'O iFood não está conectado a este estabelecimento.');
        await executar(a, loja, c);
        await repo.concluir(db, a.id, {
          estado: 'feito',
          tentativas,
          proxima_em: iso(),
          erro: null,
          atualizado_em: iso(),
        });
        feitas++;
      } catch (e) {
        const erro = e instanceof IfoodErro ? e : new IfoodErro(0, true, 'Erro ao falar com o iFood.');
        const desiste = !erro.repetir || tentativas >= MAX_TENTATIVAS;
        log.warn(
          { ifood: { acao: a.acao, pedido: a.idpedido, erro: erro.texto, tentativas } },
          'ifood: ação falhou',
        );
        await repo.concluir(db, a.id, {
          estado: desiste ? 'falhou' : 'pendente',
          tentativas,
          proxima_em: iso(erro.esperarMs ?? espera(tentativas)),
          erro: erro.texto,
          atualizado_em: iso(),
        });
      }
    }
    return feitas;
  }

  async function executar(a: AcaoRow, loja: LojaRow, c: Credenciais): Promise<void> {
    const corpo = a.corpo ? (JSON.parse(a.corpo) as Record<string, unknown>) : undefined;
    if (a.acao === 'itemStatus') {
      const status = corpo?.status === 'AVAILABLE' ? 'AVAILABLE' : 'UNAVAILABLE';
      const achou = await api.statusDoItem(c, loja.merchant_id, a.alvo, status);
      if (!achou) log.info({ ifood: { produto: a.alvo } }, 'ifood: produto sem item correspondente no iFood');
      return;
    }
    await api.acao(c, a.alvo, a.acao as AcaoPedido, corpo);
  }

  return {
    conexao,

    async conectar(autor: Autor, input: IfoodConexaoInput): Promise<IfoodConexao> {
      const est = autor.idestabelecimento;
      const antes = await repo.loja(db, est);
      const [temId, temSecret] = await Promise.all([
        segredos.describe(est, SEGREDO_CLIENT_ID),
        segredos.describe(est, SEGREDO_CLIENT_SECRET),
      ]);
      if (!input.client_id && !temId.configurado)
        throw new HttpError(400, { client_id: [MSG_IFOOD.clientIdInvalido] });
      if (!input.client_secret && !temSecret.configurado)
        throw new HttpError(400, { client_secret: [MSG_IFOOD.segredoInvalido] });
      const outra = await repo.porMerchant(db, input.merchant_id);
      if (outra && outra.idestabelecimento !== est)
        throw new HttpError(409, { merchant_id: [MSG_IFOOD.merchantEmUso] });
      if (input.client_id || input.client_secret) {
        // New credentials are tried at iFood before they are kept: a refusal is a typo to fix now,
        // not a poll failing later. iFood unreachable: kept, the poll says so ('ultimo_erro').
        const [idAtual, secretAtual] = await Promise.all([
          input.client_id ? undefined : segredos.get(est, SEGREDO_CLIENT_ID),
          input.client_secret ? undefined : segredos.get(est, SEGREDO_CLIENT_SECRET),
        ]);
        const c: Credenciais = {
          clientId: input.client_id ?? idAtual?.revelar() ?? '',
          clientSecret: input.client_secret
            ? new Segredo(input.client_secret)
            : (secretAtual ?? new Segredo('')),
        };
        try {
          await api.verificar(c);
        } catch (e) {
          if (e instanceof IfoodErro && !e.repetir && e.status >= 400 && e.status < 500)
            throw new HttpError(400, { client_secret: [MSG_IFOOD.credenciaisRecusadas] });
          log.warn({ ifood: { loja: est } }, 'ifood: credenciais não verificadas (iFood indisponível)');
        }
      }
      if (input.client_id) await segredos.set(est, SEGREDO_CLIENT_ID, input.client_id);
      if (input.client_secret) await segredos.set(est, SEGREDO_CLIENT_SECRET, input.client_secret);
      try {
        await db.transaction().execute(async (trx) => {
          await repo.salvarLoja(trx, {
            idestabelecimento: est,
            merchant_id: input.merchant_id,
            ativo: input.ativo ? 1 : 0,
            ultima_consulta_em: null,
            ultimo_erro: null,
            criado_em: antes?.criado_em ?? iso(),
            atualizado_em: iso(),
          });
          await registrarAuditoria(trx, {
            idestabelecimento: est,
            idfuncionario: autor.idfuncionario,
            entidade: 'ifood',
            identidade: est,
            acao: antes ? 'alterar' : 'criar',
            dados: { merchant_id: input.merchant_id, ativo: input.ativo },
          });
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw new HttpError(409, { merchant_id: [MSG_IFOOD.merchantEmUso] });
        throw e;
      }
      return conexao(est);
    },

    async desconectar(autor: Autor): Promise<void> {
      const est = autor.idestabelecimento;
      if (!(await repo.loja(db, est))) throw naoConectado();
      await repo.excluirLoja(db, est);
      await segredos.delete(est, SEGREDO_CLIENT_ID);
      await segredos.delete(est, SEGREDO_CLIENT_SECRET);
    },

    consultar,
    distribuir,
    enviar,

    /**
     * iFood's webhook (where configured instead of polling): the raw body verified with the app's
     * client secret (X-IFood-Signature: hex HMAC-SHA256 of the body), the event's order re-read
     * from iFood and imported. 'ignorado' for a store not connected (logged); 'recusado' for a
     * bad signature; a repeat imports nothing twice.
     */
    async webhook(corpo: string, assinatura: string | undefined): Promise<'ok' | 'ignorado' | 'recusado'> {
      let ev: IfoodEvento;
      try {
        ev = JSON.parse(corpo) as IfoodEvento;
      } catch {
        return 'recusado';
      }
      if (!ev || typeof ev.merchantId !== 'string' || typeof ev.orderId !== 'string') return 'recusado';
      const loja = await repo.porMerchant(db, ev.merchantId);
      if (!loja || loja.ativo !== 1) {
        log.warn({ ifood: { evento: ev.id } }, 'ifood: webhook de loja não conectada ignorado');
        return 'ignorado';
      }
      const c = await credenciais(loja.idestabelecimento);
      if (!c || !assinaturaValida(c.clientSecret.revelar(), corpo, assinatura)) return 'recusado';
      await tratarEvento(loja, c, ev);
      return 'ok';
    },

    /** One run of the periodic job: poll iFood, then what Rango owes iFood. */
    async rodar(): Promise<void> {
      await consultar();
      await distribuir();
      await enviar();
    },

    /** iFood's last refusal of each order's owed actions (the panel's drawer shows it). */
    errosDosPedidos: (ids: readonly number[]) => repo.erros(db, ids),
    acoesDoPedido: (idpedido: number) => repo.acoesDoPedido(db, idpedido),
  };
}

export type IfoodService = ReturnType<typeof createIfood>;

/** iFood's last refusal of each order's owed actions not yet done (the panel's drawer shows it). */
export const errosNoIfood = (db: Db, idspedido: readonly number[]): Promise<Map<number, string>> =>
  repo.erros(db, idspedido);
