import { STATUS_FINALIZADOS } from '@rango/domain';
import type { Db } from '../../../db/index.ts';
import type { WhatsappContaTable } from '../../../db/types.ts';
import type { Selectable } from 'kysely';

export type ContaRow = Selectable<WhatsappContaTable>;

/** The order of a message's statuses: an update never moves it back ('failed' always applies). */
const ORDEM: Record<string, number> = { accepted: 0, sent: 1, delivered: 2, read: 3, failed: 4 };

/** WhatsApp's SQL (tables of migration 0027, owner modules/notificacoes). */
export const whatsappRepository = {
  conta(db: Db, idestabelecimento: number): Promise<ContaRow | undefined> {
    return db
      .selectFrom('whatsapp_conta')
      .selectAll()
      .where('idestabelecimento', '=', idestabelecimento)
      .executeTakeFirst();
  },

  contaDoNumero(db: Db, phoneNumberId: string): Promise<ContaRow | undefined> {
    return db
      .selectFrom('whatsapp_conta')
      .selectAll()
      .where('phone_number_id', '=', phoneNumberId)
      .executeTakeFirst();
  },

  contaDoVerifyToken(db: Db, token: string): Promise<ContaRow | undefined> {
    return db.selectFrom('whatsapp_conta').selectAll().where('verify_token', '=', token).executeTakeFirst();
  },

  async gravarConta(
    db: Db,
    c: Pick<ContaRow, 'idestabelecimento' | 'phone_number_id' | 'waba_id' | 'verify_token' | 'atualizado_em'>,
  ): Promise<void> {
    await db
      .insertInto('whatsapp_conta')
      .values({ ...c, estado: 'conectada', erro: null, desligados: '[]' })
      .onConflict((oc) =>
        oc.column('idestabelecimento').doUpdateSet({
          phone_number_id: c.phone_number_id,
          waba_id: c.waba_id,
          estado: 'conectada',
          erro: null,
          atualizado_em: c.atualizado_em,
        }),
      )
      .execute();
  },

  async apagarConta(db: Db, idestabelecimento: number): Promise<void> {
    await db.deleteFrom('whatsapp_conta').where('idestabelecimento', '=', idestabelecimento).execute();
  },

  async marcarErro(db: Db, idestabelecimento: number, erro: string, agora: string): Promise<void> {
    await db
      .updateTable('whatsapp_conta')
      .set({ estado: 'erro', erro, atualizado_em: agora })
      .where('idestabelecimento', '=', idestabelecimento)
      .execute();
  },

  async desligados(db: Db, idestabelecimento: number, desligados: string[], agora: string): Promise<void> {
    await db
      .updateTable('whatsapp_conta')
      .set({ desligados: JSON.stringify(desligados), atualizado_em: agora })
      .where('idestabelecimento', '=', idestabelecimento)
      .execute();
  },

  /** The WhatsApp number the customer chose (active consent), E.164. */
  async telefoneDoCliente(db: Db, idcliente: number): Promise<string | undefined> {
    const r = await db
      .selectFrom('notificacao_consentimento')
      .select('telefone')
      .where('idcliente', '=', idcliente)
      .where('canal', '=', 'whatsapp')
      .where('ativo', '=', 1)
      .executeTakeFirst();
    return r?.telefone ?? undefined;
  },

  async gravarTelefone(db: Db, idcliente: number, e164: string): Promise<void> {
    await db
      .updateTable('notificacao_consentimento')
      .set({ telefone: e164 })
      .where('idcliente', '=', idcliente)
      .where('canal', '=', 'whatsapp')
      .execute();
  },

  /** The customers who chose WhatsApp on this number (revoked ones too). */
  async clientesDoTelefone(db: Db, e164: string): Promise<number[]> {
    const rows = await db
      .selectFrom('notificacao_consentimento')
      .select('idcliente')
      .where('canal', '=', 'whatsapp')
      .where('telefone', '=', e164)
      .execute();
    return rows.map((r) => r.idcliente);
  },

  /** 'PARAR': the number's WhatsApp consent is revoked at once. Answers how many were active. */
  async revogar(db: Db, e164: string, agora: string): Promise<number> {
    const r = await db
      .updateTable('notificacao_consentimento')
      .set({ ativo: 0, origem: 'whatsapp', atualizado_em: agora })
      .where('canal', '=', 'whatsapp')
      .where('telefone', '=', e164)
      .where('ativo', '=', 1)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  },

  async registrarMensagem(
    db: Db,
    m: {
      idestabelecimento: number;
      idnotificacao: number | null;
      wamid: string;
      para: string;
      modelo: string;
      categoria: string;
      agora: string;
    },
  ): Promise<void> {
    await db
      .insertInto('whatsapp_mensagem')
      .values({
        idestabelecimento: m.idestabelecimento,
        idnotificacao: m.idnotificacao,
        wamid: m.wamid,
        para: m.para,
        modelo: m.modelo,
        categoria: m.categoria,
        status: 'accepted',
        erro: null,
        criado_em: m.agora,
        atualizado_em: m.agora,
      })
      .onConflict((oc) => oc.column('wamid').doNothing())
      .execute();
  },

  /**
   * A status update for a message of this establishment: applied once per (message, status); a
   * replay or another establishment's message changes nothing. True when it was applied.
   */
  async aplicarStatus(
    db: Db,
    idestabelecimento: number,
    u: { wamid: string; status: string; erro: string | null; agora: string },
  ): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const m = await trx
        .selectFrom('whatsapp_mensagem')
        .select(['id', 'status', 'idnotificacao'])
        .where('wamid', '=', u.wamid)
        .where('idestabelecimento', '=', idestabelecimento)
        .executeTakeFirst();
      if (!m) return false;
      const novo = await trx
        .insertInto('whatsapp_status')
        .values({ wamid: u.wamid, status: u.status, recebido_em: u.agora })
        .onConflict((oc) => oc.columns(['wamid', 'status']).doNothing())
        .executeTakeFirst();
      if (Number(novo.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
      const antes = ORDEM[m.status] ?? 0;
      const depois = ORDEM[u.status] ?? 0;
      if (depois <= antes && u.status !== 'failed') return true;
      await trx
        .updateTable('whatsapp_mensagem')
        .set({ status: u.status, erro: u.erro, atualizado_em: u.agora })
        .where('id', '=', m.id)
        .execute();
      // Failed after the provider accepted it (undeliverable, re-engagement…): the outbox's
      // message says so too, so its delivery state is not left at 'enviada'.
      if (u.status === 'failed' && m.idnotificacao !== null)
        await trx
          .updateTable('notificacao')
          .set({ estado: 'falhou', status_provedor: `webhook: ${u.erro ?? 'failed'}`.slice(0, 200) })
          .where('id', '=', m.idnotificacao)
          .where('canal', '=', 'whatsapp')
          .execute();
      return true;
    });
  },

  /** An inbound message, once (its provider id is unique); true when new. */
  async registrarEntrada(
    db: Db,
    e: {
      idestabelecimento: number;
      wamid: string;
      de: string;
      idcliente: number | null;
      texto: string;
      recebido_em: string;
      lida: boolean;
    },
  ): Promise<boolean> {
    const r = await db
      .insertInto('whatsapp_entrada')
      .values({ ...e, lida: e.lida ? 1 : 0 })
      .onConflict((oc) => oc.column('wamid').doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;
  },

  /** The latest inbound message from this number on this establishment's number (the 24 h window). */
  async ultimaEntrada(db: Db, idestabelecimento: number, de: string): Promise<string | undefined> {
    const r = await db
      .selectFrom('whatsapp_entrada')
      .select('recebido_em')
      .where('idestabelecimento', '=', idestabelecimento)
      .where('de', '=', de)
      .orderBy('recebido_em', 'desc')
      .limit(1)
      .executeTakeFirst();
    return r?.recebido_em;
  },

  /** Automatic replies ('resposta') to this number since `desde`. */
  async respostasDesde(db: Db, idestabelecimento: number, para: string, desde: string): Promise<number> {
    const r = await db
      .selectFrom('whatsapp_mensagem')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('idestabelecimento', '=', idestabelecimento)
      .where('para', '=', para)
      .where('modelo', '=', 'resposta')
      .where('criado_em', '>=', desde)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  },

  /** Account erasure: what was received from the customer's phone and sent to it goes. */
  async apagarDoCliente(db: Db, idcliente: number): Promise<void> {
    await db.deleteFrom('whatsapp_entrada').where('idcliente', '=', idcliente).execute();
    await db
      .deleteFrom('whatsapp_mensagem')
      .where(
        'idnotificacao',
        'in',
        db.selectFrom('notificacao').select('id').where('idcliente', '=', idcliente),
      )
      .execute();
  },

  /** 'Baixar meus dados': the messages received from the customer's phone, by their id. */
  entradasDoCliente(db: Db, idcliente: number) {
    return db
      .selectFrom('whatsapp_entrada')
      .select(['idestabelecimento', 'de', 'texto', 'recebido_em'])
      .where('idcliente', '=', idcliente)
      .orderBy('id')
      .execute();
  },

  async entradasNaoLidas(db: Db, idestabelecimento: number) {
    return db
      .selectFrom('whatsapp_entrada')
      .select(['id', 'de', 'idcliente', 'texto', 'recebido_em'])
      .where('idestabelecimento', '=', idestabelecimento)
      .where('lida', '=', 0)
      .orderBy('recebido_em', 'desc')
      .limit(100)
      .execute();
  },

  async marcarLida(db: Db, idestabelecimento: number, id: number): Promise<boolean> {
    const r = await db
      .updateTable('whatsapp_entrada')
      .set({ lida: 1 })
      .where('id', '=', id)
      .where('idestabelecimento', '=', idestabelecimento)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  /** The customer's open order at this establishment, newest first. */
  async pedidoAberto(db: Db, idestabelecimento: number, idclientes: readonly number[]) {
    if (idclientes.length === 0) return undefined;
    return db
      .selectFrom('pedido')
      .select(['id', 'referencia', 'status', 'tipo', 'previsao_em'])
      .where('idestabelecimento', '=', idestabelecimento)
      .where('idcliente', 'in', idclientes)
      .where('status', 'not in', STATUS_FINALIZADOS)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  },

  /** The order's items as one short line. */
  async itens(db: Db, idpedido: number): Promise<string | undefined> {
    const p = await db
      .selectFrom('pedido')
      .select('pedido_json')
      .where('id', '=', idpedido)
      .executeTakeFirst();
    if (!p) return undefined;
    try {
      const j = JSON.parse(p.pedido_json) as { itens?: { descricao?: unknown; quantidade?: unknown }[] };
      const partes = (j.itens ?? [])
        .filter((i) => typeof i.descricao === 'string')
        .map((i) => `${typeof i.quantidade === 'number' ? i.quantidade : 1}x ${String(i.descricao)}`);
      return partes.length ? partes.join(', ') : undefined;
    } catch {
      return undefined;
    }
  },

  /** The order's PIX waiting for payment: its copy-paste code and expiry. */
  async pixPendente(db: Db, idpedido: number) {
    return db
      .selectFrom('pagamento')
      .select(['qrcode', 'expira_em', 'estado'])
      .where('idpedido', '=', idpedido)
      .where('tipo', '=', 'pix')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  },

  /** The month's messages of the establishment per channel (the outbox) and WhatsApp's per category. */
  async doMes(db: Db, idestabelecimento: number, desde: string, ate: string) {
    const canais = await db
      .selectFrom('notificacao')
      .select(['canal', 'estado', (eb) => eb.fn.countAll<number>().as('n')])
      .where('idestabelecimento', '=', idestabelecimento)
      .where('criado_em', '>=', desde)
      .where('criado_em', '<', ate)
      .groupBy(['canal', 'estado'])
      .execute();
    const categorias = await db
      .selectFrom('whatsapp_mensagem')
      .select(['categoria', (eb) => eb.fn.countAll<number>().as('n')])
      .where('idestabelecimento', '=', idestabelecimento)
      .where('criado_em', '>=', desde)
      .where('criado_em', '<', ate)
      .where('status', '!=', 'failed')
      .groupBy('categoria')
      .execute();
    return {
      canais: canais.map((c) => ({ canal: c.canal, estado: c.estado, n: Number(c.n) })),
      categorias: categorias.map((c) => ({ categoria: c.categoria, n: Number(c.n) })),
    };
  },
};
