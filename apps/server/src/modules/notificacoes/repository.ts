import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import { dialectOf } from '../../db/index.ts';
import type { Db } from '../../db/index.ts';
import type { Chave } from '../events/cursor.ts';
import type { CanalNotificacao, NotificacaoTable } from '../../db/types.ts';
import type { Insertable } from 'kysely';
import type { PedidoDaMensagem } from './textos.ts';

const CURSOR = 'notificacoes';

/** The notifications' SQL (tables of migration 0023). */
export const notificacoesRepository = {
  async cursor(db: Db): Promise<Chave> {
    const r = await db
      .selectFrom('notificacao_cursor')
      .select(['txid', 'idevento'])
      .where('nome', '=', CURSOR)
      .executeTakeFirst();
    return r ? { txid: Number(r.txid), id: Number(r.idevento) } : { txid: 0, id: 0 };
  },

  /** Moves the cursor from `de` to `para`; false when another reader moved it first. */
  async moverCursor(db: Db, de: Chave, para: Chave): Promise<boolean> {
    const r = await db
      .updateTable('notificacao_cursor')
      .set({ txid: para.txid, idevento: para.id })
      .where('nome', '=', CURSOR)
      .where('txid', '=', de.txid)
      .where('idevento', '=', de.id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** Inserts the message unless its key exists (another reader wrote it); true when inserted. */
  async inserir(db: Db, n: Insertable<NotificacaoTable>): Promise<boolean> {
    const r = await db
      .insertInto('notificacao')
      .values(n)
      .onConflict((oc) => oc.column('chave').doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;
  },

  /**
   * Inserts the messages whose key does not exist yet (another reader wrote them), a few hundred
   * per statement; answers how many were inserted.
   */
  async inserirVarias(db: Db, linhas: readonly Insertable<NotificacaoTable>[]): Promise<number> {
    let inseridas = 0;
    for (let i = 0; i < linhas.length; i += 200) {
      const r = await db
        .insertInto('notificacao')
        .values(linhas.slice(i, i + 200))
        .onConflict((oc) => oc.column('chave').doNothing())
        .executeTakeFirst();
      inseridas += Number(r.numInsertedOrUpdatedRows ?? 0n);
    }
    return inseridas;
  },

  /** The order as the messages name it (undefined when it is gone). */
  async pedido(db: Db, idpedido: number): Promise<PedidoDaMensagem | undefined> {
    return (await notificacoesRepository.pedidos(db, [idpedido])).get(idpedido);
  },

  /**
   * The orders as the messages name them, by id (an order gone is absent): three reads for a
   * whole batch of messages, whatever its size.
   */
  async pedidos(db: Db, ids: readonly number[]): Promise<Map<number, PedidoDaMensagem>> {
    const porId = new Map<number, PedidoDaMensagem>();
    const unicos = [...new Set(ids)];
    if (unicos.length === 0) return porId;
    const linhas = await db
      .selectFrom('pedido')
      .innerJoin('estabelecimento', 'estabelecimento.id', 'pedido.idestabelecimento')
      .select([
        'pedido.id',
        'pedido.referencia',
        'pedido.tipo',
        'pedido.status',
        'pedido.total',
        'pedido.previsao_em',
        'pedido.formapgto',
        'estabelecimento.apelidooufantasia as estabelecimento',
      ])
      .where('pedido.id', 'in', unicos)
      .execute();
    if (linhas.length === 0) return porId;
    const presentes = linhas.map((p) => p.id);
    // The latest cancellation's reason of each order (newest first: the first seen is kept).
    const motivos = new Map<number, string>();
    for (const h of await db
      .selectFrom('pedido_historico')
      .select(['idpedido', 'motivo'])
      .where('idpedido', 'in', presentes)
      .where('motivo', 'is not', null)
      .orderBy('id', 'desc')
      .execute())
      if (h.motivo !== null && !motivos.has(h.idpedido)) motivos.set(h.idpedido, h.motivo);
    // Each order's PIX attempts, newest first: the latest one, and whether one is paid (the
    // 'PIX pago' message is for PIX only, not a card).
    const ultimoPix = new Map<number, PedidoDaMensagem['pix']>();
    const pixPago = new Set<number>();
    for (const g of await db
      .selectFrom('pagamento')
      .select(['id', 'idpedido', 'estado', 'qrcode', 'expira_em'])
      .where('idpedido', 'in', presentes)
      .where('tipo', '=', 'pix')
      .orderBy('id', 'desc')
      .execute()) {
      if (g.idpedido === null) continue;
      if (!ultimoPix.has(g.idpedido))
        ultimoPix.set(g.idpedido, { id: g.id, estado: g.estado, qrcode: g.qrcode, expira_em: g.expira_em });
      if (g.estado === 'pago') pixPago.add(g.idpedido);
    }
    // The payment's name of an order written before the column was (the stored JSON's): only those
    // orders' JSON is read (it is the order's largest column).
    const semForma = linhas.filter((p) => !p.formapgto).map((p) => p.id);
    const jsons = new Map(
      semForma.length === 0
        ? []
        : (
            await db.selectFrom('pedido').select(['id', 'pedido_json']).where('id', 'in', semForma).execute()
          ).map((p) => [p.id, p.pedido_json]),
    );
    for (const p of linhas) {
      let formapgto = p.formapgto;
      if (!formapgto) {
        try {
          const j = JSON.parse(jsons.get(p.id) ?? '') as { pagamentos?: { descricaoFormaPgto?: unknown }[] };
          const d = j.pagamentos?.[0]?.descricaoFormaPgto;
          formapgto = typeof d === 'string' ? d : null;
        } catch {
          formapgto = null;
        }
      }
      porId.set(p.id, {
        id: p.id,
        referencia: p.referencia,
        tipo: p.tipo,
        status: p.status,
        total: p.total,
        previsao_em: p.previsao_em,
        formapgto,
        motivo: motivos.get(p.id) ?? null,
        estabelecimento: p.estabelecimento,
        pixPago: pixPago.has(p.id),
        pix: ultimoPix.get(p.id) ?? null,
      });
    }
    return porId;
  },

  /** The channels the customer has chosen (active consent). */
  /** The chosen channels of each of these customers (one read for a batch of events). */
  async canaisDe(db: Db, ids: readonly number[]): Promise<Map<number, CanalNotificacao[]>> {
    const porCliente = new Map<number, CanalNotificacao[]>();
    if (ids.length === 0) return porCliente;
    const rows = await db
      .selectFrom('notificacao_consentimento')
      .select(['idcliente', 'canal'])
      .where('idcliente', 'in', ids)
      .where('ativo', '=', 1)
      .execute();
    for (const r of rows) porCliente.set(r.idcliente, [...(porCliente.get(r.idcliente) ?? []), r.canal]);
    return porCliente;
  },

  async canais(db: Db, idcliente: number): Promise<CanalNotificacao[]> {
    const rows = await db
      .selectFrom('notificacao_consentimento')
      .select('canal')
      .where('idcliente', '=', idcliente)
      .where('ativo', '=', 1)
      .execute();
    return rows.map((r) => r.canal);
  },

  async consentimentos(db: Db, idcliente: number) {
    return db
      .selectFrom('notificacao_consentimento')
      .select(['canal', 'ativo', 'origem', 'atualizado_em', 'telefone'])
      .where('idcliente', '=', idcliente)
      .orderBy('canal')
      .execute();
  },

  async gravarConsentimento(
    db: Db,
    idcliente: number,
    canal: CanalNotificacao,
    ativo: boolean,
    origem: string,
    agora: string,
  ): Promise<void> {
    await db
      .insertInto('notificacao_consentimento')
      .values({ idcliente, canal, ativo: ativo ? 1 : 0, origem, atualizado_em: agora })
      .onConflict((oc) =>
        oc
          .columns(['idcliente', 'canal'])
          .doUpdateSet({ ativo: ativo ? 1 : 0, origem, atualizado_em: agora }),
      )
      .execute();
  },

  /**
   * The due messages, oldest first: pending ones whose time came, and ones left 'enviando' past
   * their claim (the instance sending them died: re-checked before any re-send).
   */
  async devidas(db: Db, agora: string, limite: number) {
    return db
      .selectFrom('notificacao')
      .selectAll()
      .where('estado', 'in', ['pendente', 'enviando'])
      .where('proxima_em', '<=', agora)
      .orderBy('id')
      .limit(limite)
      .execute();
  },

  /**
   * Claims up to `limite` due messages at once, oldest first, as `reivindicar` does each (state
   * 'enviando', one more attempt, held until `ate`), in one transaction: pending ones whose time
   * came and ones left 'enviando' past their claim. Answers them as they were read (their
   * `estado` and `tentativas` before the claim). On PostgreSQL rows another instance is claiming
   * are skipped (FOR UPDATE SKIP LOCKED), not waited for.
   */
  async reivindicarDevidas(
    db: Db,
    agora: string,
    ate: string,
    limite: number,
  ): Promise<Selectable<NotificacaoTable>[]> {
    return db.transaction().execute(async (trx) => {
      const base = trx
        .selectFrom('notificacao')
        .selectAll()
        .where('estado', 'in', ['pendente', 'enviando'])
        .where('proxima_em', '<=', agora)
        .orderBy('id')
        .limit(limite);
      const lidas = await (dialectOf(db) === 'postgres' ? base.forUpdate().skipLocked() : base).execute();
      if (lidas.length === 0) return [];
      const tomadas = await trx
        .updateTable('notificacao')
        .set({ estado: 'enviando', tentativas: sql`tentativas + 1`, proxima_em: ate })
        .where(
          'id',
          'in',
          lidas.map((n) => n.id),
        )
        .where('estado', 'in', ['pendente', 'enviando'])
        .where('proxima_em', '<=', agora)
        .returning('id')
        .execute();
      const ids = new Set(tomadas.map((r) => r.id));
      return lidas.filter((n) => ids.has(n.id));
    });
  },

  /**
   * Claims one attempt and records 'enviando' before the provider is called: only if nobody
   * claimed it since it was read (same `tentativas`); the claim holds it until `ate` (an instance
   * killed mid-send leaves it 'enviando', taken again after that and re-checked).
   */
  async reivindicar(db: Db, id: number, tentativas: number, ate: string): Promise<boolean> {
    const r = await db
      .updateTable('notificacao')
      .set({ estado: 'enviando', tentativas: tentativas + 1, proxima_em: ate })
      .where('id', '=', id)
      .where('estado', 'in', ['pendente', 'enviando'])
      .where('tentativas', '=', tentativas)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** Ends the attempt this instance claimed (`tentativas` as claimed); false when another took it since. */
  async concluir(
    db: Db,
    id: number,
    tentativas: number,
    mudanca: {
      estado: NotificacaoTable['estado'];
      status_provedor: string | null;
      enviado_em?: string;
      proxima_em?: string;
      tentativas?: number;
      texto?: string;
      titulo?: string;
    },
  ): Promise<boolean> {
    const r = await db
      .updateTable('notificacao')
      .set(mudanca)
      .where('id', '=', id)
      .where('estado', '=', 'enviando')
      .where('tentativas', '=', tentativas)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** The channels that already have this message (same order, kind, event time and PIX attempt). */
  async canaisDaMensagem(
    db: Db,
    n: { idpedido: number; tipo: string; criado_em: string; idpagamento: number | null },
  ): Promise<string[]> {
    let q = db
      .selectFrom('notificacao')
      .select('canal')
      .where('idpedido', '=', n.idpedido)
      .where('tipo', '=', n.tipo)
      .where('criado_em', '=', n.criado_em);
    q =
      n.idpagamento === null
        ? q.where('idpagamento', 'is', null)
        : q.where('idpagamento', '=', n.idpagamento);
    return (await q.execute()).map((r) => r.canal);
  },

  /** The order of this establishment (undefined for another's) and the customer's phone. */
  async pedidoDoEstabelecimento(db: Db, idestabelecimento: number, idpedido: number) {
    const p = await db
      .selectFrom('pedido')
      .leftJoin('cliente', 'cliente.id', 'pedido.idcliente')
      .select(['pedido.id', 'pedido.referencia', 'pedido.pedido_json', 'cliente.telefone'])
      .where('pedido.id', '=', idpedido)
      .where('pedido.idestabelecimento', '=', idestabelecimento)
      .executeTakeFirst();
    if (!p) return undefined;
    let telefone = p.telefone ?? null;
    if (!telefone) {
      try {
        const t = (JSON.parse(p.pedido_json) as { cliente?: { telefone?: unknown } }).cliente?.telefone;
        telefone = typeof t === 'string' ? t : null;
      } catch {
        telefone = null;
      }
    }
    return { id: p.id, referencia: p.referencia, telefone };
  },

  /** The order's messages for the panel's drawer (only of this establishment's order). */
  async doPedido(db: Db, idestabelecimento: number, idpedido: number) {
    return db
      .selectFrom('notificacao')
      .select(['id', 'canal', 'tipo', 'titulo', 'estado', 'tentativas', 'criado_em', 'enviado_em'])
      .where('idpedido', '=', idpedido)
      .where('idestabelecimento', '=', idestabelecimento)
      .orderBy('id')
      .execute();
  },

  async assinaturas(db: Db, idcliente: number) {
    return db
      .selectFrom('notificacao_push')
      .select(['id', 'endpoint', 'p256dh', 'auth'])
      .where('idcliente', '=', idcliente)
      .orderBy('id')
      .execute();
  },

  /** The devices of each of these customers (one read for a batch of messages). */
  async assinaturasDe(db: Db, ids: readonly number[]) {
    const porCliente = new Map<number, { id: number; endpoint: string; p256dh: string; auth: string }[]>();
    const unicos = [...new Set(ids)];
    if (unicos.length === 0) return porCliente;
    const rows = await db
      .selectFrom('notificacao_push')
      .select(['id', 'idcliente', 'endpoint', 'p256dh', 'auth'])
      .where('idcliente', 'in', unicos)
      .orderBy('id')
      .execute();
    for (const { idcliente, ...a } of rows)
      porCliente.set(idcliente, [...(porCliente.get(idcliente) ?? []), a]);
    return porCliente;
  },

  /** A device's subscription for this customer (a browser re-subscribing moves it to them). */
  async assinar(
    db: Db,
    idcliente: number,
    s: { endpoint: string; p256dh: string; auth: string },
    agora: string,
  ) {
    await db
      .insertInto('notificacao_push')
      .values({ idcliente, ...s, criado_em: agora })
      .onConflict((oc) => oc.column('endpoint').doUpdateSet({ idcliente, p256dh: s.p256dh, auth: s.auth }))
      .execute();
  },

  async cancelarAssinatura(db: Db, idcliente: number, endpoint: string): Promise<boolean> {
    const r = await db
      .deleteFrom('notificacao_push')
      .where('idcliente', '=', idcliente)
      .where('endpoint', '=', endpoint)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },

  async removerAssinatura(db: Db, id: number): Promise<void> {
    await db.deleteFrom('notificacao_push').where('id', '=', id).execute();
  },

  async emailDoCliente(db: Db, idcliente: number): Promise<{ email: string; nome: string } | undefined> {
    const c = await db
      .selectFrom('cliente')
      .select(['email', 'nomeourazaosocial'])
      .where('id', '=', idcliente)
      .where('excluido_em', 'is', null)
      .executeTakeFirst();
    return c?.email ? { email: c.email, nome: c.nomeourazaosocial } : undefined;
  },

  /** Account erasure: consent, subscriptions and messages of the customer go. */
  async apagarDoCliente(db: Db, idcliente: number): Promise<void> {
    await db.deleteFrom('notificacao').where('idcliente', '=', idcliente).execute();
    await db.deleteFrom('notificacao_push').where('idcliente', '=', idcliente).execute();
    await db.deleteFrom('notificacao_consentimento').where('idcliente', '=', idcliente).execute();
  },

  /** 'Baixar meus dados': the customer's messages (without the devices' keys). */
  async doCliente(db: Db, idcliente: number) {
    return db
      .selectFrom('notificacao')
      .select(['idpedido', 'canal', 'tipo', 'titulo', 'texto', 'estado', 'criado_em', 'enviado_em'])
      .where('idcliente', '=', idcliente)
      .orderBy('id')
      .execute();
  },
};
