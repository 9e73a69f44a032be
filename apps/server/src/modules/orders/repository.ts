import { EVENTO } from '@rango/domain';
import type { Database as SqliteHandle, Statement } from 'better-sqlite3';
import type { Insertable, Selectable } from 'kysely';
import { dialectOf, sqliteHandleOf } from '../../db/index.ts';
import type { Db } from '../../db/index.ts';
import { gravarEmLote } from '../../db/sqlite-lote.ts';
import type { EnderecoTable, PagamentoTable, PedidoTable } from '../../db/types.ts';
import { eventosLigados, registrarEvento } from '../events/record.ts';

export interface EstabelecimentoCheckout {
  id: number;
  lojaaberta: number;
  /** Closed from the panel until this instant (see establishments/loja.ts). */
  reabrir_em: string | null;
  pedidominimo: number;
  previsaoentregamin: number;
  previsaoentregamax: number;
}
export interface ClienteVivo {
  id: number;
  uuid: string;
  nomeourazaosocial: string;
}
export interface AreaRow {
  idareaentrega: number;
  center_lat: number;
  center_lng: number;
  raio: number;
  taxaentrega: number | null;
  valorminimo: number | null;
}
export interface FormaPgtoRow {
  idformapgto: number;
  descricao: string;
  sttipopgto: number;
  /** 1 = offered under 'Pagar na entrega'; 1 = offered online (issue 12). */
  na_entrega: number;
  online: number;
}
/** The customer's stored address as the order reads it. */
export type EnderecoRow = Omit<Selectable<EnderecoTable>, 'idcliente' | 'idtipoendereco' | 'criado_em'>;

/** What a new order writes in its one transaction. */
export interface NovoPedido {
  pedido: Insertable<PedidoTable>;
  /** The first history entry's status and instant. */
  status: number;
  datahora: string;
  /**
   * The coupon it uses: its uses are counted again inside the transaction (the row locked on
   * PostgreSQL) and `verificar` throws to roll everything back when a limit was reached meanwhile.
   */
  cupom: {
    id: number;
    idcliente: number;
    verificar(usos: { total: number; cliente: number }): void;
  } | null;
  /** An online payment's first attempt (modules/payments), written in the same transaction. */
  pagamento?: Omit<Insertable<PagamentoTable>, 'idpedido'> | undefined;
  /**
   * The channels chosen at checkout (modules/notificacoes, checkout.ts): written by their owner
   * inside the order's transaction, after the order.
   */
  consentimento?: ((trx: Db) => Promise<void>) | undefined;
}

const PEDIDO_INSERT_COLUMNS = [
  'pedido_id',
  'idcliente',
  'idestabelecimento',
  'referencia',
  'tipo',
  'status',
  'subtotal',
  'taxa_entrega',
  'desconto',
  'total',
  'codigo_cupom',
  'entregue_as',
  'pedido_json',
  'dthrpedido',
  'atualizado_em',
  'formapgto',
] as const;

/**
 * Order placement is the benchmarked write (target ≥ 1,000 orders/s on SQLite). Through Kysely
 * each statement is compiled and prepared again (~50 µs); on SQLite the placement's statements
 * are prepared once per database here and run synchronously, and the order's rows are written in
 * one synchronous better-sqlite3 transaction that nothing can interleave with. Not while a Kysely
 * transaction is open on the one SQLite connection (its uncommitted rows must not be read, and a
 * nested BEGIN would fail): then, and on PostgreSQL, the same SQL goes through Kysely.
 */
interface FastStatements {
  raw: SqliteHandle;
  cliente: Statement<[number], ClienteVivo>;
  estabelecimento: Statement<[number], EstabelecimentoCheckout>;
  pedidoId: Statement<[string], { id: number }>;
  areas: Statement<[number], AreaRow>;
  formaPgto: Statement<[number, number], FormaPgtoRow>;
  endereco: Statement<[number, number], EnderecoRow>;
  usos: Statement<[number, number], { total: number; cliente: number }>;
  insertPedido: Statement<[Insertable<PedidoTable>]>;
  insertHistorico: Statement<[number, number, string]>;
  insertCupomUso: Statement<[number, number, string, string]>;
  insertEvento: Statement<[number, number | null, number, string, string, string]>;
}

const fastStatements = new WeakMap<Db, FastStatements>();

