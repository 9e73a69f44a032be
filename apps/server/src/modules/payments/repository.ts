import { EVENTO } from '@rango/domain';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/index.ts';
import { eventosLigados, registrarEventoDoPagamento } from '../events/record.ts';
import type { ContaPagamentoTable, EstadoPagamentoRow, PagamentoTable } from '../../db/types.ts';

export type PagamentoRow = Selectable<PagamentoTable>;
export type NovoPagamento = Omit<Insertable<PagamentoTable>, 'idpedido'>;

/** States still waiting for the gateway's word (the reconciler and the reads ask it again). */
export const ESTADOS_ABERTOS: readonly EstadoPagamentoRow[] = [
  'iniciado',
  'incerto',
  'pendente',
  'estorno_pendente',
];

/** Online payments' SQL (issue 5). */
export const paymentsRepository = {
  /** The payer's e-mail (Mercado Pago requires one): the customer's account's. Read only. */
  async emailDoCliente(db: Db, idcliente: number | null): Promise<string | null> {
    if (idcliente === null) return null;
    const r = await db.selectFrom('cliente').select('email').where('id', '=', idcliente).executeTakeFirst();
    return r?.email ?? null;
  },

  async tentativas(db: Db, pedidoId: string): Promise<number> {
    const r = await db
      .selectFrom('pagamento')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('pedido_id', '=', pedidoId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  async insert(db: Db, idpedido: number, p: NovoPagamento): Promise<number> {
    const r = await db
      .insertInto('pagamento')
      .values({ ...p, idpedido })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  },

  porChave: (db: Db, chave: string) =>
    db.selectFrom('pagamento').selectAll().where('chave', '=', chave).executeTakeFirst(),

  porPaymentId: (db: Db, paymentId: string) =>
    db.selectFrom('pagamento').selectAll().where('payment_id', '=', paymentId).executeTakeFirst(),

  /** The order's attempts, oldest first. */
  doPedido: (db: Db, idpedido: number) =>
    db.selectFrom('pagamento').selectAll().where('idpedido', '=', idpedido).orderBy('id').execute(),

  /** Attempts of several orders (the lists). */
  dosPedidos: (db: Db, ids: readonly number[]) =>
    ids.length === 0
      ? Promise.resolve([] as PagamentoRow[])
      : db.selectFrom('pagamento').selectAll().where('idpedido', 'in', ids).orderBy('id').execute(),

  /**
   * Changes an attempt only from one of the states `de` (a result applied twice, or a webhook
   * after the poll, changes nothing the second time). True when this call made the change. A new
   * state is a live event 'pedido.pagamento' for the attempt's order, in the same transaction.
   */
  async mudar(
    db: Db,
    id: number,
    de: readonly EstadoPagamentoRow[],
    mudanca: Updateable<PagamentoTable>,
  ): Promise<boolean> {
    const estado = eventosLigados() ? mudanca.estado : undefined;
    const mudar = async (trx: Db) => {
      const r = await trx
        .updateTable('pagamento')
        .set(mudanca)
        .where('id', '=', id)
        .where('estado', 'in', de)
        .executeTakeFirst();
      const mudou = Number(r.numUpdatedRows) > 0;
      if (mudou && estado !== undefined) {
        await registrarEventoDoPagamento(trx, id, EVENTO.pedidoPagamento, { estado });
      }
      return mudou;
    };
    if (estado === undefined) return mudar(db);
    return db.isTransaction ? mudar(db) : db.transaction().execute(mudar);
  },

  /**
   * The PIX code of a pending attempt that has none yet: the creation's answer arriving after a
   * read had already moved the attempt to pendente (a query by our key answers without the code).
   */
  async completarPix(
    db: Db,
    id: number,
    pix: { qrcode: string; imagem_qrcode: string | null; expira_em: string | null },
  ): Promise<boolean> {
    const r = await db
      .updateTable('pagamento')
      .set(pix)
      .where('id', '=', id)
      .where('estado', '=', 'pendente')
      .where('qrcode', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  async consultado(db: Db, id: number, em: string): Promise<void> {
    await db.updateTable('pagamento').set({ consultado_em: em }).where('id', '=', id).execute();
  },

  /**
   * Claims the retry of a refund left pending (estorno_pendente) whose last try is older than
   * `antes`: true for exactly one caller however many reconciler runs ask at once.
   */
  async retomarEstorno(db: Db, id: number, antes: string, agora: string): Promise<boolean> {
    const r = await db
      .updateTable('pagamento')
      .set({ atualizado_em: agora })
      .where('id', '=', id)
      .where('estado', '=', 'estorno_pendente')
      .where('atualizado_em', '<', antes)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  /**
   * Orders still awaiting payment (`pendente`: PgtoPendente) with a paid attempt: left so by a
   * process that died between the attempt's change and the order's move (two transactions).
   */
  pedidosPagosPendentes: (db: Db, pendente: number, limite: number) =>
    db
      .selectFrom('pagamento')
      .innerJoin('pedido', 'pedido.id', 'pagamento.idpedido')
      .select('pedido.id')
      .where('pagamento.estado', '=', 'pago')
      .where('pedido.status', '=', pendente)
      .orderBy('pedido.id')
      .limit(limite)
      .execute(),

  /** Open attempts not asked about since `antes` (the reconciler's batch). */
  abertos: (db: Db, antes: string, limite: number) =>
    db
      .selectFrom('pagamento')
      .selectAll()
      .where('estado', 'in', ESTADOS_ABERTOS)
      .where((eb) => eb.or([eb('consultado_em', 'is', null), eb('consultado_em', '<', antes)]))
      .orderBy('id')
      .limit(limite)
      .execute(),

  /** A refused attempt's order goes: the attempt stays, unlinked from it (inside the removal's transaction). */
  async desligarDoPedido(trx: Db, idpedido: number): Promise<void> {
    await trx.updateTable('pagamento').set({ idpedido: null }).where('idpedido', '=', idpedido).execute();
  },

  /**
   * Account erasure: the sandbox gateway's own vault (in this database, standing in for Cielo's)
   * keeps the holder's name of the cards they saved or paid with; those go, and the attempts keep
   * the amount and masked number, not the holder or token. Before cards' part (it reads cartao).
   */
  async apagarDoCliente(db: Db, idcliente: number): Promise<void> {
    const tokens = [
      ...(await db.selectFrom('cartao').select('token').where('idcliente', '=', idcliente).execute()).map(
        (r) => r.token,
      ),
      ...(
        await db
          .selectFrom('pagamento')
          .select('cartao_token')
          .where('idcliente', '=', idcliente)
          .where('cartao_token', 'is not', null)
          .execute()
      ).flatMap((r) => (r.cartao_token ? [r.cartao_token] : [])),
    ];
    if (tokens.length) await db.deleteFrom('sandbox_cartao').where('token', 'in', tokens).execute();
    await db
      .updateTable('pagamento')
      .set({ cartao_titular: null, cartao_cnpjoucpf: null, cartao_token: null })
      .where('idcliente', '=', idcliente)
      .execute();
  },

  /** Who saved this token (a saved card of another customer is refused). */
  donosDoToken: async (db: Db, token: string): Promise<number[]> =>
    (await db.selectFrom('cartao').select('idcliente').where('token', '=', token).execute()).map(
      (r) => r.idcliente,
    ),
};

export type ContaRow = Selectable<ContaPagamentoTable>;

/** Payment accounts' SQL (issue 23 part 1). Removed accounts stay for the payments they took. */
export const contasRepository = {
  /** The establishment's accounts not removed, oldest first. */
  doEstabelecimento: (db: Db, idestabelecimento: number) =>
    db
      .selectFrom('conta_pagamento')
      .selectAll()
      .where('idestabelecimento', '=', idestabelecimento)
      .where('removida_em', 'is', null)
      .orderBy('id')
      .execute(),

  /** The account charging now, if any. */
  ativa: (db: Db, idestabelecimento: number) =>
    db
      .selectFrom('conta_pagamento')
      .selectAll()
      .where('idestabelecimento', '=', idestabelecimento)
      .where('ativa', '=', 1)
      .where('removida_em', 'is', null)
      .executeTakeFirst(),

  /** By id, removed or not (a payment's account). */
  porId: (db: Db, id: number) =>
    db.selectFrom('conta_pagamento').selectAll().where('id', '=', id).executeTakeFirst(),

  /** By id within its establishment, not removed (the owner's routes: another's answers nothing). */
  doDono: (db: Db, idestabelecimento: number, id: number) =>
    db
      .selectFrom('conta_pagamento')
      .selectAll()
      .where('id', '=', id)
      .where('idestabelecimento', '=', idestabelecimento)
      .where('removida_em', 'is', null)
      .executeTakeFirst(),

  async inserir(db: Db, conta: Insertable<ContaPagamentoTable>): Promise<number> {
    const r = await db.insertInto('conta_pagamento').values(conta).returning('id').executeTakeFirstOrThrow();
    return r.id;
  },

  /** Makes `id` the one account charging (the others stop), in one transaction. */
  async ativar(db: Db, idestabelecimento: number, id: number, agora: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('conta_pagamento')
        .set({ ativa: 0, atualizado_em: agora })
        .where('idestabelecimento', '=', idestabelecimento)
        .where('ativa', '=', 1)
        .execute();
      await trx
        .updateTable('conta_pagamento')
        .set({ ativa: 1, atualizado_em: agora })
        .where('id', '=', id)
        .where('idestabelecimento', '=', idestabelecimento)
        .where('removida_em', 'is', null)
        .execute();
    });
  },

  /** Stops charging on every account: the environment's gateway is the default again. */
  async desativarTodas(db: Db, idestabelecimento: number, agora: string): Promise<void> {
    await db
      .updateTable('conta_pagamento')
      .set({ ativa: 0, atualizado_em: agora })
      .where('idestabelecimento', '=', idestabelecimento)
      .where('ativa', '=', 1)
      .execute();
  },

  async estado(
    db: Db,
    id: number,
    mudanca: { estado: 'ok' | 'erro'; erro: string | null; testado_em?: string; atualizado_em: string },
  ): Promise<void> {
    await db.updateTable('conta_pagamento').set(mudanca).where('id', '=', id).execute();
  },

  /** Kept for the payments it took (their refunds, reconciliation), no longer listed nor charging. */
  async remover(db: Db, id: number, agora: string): Promise<void> {
    await db
      .updateTable('conta_pagamento')
      .set({ ativa: 0, removida_em: agora, atualizado_em: agora })
      .where('id', '=', id)
      .execute();
  },

  /** Gone for good: only an account that took no payment. */
  async apagar(db: Db, id: number): Promise<void> {
    await db.deleteFrom('conta_pagamento').where('id', '=', id).execute();
  },

  /** Accounts connected by OAuth whose access token expires before `ate` (the refresh job's). */
  paraRenovar: (db: Db, ate: string) =>
    db
      .selectFrom('conta_pagamento')
      .selectAll()
      .where('provedor', '=', 'mercadopago')
      .where('token_expira_em', 'is not', null)
      .where('token_expira_em', '<=', ate)
      .where('estado', '=', 'ok')
      .where('removida_em', 'is', null)
      // A dead refresh token is not tried again: the owner reconnects.
      .where('reconectar_desde', 'is', null)
      .orderBy('token_expira_em')
      .limit(100)
      .execute(),

  /** Accounts waiting for the owner to reconnect whose access token has now expired. */
  reconexaoVencida: (db: Db, agora: string) =>
    db
      .selectFrom('conta_pagamento')
      .selectAll()
      .where('provedor', '=', 'mercadopago')
      .where('reconectar_desde', 'is not', null)
      .where('token_expira_em', '<=', agora)
      .where('estado', '=', 'ok')
      .where('removida_em', 'is', null)
      .limit(100)
      .execute(),

  /**
   * Claims an account for one refresh: only the run whose read is still current changes it (a
   * second instance's run, or a repeated one, finds it changed and skips it: a refresh token is
   * single use, so two refreshes would fail the second).
   */
  async reivindicarRenovacao(db: Db, c: ContaRow, agora: string, ate: string): Promise<boolean> {
    // A lease, not a lock: a run that died mid-renewal leaves it, and once it passes another run
    // (this instance's or another's) takes the account over.
    const r = await db
      .updateTable('conta_pagamento')
      .set({ atualizado_em: agora, renovando_ate: ate })
      .where('id', '=', c.id)
      .where('token_expira_em', '=', c.token_expira_em)
      .where('atualizado_em', '=', c.atualizado_em)
      .where((eb) => eb.or([eb('renovando_ate', 'is', null), eb('renovando_ate', '<', agora)]))
      .where('estado', '=', 'ok')
      .where('removida_em', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** The renewal claimed ended without new tokens (Mercado Pago did not answer): the lease goes. */
  async liberarRenovacao(db: Db, id: number): Promise<void> {
    await db.updateTable('conta_pagamento').set({ renovando_ate: null }).where('id', '=', id).execute();
  },

  /** The account's tokens were rotated: their new expiry, and the account works. */
  async tokensRenovados(db: Db, id: number, expiraEm: string, agora: string): Promise<void> {
    await db
      .updateTable('conta_pagamento')
      .set({
        token_expira_em: expiraEm,
        estado: 'ok',
        erro: null,
        testado_em: agora,
        atualizado_em: agora,
        renovando_ate: null,
        reconectar_desde: null,
      })
      .where('id', '=', id)
      .execute();
  },

  /**
   * Mercado Pago refused the refresh token while the access token still works: the account keeps
   * working until it expires, the owner is asked to reconnect. Only if no renewal landed meanwhile.
   */
  async pedirReconexao(db: Db, c: ContaRow, agora: string): Promise<boolean> {
    const r = await db
      .updateTable('conta_pagamento')
      .set({ reconectar_desde: agora, renovando_ate: null, atualizado_em: agora })
      .where('id', '=', c.id)
      .where('token_expira_em', '=', c.token_expira_em)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** An OAuth account's token is no longer renewed (disconnected). */
  async semRenovacao(db: Db, id: number, agora: string): Promise<void> {
    await db
      .updateTable('conta_pagamento')
      .set({ token_expira_em: null, atualizado_em: agora })
      .where('id', '=', id)
      .execute();
  },

  async tomouPagamentos(db: Db, id: number): Promise<boolean> {
    const r = await db
      .selectFrom('pagamento')
      .select('id')
      .where('idconta', '=', id)
      .limit(1)
      .executeTakeFirst();
    return r !== undefined;
  },
};

/** Mercado Pago OAuth flows under way ('Conectar Mercado Pago'): `state` kept only as its hash. */
export const conexoesRepository = {
  async inserir(
    db: Db,
    c: {
      idestabelecimento: number;
      idfuncionario: number;
      state_hash: string;
      criado_em: string;
      expira_em: string;
    },
  ): Promise<number> {
    const r = await db
      .insertInto('mercadopago_conexao')
      .values({ ...c, usado_em: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  },

  porState: (db: Db, stateHash: string) =>
    db.selectFrom('mercadopago_conexao').selectAll().where('state_hash', '=', stateHash).executeTakeFirst(),

  /** Marks a flow used; false when another callback used it first (a reload, a replay). */
  async usar(db: Db, id: number, agora: string): Promise<boolean> {
    const r = await db
      .updateTable('mercadopago_conexao')
      .set({ usado_em: agora })
      .where('id', '=', id)
      .where('usado_em', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** Flows that ended (used or expired) before `antes`: their rows go (their verifiers went at use). */
  async limpar(db: Db, idestabelecimento: number, antes: string): Promise<{ id: number }[]> {
    return db
      .deleteFrom('mercadopago_conexao')
      .where('idestabelecimento', '=', idestabelecimento)
      .where('expira_em', '<', antes)
      .returning('id')
      .execute();
  },

  /** Flows of the establishment not yet used nor expired (a cap on how many may wait). */
  async abertas(db: Db, idestabelecimento: number, agora: string): Promise<number> {
    const r = await db
      .selectFrom('mercadopago_conexao')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('idestabelecimento', '=', idestabelecimento)
      .where('usado_em', 'is', null)
      .where('expira_em', '>=', agora)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },
};

/** The platform operator's fee per establishment (basis points). */
export const taxaRepository = {
  async bp(db: Db, idestabelecimento: number): Promise<number> {
    const r = await db
      .selectFrom('taxa_plataforma')
      .select('bp')
      .where('idestabelecimento', '=', idestabelecimento)
      .executeTakeFirst();
    return r?.bp ?? 0;
  },

  /** The establishment's name (read only), or undefined when there is none by that id. */
  async nomeEstabelecimento(db: Db, id: number): Promise<string | undefined> {
    const r = await db
      .selectFrom('estabelecimento')
      .select('apelidooufantasia')
      .where('id', '=', id)
      .executeTakeFirst();
    return r?.apelidooufantasia;
  },

  async definir(db: Db, idestabelecimento: number, bp: number, agora: string): Promise<void> {
    await db
      .insertInto('taxa_plataforma')
      .values({ idestabelecimento, bp, atualizado_em: agora })
      .onConflict((oc) => oc.column('idestabelecimento').doUpdateSet({ bp, atualizado_em: agora }))
      .execute();
  },
};