function prepareFast(raw: SqliteHandle): FastStatements {
  return {
    raw,
    cliente: raw.prepare(
      'select id, uuid, nomeourazaosocial from cliente where id = ? and excluido_em is null',
    ),
    estabelecimento: raw.prepare(
      'select id, lojaaberta, reabrir_em, pedidominimo, previsaoentregamin, previsaoentregamax from estabelecimento where id = ? and aprovado = 1',
    ),
    pedidoId: raw.prepare('select id from pedido where pedido_id = ?'),
    areas: raw.prepare(
      'select idareaentrega, center_lat, center_lng, raio, taxaentrega, valorminimo from areaentrega where idestabelecimento = ?',
    ),
    formaPgto: raw.prepare(
      'select idformapgto, descricao, sttipopgto, na_entrega, online from formapgto where idestabelecimento = ? and idformapgto = ?',
    ),
    endereco: raw.prepare(
      'select id, cep, rua, numero, bairro, cidade, uf, complemento, detalhe, lat, lng from endereco where idcliente = ? and id = ?',
    ),
    usos: raw.prepare(
      'select count(*) as total, count(case when idcliente = ? then 1 end) as cliente from cupom_uso where idcupom = ?',
    ),
    insertPedido: raw.prepare(
      `insert into pedido (${PEDIDO_INSERT_COLUMNS.join(', ')}) values (${PEDIDO_INSERT_COLUMNS.map((c) => `@${c}`).join(', ')})`,
    ),
    insertHistorico: raw.prepare(
      'insert into pedido_historico (idpedido, status, datahora, motivo) values (?, ?, ?, null)',
    ),
    insertCupomUso: raw.prepare(
      'insert into cupom_uso (idcupom, idcliente, pedido_id, criado_em) values (?, ?, ?, ?)',
    ),
    insertEvento: raw.prepare(
      'insert into evento (idestabelecimento, idcliente, idpedido, tipo, dados, criado_em) values (?, ?, ?, ?, ?, ?)',
    ),
  };
}

/** The prepared statements when they may run now (SQLite, no Kysely transaction open), else undefined. */
function fast(db: Db): FastStatements | undefined {
  const raw = sqliteHandleOf(db);
  if (raw === undefined || raw.inTransaction) return undefined;
  let f = fastStatements.get(db);
  if (f === undefined) {
    f = prepareFast(raw);
    fastStatements.set(db, f);
  }
  return f;
}

/**
 * SQL of order placement: what the checkout reads and the new order's one transaction. The
 * customer's reads are reads-repository.ts, an order's later changes status-repository.ts.
 */
export const ordersRepository = {
  /**
   * The establishment's own row (hours and the rest are read separately, only when needed);
   * undefined, like an unknown id, while it awaits the platform's approval (aprovado = 0).
   */
  async findEstabelecimento(db: Db, id: number): Promise<EstabelecimentoCheckout | undefined> {
    const f = fast(db);
    if (f) return f.estabelecimento.get(id);
    return db
      .selectFrom('estabelecimento')
      .select(['id', 'lojaaberta', 'reabrir_em', 'pedidominimo', 'previsaoentregamin', 'previsaoentregamax'])
      .where('id', '=', id)
      .where('aprovado', '=', 1)
      .executeTakeFirst();
  },

  /** The logged-in customer's row (undefined for a deleted or unknown account). */
  async findClienteVivo(db: Db, id: number): Promise<ClienteVivo | undefined> {
    const f = fast(db);
    if (f) return f.cliente.get(id);
    return db
      .selectFrom('cliente')
      .select(['id', 'uuid', 'nomeourazaosocial'])
      .where('id', '=', id)
      .where('excluido_em', 'is', null)
      .executeTakeFirst();
  },

  async listAreas(db: Db, id: number): Promise<AreaRow[]> {
    const f = fast(db);
    if (f) return f.areas.all(id);
    return db
      .selectFrom('areaentrega')
      .select(['idareaentrega', 'center_lat', 'center_lng', 'raio', 'taxaentrega', 'valorminimo'])
      .where('idestabelecimento', '=', id)
      .execute();
  },

  listTaxas(db: Db, id: number) {
    return db
      .selectFrom('taxaentrega')
      .select(['id', 'bairro', 'cidade', 'uf', 'valor'])
      .where('idestabelecimento', '=', id)
      .execute();
  },

  listAbonos(db: Db, id: number) {
    return db
      .selectFrom('abonotaxaentrega')
      .innerJoin('taxaentrega', 'taxaentrega.id', 'abonotaxaentrega.idtaxaentrega')
      .select(['abonotaxaentrega.idtaxaentrega', 'abonotaxaentrega.valorminimo'])
      .where('taxaentrega.idestabelecimento', '=', id)
      .execute();
  },

  async findFormaPgto(
    db: Db,
    idestabelecimento: number,
    idformapgto: number,
  ): Promise<FormaPgtoRow | undefined> {
    const f = fast(db);
    if (f) return f.formaPgto.get(idestabelecimento, idformapgto);
    return db
      .selectFrom('formapgto')
      .select(['idformapgto', 'descricao', 'sttipopgto', 'na_entrega', 'online'])
      .where('idestabelecimento', '=', idestabelecimento)
      .where('idformapgto', '=', idformapgto)
      .executeTakeFirst();
  },

  /** One of the customer's saved addresses (undefined for another customer's). */
  async findEndereco(db: Db, idcliente: number, id: number): Promise<EnderecoRow | undefined> {
    const f = fast(db);
    if (f) return f.endereco.get(idcliente, id);
    return db
      .selectFrom('endereco')
      .select([
        'id',
        'cep',
        'rua',
        'numero',
        'bairro',
        'cidade',
        'uf',
        'complemento',
        'detalhe',
        'lat',
        'lng',
      ])
      .where('idcliente', '=', idcliente)
      .where('id', '=', id)
      .executeTakeFirst();
  },

  async pedidoIdExists(db: Db, pedidoId: string): Promise<boolean> {
    const f = fast(db);
    if (f) return f.pedidoId.get(pedidoId) !== undefined;
    const row = await db
      .selectFrom('pedido')
      .select('id')
      .where('pedido_id', '=', pedidoId)
      .executeTakeFirst();
    return row !== undefined;
  },

  /**
   * An order from another channel (issue 24): written only if no order of that channel and
   * establishment has its external id yet (the unique key 0030 makes this a conditional insert,
   * whichever instance gets there first), with its first history entry and its 'pedido.novo'
   * event in the same transaction. Answers the order's id and whether this call wrote it.
   */
  async gravarPedidoExterno(
    db: Db,
    pedido: Insertable<PedidoTable>,
    status: number,
  ): Promise<{ id: number; novo: boolean }> {
    const chave = (q: Db) =>
      q
        .selectFrom('pedido')
        .select('id')
        .where('idestabelecimento', '=', pedido.idestabelecimento)
        .where('canal', '=', pedido.canal!)
        .where('id_externo', '=', pedido.id_externo!)
        .executeTakeFirst();
    return db.transaction().execute(async (trx) => {
      const inserido = await trx
        .insertInto('pedido')
        .values(pedido)
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserido) {
        const existente = await chave(trx);
        return { id: existente!.id, novo: false };
      }
      await trx
        .insertInto('pedido_historico')
        .values({ idpedido: inserido.id, status, datahora: pedido.dthrpedido, motivo: null })
        .execute();
      await registrarEvento(trx, {
        idestabelecimento: pedido.idestabelecimento,
        idcliente: null,
        idpedido: inserido.id,
        tipo: EVENTO.pedidoNovo,
        dados: { status, canal: pedido.canal },
      });
      return { id: inserido.id, novo: true };
    });
  },

  /** An order of a channel by its external id (undefined when not imported). */
  async findExterno(
    db: Db,
    idestabelecimento: number,
    canal: string,
    idExterno: string,
  ): Promise<{ id: number; status: number } | undefined> {
    return db
      .selectFrom('pedido')
      .select(['id', 'status'])
      .where('idestabelecimento', '=', idestabelecimento)
      .where('canal', '=', canal as never)
      .where('id_externo', '=', idExterno)
      .executeTakeFirst();
  },

  /** The channel and external id of some orders (other modules act on their channel's orders). */
  async canais(
    db: Db,
    ids: readonly number[],
  ): Promise<
    { id: number; idestabelecimento: number; canal: string; id_externo: string | null; status: number }[]
  > {
    if (ids.length === 0) return [];
    return db
      .selectFrom('pedido')
      .select(['id', 'idestabelecimento', 'canal', 'id_externo', 'status'])
      .where('id', 'in', ids)
      .execute();
  },

  /**
   * Writes a new order, its first history entry and its coupon use in one transaction; answers
   * the order's id. A pedido_id already stored throws the database's unique violation.
   */
  async gravarPedido(db: Db, novo: NovoPedido): Promise<number> {
    // The live event 'pedido.novo' (modules/events) is written with the order, in its transaction.
    const eventos = eventosLigados();
    const dadosEvento = JSON.stringify({ status: novo.status });
    // An online payment's attempt is written with its order (the general path below).
    const f = novo.pagamento || novo.consentimento ? undefined : fast(db);
    if (f) {
      // With the orders placed in the same turn of the event loop: one commit (db/sqlite-lote.ts).
      return gravarEmLote(f.raw, () => {
        if (novo.cupom) novo.cupom.verificar(f.usos.get(novo.cupom.idcliente, novo.cupom.id)!);
        const id = Number(f.insertPedido.run(novo.pedido).lastInsertRowid);
        f.insertHistorico.run(id, novo.status, novo.datahora);
        if (novo.cupom)
          f.insertCupomUso.run(novo.cupom.id, novo.cupom.idcliente, novo.pedido.pedido_id, novo.datahora);
        if (eventos) {
          f.insertEvento.run(
            novo.pedido.idestabelecimento,
            novo.pedido.idcliente ?? null,
            id,
            EVENTO.pedidoNovo,
            dadosEvento,
            novo.datahora,
          );
        }
        return id;
      });
    }
    const simples = novo.cupom === null && !novo.pagamento && !novo.consentimento;
    if (simples && dialectOf(db) === 'postgres' && eventos) {
      // One statement is one transaction: the order, its first history entry and its event in one
      // round trip (each CTE sees the order's id through `novo`).
      const row = await db
        .with('novo', (q) =>
          q.insertInto('pedido').values(novo.pedido).returning(['id', 'idestabelecimento', 'idcliente']),
        )
        .with('historico', (q) =>
          q
            .insertInto('pedido_historico')
            .columns(['idpedido', 'status', 'datahora'])
            .expression((eb) =>
              eb
                .selectFrom('novo')
                .select((s) => [
                  'novo.id',
                  s.val(novo.status).as('status'),
                  s.val(novo.datahora).as('datahora'),
                ]),
            ),
        )
        .insertInto('evento')
        .columns(['idestabelecimento', 'idcliente', 'idpedido', 'tipo', 'dados', 'criado_em'])
        .expression((eb) =>
          eb
            .selectFrom('novo')
            .select((s) => [
              'novo.idestabelecimento',
              'novo.idcliente',
              'novo.id',
              s.val(EVENTO.pedidoNovo).as('tipo'),
              s.val(dadosEvento).as('dados'),
              s.val(novo.datahora).as('criado_em'),
            ]),
        )
        .returning('idpedido')
        .executeTakeFirstOrThrow();
      return row.idpedido!;
    }
    if (simples && dialectOf(db) === 'postgres') {
      // One statement is one transaction: the order and its first history entry in one round trip.
      const row = await db
        .with('novo', (q) => q.insertInto('pedido').values(novo.pedido).returning('id'))
        .insertInto('pedido_historico')
        .columns(['idpedido', 'status', 'datahora'])
        .expression((eb) =>
          eb
            .selectFrom('novo')
            .select((s) => ['novo.id', s.val(novo.status).as('status'), s.val(novo.datahora).as('datahora')]),
        )
        .returning('idpedido')
        .executeTakeFirstOrThrow();
      return row.idpedido;
    }
    return db.transaction().execute(async (trx) => {
      const cupom = novo.cupom;
      if (cupom) {
        // Locked until commit on PostgreSQL: two orders racing for a coupon's last use count in turn.
        if (dialectOf(db) === 'postgres') {
          await trx.selectFrom('cupom').select('id').where('id', '=', cupom.id).forUpdate().execute();
        }
        const usos = await trx
          .selectFrom('cupom_uso')
          .select((eb) => [
            eb.fn.countAll().as('total'),
            eb.fn.count(eb.case().when('idcliente', '=', cupom.idcliente).then(1).end()).as('cliente'),
          ])
          .where('idcupom', '=', cupom.id)
          .executeTakeFirstOrThrow();
        cupom.verificar({ total: Number(usos.total), cliente: Number(usos.cliente) });
      }
      const { id } = await trx
        .insertInto('pedido')
        .values(novo.pedido)
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('pedido_historico')
        .values({ idpedido: id, status: novo.status, datahora: novo.datahora, motivo: null })
        .execute();
      if (cupom) {
        await trx
          .insertInto('cupom_uso')
          .values({
            idcupom: cupom.id,
            idcliente: cupom.idcliente,
            pedido_id: novo.pedido.pedido_id,
            criado_em: novo.datahora,
          })
          .execute();
      }
      if (novo.pagamento) {
        await trx
          .insertInto('pagamento')
          .values({ ...novo.pagamento, idpedido: id })
          .execute();
      }
      await registrarEvento(trx, {
        idestabelecimento: novo.pedido.idestabelecimento,
        idcliente: novo.pedido.idcliente,
        idpedido: id,
        tipo: EVENTO.pedidoNovo,
        dados: { status: novo.status },
      });
      if (novo.consentimento) await novo.consentimento(trx);
      return id;
    });
  },
};
