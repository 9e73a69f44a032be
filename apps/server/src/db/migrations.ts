import { Migrator, sql } from 'kysely';
import type {
  ColumnDefinitionBuilder,
  DatabaseIntrospector,
  Kysely,
  Migration,
  MigrationProvider,
} from 'kysely';
import { dialectOf } from './index.ts';
import type { Db } from './index.ts';

/**
 * Every migration, in code (no file globbing: works the same from tsx, a bundle or a test).
 * Names sort in the order they run. A migration is never edited once committed; add a new one.
 */
type Builder = (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

/** An integer primary key that still accepts the seed's explicit ids on both dialects. */
function idColumn<T>(db: Kysely<T>): Builder {
  return dialectOf(db) === 'postgres'
    ? (col) => col.primaryKey().generatedByDefaultAsIdentity()
    : (col) => col.primaryKey(); // SQLite: INTEGER PRIMARY KEY is the rowid, auto-assigned when omitted.
}

const notNull: Builder = (col) => col.notNull();
const cascade =
  (ref: string): Builder =>
  (col) =>
    col.notNull().references(ref).onDelete('cascade');

const catalogo: Migration = {
  async up(db) {
    const id = idColumn(db);
    await db.schema
      .createTable('estabelecimento')
      .addColumn('id', 'integer', id)
      .addColumn('idpessoa', 'integer', notNull)
      .addColumn('apelidooufantasia', 'text', notNull)
      .addColumn('nomeourazaosocial', 'text', notNull)
      .addColumn('logo', 'text')
      .addColumn('logopessoa', 'text')
      .addColumn('imgpessoa', 'text')
      .addColumn('rua', 'text', notNull)
      .addColumn('numero', 'text', notNull)
      .addColumn('bairro', 'text', notNull)
      .addColumn('complemento', 'text')
      .addColumn('cep', 'text', notNull)
      .addColumn('cidade', 'text', notNull)
      .addColumn('uf_descricao', 'text', notNull)
      .addColumn('uf_sigla', 'varchar(2)', notNull)
      .addColumn('lojaaberta', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('previsaoentregamin', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('previsaoentregamax', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('pedidominimo', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('menu_versao', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();

    await db.schema
      .createTable('fone')
      .addColumn('id', 'integer', id)
      .addColumn('idestabelecimento', 'integer', cascade('estabelecimento.id'))
      .addColumn('numero', 'text', notNull)
      .addColumn('ordem', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('fone_estabelecimento_idx').on('fone').column('idestabelecimento').execute();

    await db.schema
      .createTable('horariofuncionamento')
      .addColumn('id', 'integer', id)
      .addColumn('idestabelecimento', 'integer', cascade('estabelecimento.id'))
      .addColumn('diadasemana', 'integer', (c) => c.notNull().check(sql`diadasemana between 0 and 6`))
      .addColumn('abertura', 'varchar(8)', notNull)
      .addColumn('fechamento', 'varchar(8)', notNull)
      .execute();
    await db.schema
      .createIndex('horariofuncionamento_estabelecimento_idx')
      .on('horariofuncionamento')
      .column('idestabelecimento')
      .execute();

    await db.schema
      .createTable('areaentrega')
      .addColumn('idareaentrega', 'integer', id)
      .addColumn('idestabelecimento', 'integer', cascade('estabelecimento.id'))
      .addColumn('center_lat', 'double precision', notNull)
      .addColumn('center_lng', 'double precision', notNull)
      .addColumn('raio', 'double precision', notNull)
      .addColumn('taxaentrega', 'integer')
      .addColumn('valorminimo', 'integer')
      .execute();
    await db.schema
      .createIndex('areaentrega_estabelecimento_idx')
      .on('areaentrega')
      .column('idestabelecimento')
      .execute();

    await db.schema
      .createTable('taxaentrega')
      .addColumn('id', 'integer', id)
      .addColumn('idestabelecimento', 'integer', cascade('estabelecimento.id'))
      .addColumn('bairro', 'text', notNull)
      .addColumn('cidade', 'text', notNull)
      .addColumn('uf', 'varchar(2)', notNull)
      .addColumn('valor', 'integer', notNull)
      .execute();
    await db.schema
      .createIndex('taxaentrega_estabelecimento_idx')
      .on('taxaentrega')
      .column('idestabelecimento')
      .execute();

    await db.schema
      .createTable('abonotaxaentrega')
      .addColumn('id', 'integer', id)
      .addColumn('idtaxaentrega', 'integer', cascade('taxaentrega.id'))
      .addColumn('valorminimo', 'integer', notNull)
      .execute();
    await db.schema
      .createIndex('abonotaxaentrega_taxaentrega_idx')
      .on('abonotaxaentrega')
      .column('idtaxaentrega')
      .execute();

    await db.schema
      .createTable('formapgto')
      .addColumn('idformapgto', 'integer', id)
      .addColumn('idestabelecimento', 'integer', cascade('estabelecimento.id'))
      .addColumn('descricao', 'text', notNull)
      .addColumn('sttipopgto', 'integer', notNull)
      .execute();
    await db.schema
      .createIndex('formapgto_estabelecimento_idx')
      .on('formapgto')
      .column('idestabelecimento')
      .execute();

    await db.schema
      .createTable('grupomenu')
      .addColumn('idgrupo', 'integer', id)
      .addColumn('idestabelecimento', 'integer', cascade('estabelecimento.id'))
      .addColumn('descricao', 'text', notNull)
      .addColumn('ordem', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('grupomenu_estabelecimento_idx')
      .on('grupomenu')
      .columns(['idestabelecimento', 'ordem'])
      .execute();

    await db.schema
      .createTable('produto')
      .addColumn('idproduto', 'integer', id)
      .addColumn('idgrupo', 'integer', cascade('grupomenu.idgrupo'))
      .addColumn('idestabelecimento', 'integer', cascade('estabelecimento.id'))
      .addColumn('descricao', 'text', notNull)
      .addColumn('detalhe', 'text')
      .addColumn('imagem', 'text')
      .addColumn('preco', 'integer', notNull)
      .addColumn('precooferta', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('stindisponivel', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('quantidade', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('observacoes', 'text')
      .addColumn('ordem', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('produto_grupo_idx').on('produto').columns(['idgrupo', 'ordem']).execute();
    await db.schema
      .createIndex('produto_estabelecimento_idx')
      .on('produto')
      .column('idestabelecimento')
      .execute();

    await db.schema
      .createTable('grupoopcao')
      .addColumn('idgrupoopcao', 'integer', id)
      .addColumn('descricao', 'text', notNull)
      .addColumn('multiplo', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('qtdinclusa', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('qtdmultiplomin', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('qtdmultiplomax', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('stprecopraticado', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('stnegagrupoopcao', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('stindisponivel', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('produto_grupoopcao')
      .addColumn('idproduto', 'integer', cascade('produto.idproduto'))
      .addColumn('idgrupoopcao', 'integer', cascade('grupoopcao.idgrupoopcao'))
      .addColumn('ordem', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('produto_grupoopcao_pk', ['idproduto', 'idgrupoopcao'])
      .execute();
    await db.schema
      .createIndex('produto_grupoopcao_grupo_idx')
      .on('produto_grupoopcao')
      .column('idgrupoopcao')
      .execute();

    await db.schema
      .createTable('opcao')
      .addColumn('idopcao', 'integer', id)
      .addColumn('idgrupoopcao', 'integer', cascade('grupoopcao.idgrupoopcao'))
      .addColumn('descricao', 'text', notNull)
      .addColumn('detalhe', 'text')
      .addColumn('quantidade', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('qtdpadrao', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('qtdmax', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('preco', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('precooferta', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('stindisponivel', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('valorafetatudo', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('valorafetaopcao', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('valorafetaproduto', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('stpercentualafetaopcao', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('stpercentualafetaproduto', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('ordem', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('opcao_grupo_idx').on('opcao').columns(['idgrupoopcao', 'ordem']).execute();
  },
  async down(db) {
    for (const t of [
      'opcao',
      'produto_grupoopcao',
      'grupoopcao',
      'produto',
      'grupomenu',
      'formapgto',
      'abonotaxaentrega',
      'taxaentrega',
      'areaentrega',
      'horariofuncionamento',
      'fone',
      'estabelecimento',
    ]) {
      await db.schema.dropTable(t).ifExists().execute();
    }
  },
};

/**
 * Customers and everything personal hangs off `cliente` with ON DELETE CASCADE, so erasing an
 * account is deleting its tokens, addresses and social links plus blanking the cliente row
 * (kept, without personal data, for the orders of later issues). Times are ISO-8601 UTC text
 * ('2026-11-22T17:00:00.000Z'): they sort as text on both dialects.
 */
const contas: Migration = {
  async up(db) {
    const id = idColumn(db);
    await db.schema
      .createTable('cliente')
      .addColumn('id', 'integer', id)
      .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
      .addColumn('nomeourazaosocial', 'text', notNull)
      // Lower-cased; null once the account is deleted, so the address can register again.
      .addColumn('email', 'text')
      .addColumn('telefone', 'text')
      .addColumn('cnpjoucpf', 'text')
      // argon2id PHC string; null for an account created by social login only.
      .addColumn('senha_hash', 'text')
      .addColumn('confirmado', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('criado_em', 'text', notNull)
      .addColumn('excluido_em', 'text')
      .execute();
    await db.schema.createIndex('cliente_email_uq').on('cliente').column('email').unique().execute();

    await db.schema
      .createTable('cliente_token')
      .addColumn('id', 'integer', id)
      .addColumn('idcliente', 'integer', cascade('cliente.id'))
      /** 'confirmacao' | 'reset' */
      .addColumn('tipo', 'varchar(16)', notNull)
      // SHA-256 of the link's token; the token itself is only in the e-mail.
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('expira_em', 'text', notNull)
      .addColumn('usado_em', 'text')
      .addColumn('criado_em', 'text', notNull)
      .execute();
    await db.schema
      .createIndex('cliente_token_cliente_idx')
      .on('cliente_token')
      .column('idcliente')
      .execute();

    await db.schema
      .createTable('refresh_token')
      .addColumn('id', 'integer', id)
      .addColumn('idcliente', 'integer', cascade('cliente.id'))
      // Every token rotated from one login shares its family; reuse revokes the family.
      .addColumn('familia', 'varchar(36)', notNull)
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('expira_em', 'text', notNull)
      .addColumn('usado_em', 'text')
      .addColumn('revogado', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('criado_em', 'text', notNull)
      .execute();
    await db.schema
      .createIndex('refresh_token_cliente_idx')
      .on('refresh_token')
      .column('idcliente')
      .execute();
    await db.schema.createIndex('refresh_token_familia_idx').on('refresh_token').column('familia').execute();

    await db.schema
      .createTable('cliente_social')
      .addColumn('id', 'integer', id)
      .addColumn('idcliente', 'integer', cascade('cliente.id'))
      /** 'google-oauth2' | 'facebook' */
      .addColumn('provedor', 'varchar(32)', notNull)
      .addColumn('sujeito', 'text', notNull)
      .addColumn('criado_em', 'text', notNull)
      .addUniqueConstraint('cliente_social_uq', ['provedor', 'sujeito'])
      .execute();
    await db.schema
      .createIndex('cliente_social_cliente_idx')
      .on('cliente_social')
      .column('idcliente')
      .execute();

    await db.schema
      .createTable('endereco')
      .addColumn('id', 'integer', id)
      .addColumn('idcliente', 'integer', cascade('cliente.id'))
      .addColumn('idtipoendereco', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('cep', 'varchar(9)', notNull)
      .addColumn('rua', 'text', notNull)
      .addColumn('numero', 'text', notNull)
      .addColumn('bairro', 'text', notNull)
      .addColumn('cidade', 'text', notNull)
      .addColumn('uf', 'varchar(2)', notNull)
      .addColumn('complemento', 'text')
      .addColumn('detalhe', 'text')
      .addColumn('lat', 'double precision')
      .addColumn('lng', 'double precision')
      .addColumn('criado_em', 'text', notNull)
      .execute();
    await db.schema.createIndex('endereco_cliente_idx').on('endereco').column('idcliente').execute();

    // The embedded mail adapter's outbox (and the SMTP adapter's record of what it sent).
    await db.schema
      .createTable('mail_outbox')
      .addColumn('id', 'integer', id)
      .addColumn('para', 'text', notNull)
      .addColumn('assunto', 'text', notNull)
      .addColumn('texto', 'text', notNull)
      .addColumn('html', 'text', notNull)
      .addColumn('link', 'text')
      .addColumn('criado_em', 'text', notNull)
      .addColumn('enviado_em', 'text')
      .execute();
    await db.schema.createIndex('mail_outbox_para_idx').on('mail_outbox').column('para').execute();

    // Fixed-window counters shared by every API instance (no per-process memory).
    await db.schema
      .createTable('rate_limit')
      .addColumn('chave', 'varchar(200)', notNull)
      .addColumn('janela', 'integer', notNull)
      .addColumn('contagem', 'integer', notNull)
      .addPrimaryKeyConstraint('rate_limit_pk', ['chave', 'janela'])
      .execute();

    // Server-side settings the app creates itself (the JWT secret when JWT_SECRET is unset).
    await db.schema
      .createTable('configuracao')
      .addColumn('chave', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('valor', 'text', notNull)
      .execute();
  },
  async down(db) {
    for (const t of [
      'configuracao',
      'rate_limit',
      'mail_outbox',
      'endereco',
      'cliente_social',
      'refresh_token',
      'cliente_token',
      'cliente',
    ]) {
      await db.schema.dropTable(t).ifExists().execute();
    }
  },
};

/**
 * A sign-up's password travels with its own confirmation token: confirming applies that token's
 * hash, so a later sign-up with the same unconfirmed e-mail cannot swap in its password (null on
 * reset tokens and on confirmation tokens issued before this migration).
 */
const senhaNoToken: Migration = {
  async up(db) {
    await db.schema.alterTable('cliente_token').addColumn('senha_hash', 'text').execute();
  },
  async down(db) {
    await db.schema.alterTable('cliente_token').dropColumn('senha_hash').execute();
  },
};

/**
 * Facebook's data deletion callback answers a confirmation code that the page
 * /fb_confirmar_remocao can check. Only the code, the provider and when: no user id, nothing
 * personal (the removed link itself is gone).
 */
const remocaoSocial: Migration = {
  async up(db) {
    await db.schema
      .createTable('remocao_social')
      .addColumn('codigo', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('provedor', 'varchar(32)', notNull)
      .addColumn('criado_em', 'text', notNull)
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('remocao_social').ifExists().execute();
  },
};

/**
 * Coupons (issue 4): one establishment's codes, stored upper-case and unique per establishment,
 * and their uses (one per order, inserted with the order), which the usage limits count.
 */
const cupons: Migration = {
  async up(db) {
    const id = idColumn(db);
    await db.schema
      .createTable('cupom')
      .addColumn('id', 'integer', id)
      .addColumn('idestabelecimento', 'integer', cascade('estabelecimento.id'))
      .addColumn('codigo', 'varchar(32)', notNull)
      .addColumn('ehpercentual', 'integer', notNull)
      // The percentage, or cents when fixed.
      .addColumn('desconto', 'double precision', notNull)
      .addColumn('limitedesconto', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('subtotalminimo', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('valido_de', 'text')
      .addColumn('valido_ate', 'text')
      .addColumn('limite_total', 'integer')
      .addColumn('limite_por_cliente', 'integer')
      .addColumn('ativo', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('criado_em', 'text', notNull)
      .execute();
    await db.schema
      .createIndex('cupom_estabelecimento_codigo_uq')
      .on('cupom')
      .columns(['idestabelecimento', 'codigo'])
      .unique()
      .execute();
    await db.schema
      .createTable('cupom_uso')
      .addColumn('id', 'integer', id)
      .addColumn('idcupom', 'integer', cascade('cupom.id'))
      // A deleted customer's uses still count against the coupon's total.
      .addColumn('idcliente', 'integer', (c) => c.references('cliente.id').onDelete('set null'))
      .addColumn('pedido_id', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('criado_em', 'text', notNull)
      .execute();
    await db.schema
      .createIndex('cupom_uso_cupom_cliente_idx')
      .on('cupom_uso')
      .columns(['idcupom', 'idcliente'])
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('cupom_uso').ifExists().execute();
    await db.schema.dropTable('cupom').ifExists().execute();
  },
};

/**
 * Orders (issue 4): one row per order, unique by the app's pedido_id (a repeated submission
 * finds it), the order as checked in `pedido_json`, the current status kept beside the
 * append-only history for the lists, and the restaurant's operator keys (stored as SHA-256).
 */
const pedidos: Migration = {
  async up(db) {
    const id = idColumn(db);
    await db.schema
      .createTable('pedido')
      .addColumn('id', 'integer', id)
      .addColumn('pedido_id', 'varchar(64)', (c) => c.notNull().unique())
      // A deleted customer's orders stay for the restaurant's books, without the customer.
      .addColumn('idcliente', 'integer', (c) => c.references('cliente.id').onDelete('set null'))
      .addColumn('idestabelecimento', 'integer', cascade('estabelecimento.id'))
      .addColumn('referencia', 'varchar(16)', notNull)
      .addColumn('tipo', 'varchar(16)', notNull)
      .addColumn('status', 'integer', notNull)
      .addColumn('subtotal', 'integer', notNull)
      .addColumn('taxa_entrega', 'integer')
      .addColumn('desconto', 'integer', notNull)
      .addColumn('total', 'integer', notNull)
      .addColumn('codigo_cupom', 'varchar(32)')
      .addColumn('entregue_as', 'text')
      .addColumn('pedido_json', 'text', notNull)
      .addColumn('dthrpedido', 'text', notNull)
      .addColumn('atualizado_em', 'text', notNull)
      .execute();
    await db.schema
      .createIndex('pedido_cliente_status_idx')
      .on('pedido')
      .columns(['idcliente', 'status', 'id'])
      .execute();
    await db.schema
      .createIndex('pedido_estabelecimento_status_idx')
      .on('pedido')
      .columns(['idestabelecimento', 'status', 'id'])
      .execute();
    await db.schema
      .createTable('pedido_historico')
      .addColumn('id', 'integer', id)
      .addColumn('idpedido', 'integer', cascade('pedido.id'))
      .addColumn('status', 'integer', notNull)
      .addColumn('datahora', 'text', notNull)
      .addColumn('motivo', 'varchar(200)')
      .execute();
    await db.schema
      .createIndex('pedido_historico_pedido_idx')
      .on('pedido_historico')
      .column('idpedido')
      .execute();
    await db.schema
      .createTable('operador_token')
      .addColumn('id', 'integer', id)
      .addColumn('idestabelecimento', 'integer', cascade('estabelecimento.id'))
      .addColumn('nome', 'varchar(100)', notNull)
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('criado_em', 'text', notNull)
      .addColumn('revogado_em', 'text')
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('operador_token').ifExists().execute();
    await db.schema.dropTable('pedido_historico').ifExists().execute();
    await db.schema.dropTable('pedido').ifExists().execute();
  },
};

/**
 * Issue 5: online payments. `cartao` keeps only what the spec lets us keep of a saved card (the
 * gateway's token, brand, holder, holder's CPF/CNPJ, `************` + last 4). `pagamento` is one
 * attempt to charge an order (our idempotency key `chave`, the gateway's answer, the PIX code or
 * the debit authentication URL); it survives the removal of a refused order (idpedido set null).
 * The `sandbox_*` tables are the embedded gateway's own records (the sandbox is the gateway: in
 * production they stay empty). None of them has a column for a card number or a CVV.
 */
const pagamentos: Migration = {
  async up(db) {
    const id = idColumn(db);
    await db.schema
      .createTable('cartao')
      .addColumn('id', 'integer', id)
      .addColumn('idcliente', 'integer', cascade('cliente.id'))
      .addColumn('token', 'varchar(200)', notNull)
      .addColumn('bandeira', 'varchar(20)', notNull)
      .addColumn('numero', 'varchar(20)', notNull)
      .addColumn('titular', 'varchar(100)', notNull)
      .addColumn('cnpjoucpf', 'varchar(14)', notNull)
      .addColumn('datahora', 'text', notNull)
      .addUniqueConstraint('cartao_cliente_token_uq', ['idcliente', 'token'])
      .execute();
    await db.schema.createIndex('cartao_token_idx').on('cartao').column('token').execute();
    await db.schema
      .createTable('pagamento')
      .addColumn('id', 'integer', id)
      .addColumn('idpedido', 'integer', (c) => c.references('pedido.id').onDelete('set null'))
      .addColumn('pedido_id', 'varchar(64)', notNull)
      .addColumn('idcliente', 'integer', (c) => c.references('cliente.id').onDelete('set null'))
      .addColumn('chave', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('gateway', 'varchar(10)', notNull)
      .addColumn('tipo', 'varchar(10)', notNull)
      .addColumn('valor', 'integer', notNull)
      .addColumn('estado', 'varchar(20)', notNull)
      .addColumn('payment_id', 'varchar(100)')
      .addColumn('return_code', 'varchar(20)')
      .addColumn('return_message', 'varchar(200)')
      .addColumn('url', 'text')
      .addColumn('qrcode', 'text')
      .addColumn('imagem_qrcode', 'text')
      .addColumn('expira_em', 'text')
      .addColumn('cartao_token', 'varchar(200)')
      .addColumn('cartao_bandeira', 'varchar(20)')
      .addColumn('cartao_numero', 'varchar(20)')
      .addColumn('cartao_titular', 'varchar(100)')
      .addColumn('cartao_cnpjoucpf', 'varchar(14)')
      .addColumn('salvar_cartao', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('criado_em', 'text', notNull)
      .addColumn('atualizado_em', 'text', notNull)
      .addColumn('consultado_em', 'text')
      .execute();
    await db.schema.createIndex('pagamento_pedido_idx').on('pagamento').column('idpedido').execute();
    await db.schema.createIndex('pagamento_payment_idx').on('pagamento').column('payment_id').execute();
    await db.schema.createIndex('pagamento_estado_idx').on('pagamento').column('estado').execute();
    await db.schema
      .createTable('sandbox_cartao')
      .addColumn('token', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('bandeira', 'varchar(20)', notNull)
      .addColumn('final', 'varchar(4)', notNull)
      .addColumn('titular', 'varchar(100)', notNull)
      .addColumn('expiracao', 'varchar(7)', notNull)
      .addColumn('criado_em', 'text', notNull)
      .execute();
    await db.schema
      .createTable('sandbox_pagamento')
      .addColumn('payment_id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('chave', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('tipo', 'varchar(10)', notNull)
      .addColumn('valor', 'integer', notNull)
      .addColumn('status', 'integer', notNull)
      .addColumn('return_code', 'varchar(20)')
      .addColumn('return_message', 'varchar(200)')
      .addColumn('bandeira', 'varchar(20)')
      .addColumn('final', 'varchar(4)')
      .addColumn('txid', 'varchar(35)')
      .addColumn('brcode', 'text')
      .addColumn('expira_em', 'text')
      .addColumn('return_url', 'text')
      .addColumn('criado_em', 'text', notNull)
      .addColumn('atualizado_em', 'text', notNull)
      .execute();
    await db.schema
      .createTable('sandbox_3ds')
      .addColumn('referenceid', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('final', 'varchar(4)', notNull)
      .addColumn('valor', 'integer', notNull)
      .addColumn('resultado', 'varchar(20)', notNull)
      .addColumn('estado', 'varchar(20)', notNull)
      .addColumn('cavv', 'varchar(100)')
      .addColumn('usado_em', 'text')
      .addColumn('criado_em', 'text', notNull)
      .execute();
  },
  async down(db) {
    for (const t of ['sandbox_3ds', 'sandbox_pagamento', 'sandbox_cartao', 'pagamento', 'cartao']) {
      await db.schema.dropTable(t).ifExists().execute();
    }
  },
};

/**
 * Issue 11: the restaurant's panel. Staff (`funcionario`) are not customers: their own accounts,
 * refresh tokens and one-time links (invitation, password reset), and a role per establishment
 * (`funcionario_papel`: 'dono' | 'atendente'). `evento` is the outbox of live events: written in
 * the same transaction as the change it reports; its id is the stream's event id. On PostgreSQL
 * `txid` (the writing transaction's id) orders delivery by commit visibility (see
 * modules/events); on SQLite one writer at a time makes the id order the commit order.
 * The order keeps the estimate given on acceptance (`previsao_em`); the establishment its
 * automatic reopening time (`reabrir_em`) and the panel's settings (`painel_config`, JSON).
 */
const painel: Migration = {
  async up(db) {
    const id = idColumn(db);
    const postgres = dialectOf(db) === 'postgres';
    await db.schema
      .createTable('funcionario')
      .addColumn('id', 'integer', id)
      // Lower-cased; unique.
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('nome', 'text', notNull)
      // argon2id PHC string; null until the invitation link sets it.
      .addColumn('senha_hash', 'text')
      .addColumn('criado_em', 'text', notNull)
      .addColumn('excluido_em', 'text')
      .execute();
    await db.schema
      .createTable('funcionario_papel')
      .addColumn('idfuncionario', 'integer', cascade('funcionario.id'))
      .addColumn('idestabelecimento', 'integer', cascade('estabelecimento.id'))
      .addColumn('papel', 'varchar(16)', notNull)
      .addColumn('criado_em', 'text', notNull)
      .addPrimaryKeyConstraint('funcionario_papel_pk', ['idfuncionario', 'idestabelecimento'])
      .execute();
    await db.schema
      .createIndex('funcionario_papel_estabelecimento_idx')
      .on('funcionario_papel')
      .column('idestabelecimento')
      .execute();
    await db.schema
      .createTable('funcionario_refresh')
      .addColumn('id', 'integer', id)
      .addColumn('idfuncionario', 'integer', cascade('funcionario.id'))
      .addColumn('familia', 'varchar(36)', notNull)
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('expira_em', 'text', notNull)
      .addColumn('usado_em', 'text')
      .addColumn('revogado', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('criado_em', 'text', notNull)
      .execute();
    await db.schema
      .createIndex('funcionario_refresh_familia_idx')
      .on('funcionario_refresh')
      .column('familia')
      .execute();
    await db.schema
      .createTable('funcionario_link')
      .addColumn('id', 'integer', id)
      // 'convite' (sets the first password, grants `papel` at `idestabelecimento`) | 'senha' (reset).
      .addColumn('tipo', 'varchar(16)', notNull)
      .addColumn('idfuncionario', 'integer', cascade('funcionario.id'))
      .addColumn('idestabelecimento', 'integer', (c) =>
        c.references('estabelecimento.id').onDelete('cascade'),
      )
      .addColumn('papel', 'varchar(16)')
      // SHA-256 of the link's token; the token itself is only in the e-mail.
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('expira_em', 'text', notNull)
      .addColumn('usado_em', 'text')
      .addColumn('criado_em', 'text', notNull)
      .execute();
    await db.schema
      .createIndex('funcionario_link_funcionario_idx')
      .on('funcionario_link')
      .column('idfuncionario')
      .execute();

    await db.schema
      .createTable('evento')
      .addColumn('id', postgres ? 'bigint' : 'integer', id)
      .addColumn('txid', 'bigint', (c) =>
        postgres ? c.notNull().defaultTo(sql`(pg_current_xact_id()::text::bigint)`) : c,
      )
      .addColumn('idestabelecimento', 'integer', notNull)
      .addColumn('idcliente', 'integer')
      .addColumn('idpedido', 'integer')
      .addColumn('tipo', 'varchar(40)', notNull)
      .addColumn('dados', 'text', notNull)
      .addColumn('criado_em', 'text', notNull)
      .execute();
    if (postgres) {
      await db.schema.createIndex('evento_txid_idx').on('evento').columns(['txid', 'id']).execute();
    }
    await db.schema
      .createIndex('evento_estabelecimento_idx')
      .on('evento')
      .columns(['idestabelecimento', 'id'])
      .execute();
    await db.schema.createIndex('evento_cliente_idx').on('evento').columns(['idcliente', 'id']).execute();
    await db.schema.createIndex('evento_criado_idx').on('evento').column('criado_em').execute();

    await db.schema.alterTable('pedido').addColumn('previsao_em', 'text').execute();
    await db.schema.alterTable('estabelecimento').addColumn('reabrir_em', 'text').execute();
    await db.schema.alterTable('estabelecimento').addColumn('painel_config', 'text').execute();
  },
  async down(db) {
    await db.schema.alterTable('estabelecimento').dropColumn('painel_config').execute();
    await db.schema.alterTable('estabelecimento').dropColumn('reabrir_em').execute();
    await db.schema.alterTable('pedido').dropColumn('previsao_em').execute();
    for (const t of [
      'evento',
      'funcionario_link',
      'funcionario_refresh',
      'funcionario_papel',
      'funcionario',
    ]) {
      await db.schema.dropTable(t).ifExists().execute();
    }
  },
};

/**
 * Back office (issue 12): option groups get their owner (a group may be linked to no product
 * yet, or to several: reusable), filled from the links for existing rows; the audit log of the
 * owner's changes (who, what, when, a small JSON of the change).
 */
const backoffice: Migration = {
  async up(db) {
    const id = idColumn(db);
    await db.schema
      .alterTable('grupoopcao')
      .addColumn('idestabelecimento', 'integer', (c) =>
        c.references('estabelecimento.id').onDelete('cascade'),
      )
      .execute();
    await sql`update grupoopcao set idestabelecimento = (
      select min(p.idestabelecimento) from produto_grupoopcao pg join produto p on p.idproduto = pg.idproduto
      where pg.idgrupoopcao = grupoopcao.idgrupoopcao)`.execute(db);
    await db.schema
      .createIndex('grupoopcao_estabelecimento_idx')
      .on('grupoopcao')
      .column('idestabelecimento')
      .execute();
    await db.schema
      .createTable('auditoria')
      .addColumn('id', 'integer', id)
      .addColumn('idestabelecimento', 'integer', cascade('estabelecimento.id'))
      .addColumn('idfuncionario', 'integer', (c) => c.references('funcionario.id').onDelete('set null'))
      .addColumn('entidade', 'varchar(40)', notNull)
      .addColumn('identidade', 'integer')
      .addColumn('acao', 'varchar(20)', notNull)
      .addColumn('dados', 'text', notNull)
      .addColumn('criado_em', 'text', notNull)
      .execute();
    await db.schema
      .createIndex('auditoria_estabelecimento_idx')
      .on('auditoria')
      .columns(['idestabelecimento', 'id'])
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('auditoria').ifExists().execute();
    await db.schema.dropIndex('grupoopcao_estabelecimento_idx').ifExists().execute();
    await db.schema.alterTable('grupoopcao').dropColumn('idestabelecimento').execute();
  },
};

/**
 * Reports (issue 12, 'Relatórios'): the sales report aggregates in SQL over a year of orders
 * (500,000 on PostgreSQL in ≤ 500 ms), so what it groups by must be columns, not JSON parsed per
 * order. The order's payment method (`formapgto`, its name as the customer saw it) and its items
 * and options (`pedido_item`, `pedido_item_opcao`: units and cents, with the order's establishment
 * and instant so a period is one index range) are copied out of `pedido_json` by triggers on
 * insert, whichever code writes the order (placement, CLI, seeds, tests); existing orders are
 * filled here from their JSON. Items go with their order (ON DELETE CASCADE). The report's index
 * on `pedido` covers every column it reads (establishment, period, status, type, total, method).
 */
/** The report's rows of the orders in `fonte` (a table or subquery aliased p), on SQLite. */
const itensSqlite = (fonte: string) => `
  insert into pedido_item (idpedido, idestabelecimento, dthrpedido, idproduto, descricao, quantidade, valor)
  select p.id, p.idestabelecimento, p.dthrpedido, json_extract(i.value, '$.produto_id'),
    json_extract(i.value, '$.descricao'), json_extract(i.value, '$.quantidade'),
    json_extract(i.value, '$.preco_total')
  from ${fonte}, json_each(p.pedido_json, '$.itens') i;
  insert into pedido_item_opcao (idpedido, idestabelecimento, dthrpedido, idopcao, descricao, quantidade, valor)
  select p.id, p.idestabelecimento, p.dthrpedido, json_extract(o.value, '$.opcao_id'),
    json_extract(o.value, '$.descricao'),
    json_extract(o.value, '$.quantidade') * json_extract(i.value, '$.quantidade'),
    json_extract(o.value, '$.preco_total') * json_extract(i.value, '$.quantidade')
  from ${fonte}, json_each(p.pedido_json, '$.itens') i, json_each(i.value, '$.subitens') s,
    json_each(s.value, '$.sub_subitens') o;`;

/** The statements of a script (none of ours has a ';' inside a string). */
const instrucoes = (script: string) => script.split(';').filter((q) => q.trim());

/** The same on PostgreSQL. */
const itensPostgres = (fonte: string) => `
  insert into pedido_item (idpedido, idestabelecimento, dthrpedido, idproduto, descricao, quantidade, valor)
  select p.id, p.idestabelecimento, p.dthrpedido, (i->>'produto_id')::int, i->>'descricao',
    (i->>'quantidade')::int, (i->>'preco_total')::int
  from ${fonte}, jsonb_array_elements(p.pedido_json::jsonb->'itens') i;
  insert into pedido_item_opcao (idpedido, idestabelecimento, dthrpedido, idopcao, descricao, quantidade, valor)
  select p.id, p.idestabelecimento, p.dthrpedido, (o->>'opcao_id')::int, o->>'descricao',
    (o->>'quantidade')::int * (i->>'quantidade')::int, (o->>'preco_total')::int * (i->>'quantidade')::int
  from ${fonte}, jsonb_array_elements(p.pedido_json::jsonb->'itens') i,
    jsonb_array_elements(i->'subitens') s, jsonb_array_elements(s->'sub_subitens') o;`;

/**
 * PostgreSQL: the statement trigger that writes an order's items and options from its JSON as it
 * is inserted (migration 0011; put back by 0017's down).
 */
async function criarTriggerItens(db: Kysely<unknown>): Promise<void> {
  // Per statement, the inserted rows as a table: a bulk insert is one set-based pass.
  await sql
    .raw(
      `create function pedido_itens() returns trigger language plpgsql as $$
      begin ${itensPostgres('novos p')} return null; end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger pedido_itens_ai after insert on pedido referencing new table as novos
      for each statement execute function pedido_itens()`,
    )
    .execute(db);
}

/**
 * SQLite: the row trigger that writes an order's payment method, items and options from its JSON
 * as it is inserted (migration 0011; put back by 0016's down).
 */
async function criarTriggerItensSqlite(db: Kysely<unknown>): Promise<void> {
  const novo =
    '(select new.id as id, new.idestabelecimento as idestabelecimento, new.dthrpedido as dthrpedido, new.pedido_json as pedido_json) p';
  await sql
    .raw(
      `create trigger pedido_relatorio_ai after insert on pedido begin
        update pedido set formapgto = json_extract(new.pedido_json, '$.pagamentos[0].descricaoFormaPgto')
          where id = new.id;
        ${itensSqlite(novo)}
      end`,
    )
    .execute(db);
}

const relatorios: Migration = {
  async up(db) {
    const id = idColumn(db);
    const postgres = dialectOf(db) === 'postgres';
    await db.schema.alterTable('pedido').addColumn('formapgto', 'text').execute();
    for (const [tabela, coluna] of [
      ['pedido_item', 'idproduto'],
      ['pedido_item_opcao', 'idopcao'],
    ] as const) {
      await db.schema
        .createTable(tabela)
        .addColumn('id', postgres ? 'bigint' : 'integer', id)
        .addColumn('idpedido', 'integer', cascade('pedido.id'))
        .addColumn('idestabelecimento', 'integer', notNull)
        .addColumn('dthrpedido', 'text', notNull)
        .addColumn(coluna, 'integer', notNull)
        .addColumn('descricao', 'text', notNull)
        .addColumn('quantidade', 'integer', notNull)
        .addColumn('valor', 'integer', notNull)
        .execute();
      await db.schema.createIndex(`${tabela}_pedido_idx`).on(tabela).column('idpedido').execute();
      await db.schema
        .createIndex(`${tabela}_relatorio_idx`)
        .on(tabela)
        .columns(['idestabelecimento', 'dthrpedido'])
        .execute();
    }
    await db.schema
      .createIndex('pedido_relatorio_idx')
      .on('pedido')
      .columns(['idestabelecimento', 'dthrpedido', 'status', 'tipo', 'total', 'formapgto'])
      .execute();

    if (postgres) {
      await sql
        .raw(
          `create function pedido_formapgto() returns trigger language plpgsql as $$
          begin
            new.formapgto := new.pedido_json::jsonb #>> '{pagamentos,0,descricaoFormaPgto}';
            return new;
          end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger pedido_formapgto_bi before insert on pedido
          for each row execute function pedido_formapgto()`,
        )
        .execute(db);
      await criarTriggerItens(db);
      await sql
        .raw(`update pedido set formapgto = pedido_json::jsonb #>> '{pagamentos,0,descricaoFormaPgto}'`)
        .execute(db);
      for (const q of instrucoes(itensPostgres('pedido p'))) {
        await sql.raw(q).execute(db);
      }
    } else {
      await sql
        .raw(`update pedido set formapgto = json_extract(pedido_json, '$.pagamentos[0].descricaoFormaPgto')`)
        .execute(db);
      for (const q of instrucoes(itensSqlite('pedido p'))) {
        await sql.raw(q).execute(db);
      }
      await criarTriggerItensSqlite(db);
    }
  },
  async down(db) {
    if (dialectOf(db) === 'postgres') {
      await sql.raw('drop trigger if exists pedido_itens_ai on pedido').execute(db);
      await sql.raw('drop trigger if exists pedido_formapgto_bi on pedido').execute(db);
      await sql.raw('drop function if exists pedido_itens()').execute(db);
      await sql.raw('drop function if exists pedido_formapgto()').execute(db);
    } else {
      await sql.raw('drop trigger if exists pedido_relatorio_ai').execute(db);
    }
    await db.schema.dropIndex('pedido_relatorio_idx').ifExists().execute();
    await db.schema.dropTable('pedido_item_opcao').ifExists().execute();
    await db.schema.dropTable('pedido_item').ifExists().execute();
    await db.schema.alterTable('pedido').dropColumn('formapgto').execute();
  },
};

/**
 * Dates with their own opening hours (issue 12: holidays): on `data` ('YYYY-MM-DD', the store's
 * wall clock) its rows replace the weekday's ranges; one row with null abertura/fechamento is
 * closed all day. 'HH:MM:SS' like horariofuncionamento (fechamento ≤ abertura: past midnight).
 */
const excecoesHorario: Migration = {
  async up(db) {
    await db.schema
      .createTable('horarioexcecao')
      .addColumn('id', 'integer', idColumn(db))
      .addColumn('idestabelecimento', 'integer', cascade('estabelecimento.id'))
      .addColumn('data', 'varchar(10)', notNull)
      .addColumn('abertura', 'varchar(8)')
      .addColumn('fechamento', 'varchar(8)')
      .execute();
    await db.schema
      .createIndex('horarioexcecao_estabelecimento_idx')
      .on('horarioexcecao')
      .columns(['idestabelecimento', 'data'])
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('horarioexcecao').ifExists().execute();
  },
};

/**
 * Reports, faster (issue 12): the sales report over a year (500,000 orders) reads only indexes.
 * Items and options: one index each holding everything the report sums (establishment, instant,
 * product id or option name, units, cents, order id), replacing 0011's (establishment, instant);
 * orders out of the sales (cancelled, awaiting payment) by (establishment, status, instant, id),
 * so the few ids the report leaves out come from the index alone.
 */
const relatoriosIndices: Migration = {
  async up(db) {
    await db.schema.dropIndex('pedido_item_relatorio_idx').execute();
    await db.schema.dropIndex('pedido_item_opcao_relatorio_idx').execute();
    await db.schema
      .createIndex('pedido_item_relatorio_idx')
      .on('pedido_item')
      .columns([
        'idestabelecimento',
        'dthrpedido',
        'idproduto',
        'descricao',
        'quantidade',
        'valor',
        'idpedido',
      ])
      .execute();
    await db.schema
      .createIndex('pedido_item_opcao_relatorio_idx')
      .on('pedido_item_opcao')
      .columns(['idestabelecimento', 'dthrpedido', 'descricao', 'idopcao', 'quantidade', 'valor', 'idpedido'])
      .execute();
    await db.schema
      .createIndex('pedido_estabelecimento_status_data_idx')
      .on('pedido')
      .columns(['idestabelecimento', 'status', 'dthrpedido', 'id'])
      .execute();
  },
  async down(db) {
    await db.schema.dropIndex('pedido_estabelecimento_status_data_idx').execute();
    for (const t of ['pedido_item', 'pedido_item_opcao'] as const) {
      await db.schema.dropIndex(`${t}_relatorio_idx`).execute();
      await db.schema
        .createIndex(`${t}_relatorio_idx`)
        .on(t)
        .columns(['idestabelecimento', 'dthrpedido'])
        .execute();
    }
  },
};

/**
 * Reports over long periods (issue 12): each past São Paulo day's aggregates, once computed, kept
 * in `relatorio_dia` (the day's figures as JSON: groups of orders, products, options, refunds;
 * `inicio`/`fim` its instants as dthrpedido stores them), so a year's report reads 365 small rows
 * instead of every order. Whatever changes what a day's report reads removes that day's row,
 * from any code path, by triggers: an order inserted, deleted or changing status, a payment
 * inserted or changing state (a refund). The same comparisons of ISO text on both dialects.
 */
const INVALIDAR_DIA = (est: string, instante: string) =>
  `delete from relatorio_dia where idestabelecimento = ${est} and inicio <= ${instante} and fim > ${instante}`;
const INVALIDAR_DIA_PAGAMENTO = (idpedido: string) =>
  INVALIDAR_DIA(
    `(select idestabelecimento from pedido where id = ${idpedido})`,
    `(select dthrpedido from pedido where id = ${idpedido})`,
  );
/** The PostgreSQL trigger function of relatorio_dia's triggers, with what it runs for an order and a payment. */
const INVALIDAR_FUNCAO_PG = (
  invalidar: (est: string, instante: string) => string,
  pagamento: (id: string) => string,
) =>
  `create or replace function relatorio_dia_invalidar() returns trigger language plpgsql as $$
  begin
    if tg_table_name = 'pedido' then
      if tg_op = 'DELETE' then
        ${invalidar('old.idestabelecimento', 'old.dthrpedido')};
      else
        ${invalidar('new.idestabelecimento', 'new.dthrpedido')};
      end if;
    elsif new.idpedido is not null then
      ${pagamento('new.idpedido')};
    end if;
    return null;
  end $$`;

/** relatorio_dia's SQLite triggers but the order insert's (0016 queues that one), with what they run. */
const TRIGGERS_DIA_SQLITE = (
  invalidar: (est: string, instante: string) => string,
  pagamento: (id: string) => string,
) =>
  [
    [
      'relatorio_dia_pedido_au',
      'after update of status on pedido',
      invalidar('new.idestabelecimento', 'new.dthrpedido'),
    ],
    [
      'relatorio_dia_pedido_ad',
      'after delete on pedido',
      invalidar('old.idestabelecimento', 'old.dthrpedido'),
    ],
    ['relatorio_dia_pagamento_ai', 'after insert on pagamento', pagamento('new.idpedido')],
    ['relatorio_dia_pagamento_au', 'after update of estado on pagamento', pagamento('new.idpedido')],
  ] as const;

const relatorioDia: Migration = {
  async up(db) {
    await db.schema
      .createTable('relatorio_dia')
      .addColumn('idestabelecimento', 'integer', cascade('estabelecimento.id'))
      .addColumn('dia', 'varchar(10)', notNull)
      .addColumn('inicio', 'varchar(30)', notNull)
      .addColumn('fim', 'varchar(30)', notNull)
      .addColumn('dados', 'text', notNull)
      .addColumn('criado_em', 'text', notNull)
      .addPrimaryKeyConstraint('relatorio_dia_pk', ['idestabelecimento', 'dia'])
      .execute();
    await db.schema
      .createIndex('relatorio_dia_inicio_idx')
      .on('relatorio_dia')
      .columns(['idestabelecimento', 'inicio'])
      .execute();
    if (dialectOf(db) === 'postgres') {
      await sql.raw(INVALIDAR_FUNCAO_PG(INVALIDAR_DIA, INVALIDAR_DIA_PAGAMENTO)).execute(db);
      await sql
        .raw(
          `create trigger relatorio_dia_pedido after insert or delete or update of status on pedido
          for each row execute function relatorio_dia_invalidar()`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger relatorio_dia_pagamento after insert or update of estado on pagamento
          for each row execute function relatorio_dia_invalidar()`,
        )
        .execute(db);
    } else {
      for (const [nome, evento, sqlTexto] of [
        [
          'relatorio_dia_pedido_ai',
          'after insert on pedido',
          INVALIDAR_DIA('new.idestabelecimento', 'new.dthrpedido'),
        ] as const,
        ...TRIGGERS_DIA_SQLITE(INVALIDAR_DIA, INVALIDAR_DIA_PAGAMENTO),
      ]) {
        await sql.raw(`create trigger ${nome} ${evento} begin ${sqlTexto}; end`).execute(db);
      }
    }
  },
  async down(db) {
    if (dialectOf(db) === 'postgres') {
      await sql.raw('drop trigger if exists relatorio_dia_pagamento on pagamento').execute(db);
      await sql.raw('drop trigger if exists relatorio_dia_pedido on pedido').execute(db);
      await sql.raw('drop function if exists relatorio_dia_invalidar()').execute(db);
    } else {
      for (const t of ['pedido_ai', 'pedido_au', 'pedido_ad', 'pagamento_ai', 'pagamento_au']) {
        await sql.raw(`drop trigger if exists relatorio_dia_${t}`).execute(db);
      }
    }
    await db.schema.dropTable('relatorio_dia').ifExists().execute();
  },
};

/**
 * The establishment's own point (issue 12: the address form's CEP lookup and geocoding): where
 * the panel centres a new delivery circle. Null until the owner's address is placed.
 */
const coordenadasEstabelecimento: Migration = {
  async up(db) {
    await db.schema.alterTable('estabelecimento').addColumn('lat', 'double precision').execute();
    await db.schema.alterTable('estabelecimento').addColumn('lng', 'double precision').execute();
  },
  async down(db) {
    await db.schema.alterTable('estabelecimento').dropColumn('lng').execute();
    await db.schema.alterTable('estabelecimento').dropColumn('lat').execute();
  },
};

/**
 * Where each payment method is offered (issue 12): 'Pagar na entrega' and 'Pagar online', the
 * owner's choice. The old behaviour stays: every method on delivery, credit/debit/PIX online too
 * (a row written without them gets 1; cash is never online, its flag is set to 0 here and refused
 * on write, and read as off anyway).
 */
const formasLados: Migration = {
  async up(db) {
    await db.schema
      .alterTable('formapgto')
      .addColumn('na_entrega', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable('formapgto')
      .addColumn('online', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.updateTable('formapgto').set({ online: 0 }).where('sttipopgto', '=', 0).execute();
  },
  async down(db) {
    await db.schema.alterTable('formapgto').dropColumn('online').execute();
    await db.schema.alterTable('formapgto').dropColumn('na_entrega').execute();
  },
};

/**
 * Order placement, lighter (issue 4's throughput after issue 12's reports): 0011's trigger copied
 * every order's items and options out of its JSON into pedido_item / pedido_item_opcao (a dozen
 * rows, three B-trees each) and 0013's removed the order's cached day, all inside the order's
 * transaction: ~1/3 of the orders per second on SQLite. Now an order insert only queues its id in
 * `relatorio_fila` (any code path: still a trigger); modules/reports/pendentes.ts folds the queue
 * in batches after commit (a periodic job, and before every report read, so the report stays
 * exact): the rows 0011's trigger wrote, 0011's formapgto on SQLite (PostgreSQL keeps its
 * BEFORE INSERT trigger), and the removal of the folded orders' cached days. The day removals on
 * a status change, a deletion or a payment find the day by its start (the latest `inicio` not
 * after the instant: days do not overlap), one index probe instead of every earlier day.
 */
const DIA_DO_INSTANTE = (est: string, instante: string) =>
  `delete from relatorio_dia where idestabelecimento = ${est} and fim > ${instante}
    and inicio = (select max(r.inicio) from relatorio_dia r where r.idestabelecimento = ${est} and r.inicio <= ${instante})`;
const DIA_DO_PAGAMENTO = (idpedido: string) =>
  DIA_DO_INSTANTE(
    `(select idestabelecimento from pedido where id = ${idpedido})`,
    `(select dthrpedido from pedido where id = ${idpedido})`,
  );

const relatorioFila: Migration = {
  async up(db) {
    await db.schema
      .createTable('relatorio_fila')
      .addColumn('idpedido', 'integer', (c) => c.primaryKey())
      .execute();
    if (dialectOf(db) === 'postgres') {
      await sql.raw('drop trigger pedido_itens_ai on pedido').execute(db);
      await sql.raw('drop function pedido_itens()').execute(db);
      await sql
        .raw(
          `create function pedido_relatorio_fila() returns trigger language plpgsql as $$
          begin insert into relatorio_fila (idpedido) select id from novos; return null; end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger pedido_relatorio_fila_ai after insert on pedido referencing new table as novos
          for each statement execute function pedido_relatorio_fila()`,
        )
        .execute(db);
      await sql.raw(INVALIDAR_FUNCAO_PG(DIA_DO_INSTANTE, DIA_DO_PAGAMENTO)).execute(db);
      await sql.raw('drop trigger relatorio_dia_pedido on pedido').execute(db);
      await sql
        .raw(
          `create trigger relatorio_dia_pedido after delete or update of status on pedido
          for each row execute function relatorio_dia_invalidar()`,
        )
        .execute(db);
    } else {
      await sql.raw('drop trigger pedido_relatorio_ai').execute(db);
      await sql.raw('drop trigger relatorio_dia_pedido_ai').execute(db);
      await sql
        .raw(
          `create trigger pedido_relatorio_fila_ai after insert on pedido begin
            insert into relatorio_fila (idpedido) values (new.id);
          end`,
        )
        .execute(db);
      for (const [nome, evento, sqlTexto] of TRIGGERS_DIA_SQLITE(DIA_DO_INSTANTE, DIA_DO_PAGAMENTO)) {
        await sql.raw(`drop trigger ${nome}`).execute(db);
        await sql.raw(`create trigger ${nome} ${evento} begin ${sqlTexto}; end`).execute(db);
      }
    }
  },
  async down(db) {
    // Orders still queued would lose their rows: folded first, as the reports do (0011's SQL).
    if (dialectOf(db) === 'postgres') {
      const fonte = '(select p.* from pedido p join relatorio_fila f on f.idpedido = p.id) p';
      for (const q of instrucoes(itensPostgres(fonte))) await sql.raw(q).execute(db);
      await sql.raw('drop trigger pedido_relatorio_fila_ai on pedido').execute(db);
      await sql.raw('drop function pedido_relatorio_fila()').execute(db);
      await criarTriggerItens(db);
      await sql.raw(INVALIDAR_FUNCAO_PG(INVALIDAR_DIA, INVALIDAR_DIA_PAGAMENTO)).execute(db);
      await sql.raw('drop trigger relatorio_dia_pedido on pedido').execute(db);
      await sql
        .raw(
          `create trigger relatorio_dia_pedido after insert or delete or update of status on pedido
          for each row execute function relatorio_dia_invalidar()`,
        )
        .execute(db);
    } else {
      const fonte = '(select p.* from pedido p join relatorio_fila f on f.idpedido = p.id) p';
      for (const q of instrucoes(itensSqlite(fonte))) await sql.raw(q).execute(db);
      await sql
        .raw(
          `update pedido set formapgto = json_extract(pedido_json, '$.pagamentos[0].descricaoFormaPgto')
          where id in (select idpedido from relatorio_fila)`,
        )
        .execute(db);
      await sql.raw('drop trigger pedido_relatorio_fila_ai').execute(db);
      await criarTriggerItensSqlite(db);
      await sql
        .raw(
          `create trigger relatorio_dia_pedido_ai after insert on pedido begin ${INVALIDAR_DIA('new.idestabelecimento', 'new.dthrpedido')}; end`,
        )
        .execute(db);
      for (const [nome, evento, sqlTexto] of TRIGGERS_DIA_SQLITE(INVALIDAR_DIA, INVALIDAR_DIA_PAGAMENTO)) {
        await sql.raw(`drop trigger ${nome}`).execute(db);
        await sql.raw(`create trigger ${nome} ${evento} begin ${sqlTexto}; end`).execute(db);
      }
    }
    await db.schema.dropTable('relatorio_fila').execute();
  },
};

/**
 * 0016's queue, again for an id: SQLite gives a new order the id of a deleted last one (rowid,
 * no AUTOINCREMENT: an online order removed after its payment was refused), and that id may
 * still be queued (deleted before any fold). The queued id then stands for the new order, which
 * the fold reads by id: the repeated insert is ignored instead of failing the order (a 500).
 */
const relatorioFilaRepetida: Migration = {
  async up(db) {
    if (dialectOf(db) === 'postgres') {
      await sql
        .raw(
          `create or replace function pedido_relatorio_fila() returns trigger language plpgsql as $$
          begin insert into relatorio_fila (idpedido) select id from novos on conflict do nothing; return null; end $$`,
        )
        .execute(db);
    } else {
      await sql.raw('drop trigger pedido_relatorio_fila_ai').execute(db);
      await sql
        .raw(
          `create trigger pedido_relatorio_fila_ai after insert on pedido begin
            insert or ignore into relatorio_fila (idpedido) values (new.id);
          end`,
        )
        .execute(db);
    }
  },
  async down(db) {
    if (dialectOf(db) === 'postgres') {
      await sql
        .raw(
          `create or replace function pedido_relatorio_fila() returns trigger language plpgsql as $$
          begin insert into relatorio_fila (idpedido) select id from novos; return null; end $$`,
        )
        .execute(db);
    } else {
      await sql.raw('drop trigger pedido_relatorio_fila_ai').execute(db);
      await sql
        .raw(
          `create trigger pedido_relatorio_fila_ai after insert on pedido begin
            insert into relatorio_fila (idpedido) values (new.id);
          end`,
        )
        .execute(db);
    }
  },
};

/**
 * Issue 20: an invitation to someone who already has a staff account (or to a new e-mail) is a
 * pending membership until that person accepts it: the role is not given at once. `nome` is what
 * the inviter typed (the team shows it, never the account's real name, until accepted).
 */
const funcionarioConvite: Migration = {
  async up(db) {
    await db.schema
      .createTable('funcionario_convite')
      .addColumn('idfuncionario', 'integer', cascade('funcionario.id'))
      .addColumn('idestabelecimento', 'integer', cascade('estabelecimento.id'))
      .addColumn('papel', 'varchar(16)', notNull)
      .addColumn('nome', 'text', notNull)
      .addColumn('expira_em', 'text', notNull)
      .addColumn('criado_em', 'text', notNull)
      .addPrimaryKeyConstraint('funcionario_convite_pk', ['idfuncionario', 'idestabelecimento'])
      .execute();
    await db.schema
      .createIndex('funcionario_convite_estabelecimento_idx')
      .on('funcionario_convite')
      .column('idestabelecimento')
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('funcionario_convite').ifExists().execute();
  },
};

/**
 * Issue 21: the secrets store (modules/secrets) — a restaurant's own credentials (its payment
 * account, its WhatsApp number, its iFood connection, webhook signing secrets), AES-256-GCM
 * encrypted by the server before they reach the database: only the key's id, the IV and the
 * ciphertext (with its tag) are stored. Gone with the establishment.
 */
const segredos: Migration = {
  async up(db) {
    await db.schema
      .createTable('segredo')
      .addColumn('idestabelecimento', 'integer', cascade('estabelecimento.id'))
      .addColumn('nome', 'text', notNull)
      .addColumn('chave_id', 'text', notNull)
      .addColumn('iv', 'text', notNull)
      .addColumn('cifra', 'text', notNull)
      .addColumn('atualizado_em', 'text', notNull)
      .addPrimaryKeyConstraint('segredo_pk', ['idestabelecimento', 'nome'])
      .execute();
    // Rotation looks for the values under another key than the current one.
    await db.schema.createIndex('segredo_chave_idx').on('segredo').column('chave_id').execute();
  },
  async down(db) {
    await db.schema.dropTable('segredo').ifExists().execute();
  },
};

/**
 * Issue 20: with APROVACAO_ESTABELECIMENTOS=1 a restaurant created in the panel stays unpublished
 * (aprovado = 0: its menu, detail and orders answer 404) until the platform's operator runs
 * `estabelecimento-aprovar`. Every establishment already here, the demo's too, counts as approved,
 * as does a row written without the column (the seed).
 */
const estabelecimentoAprovado: Migration = {
  async up(db) {
    await db.schema
      .alterTable('estabelecimento')
      .addColumn('aprovado', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  },
  async down(db) {
    await db.schema.alterTable('estabelecimento').dropColumn('aprovado').execute();
  },
};

/**
 * Issue 24 part 2: outgoing webhooks (modules/webhooks). `webhook`: an owner's endpoints (the
 * signing secret is in `segredo`). `webhook_entrega`: one row per (endpoint, event), unique on its
 * idempotency key so however many instances fan an event out it is created once; the due-attempt
 * index serves the delivery job's claim. `webhook_cursor`: how far the fan-out read `evento`.
 */
const webhooks: Migration = {
  async up(db) {
    const id = idColumn(db);
    const postgres = dialectOf(db) === 'postgres';
    await db.schema
      .createTable('webhook')
      .addColumn('id', 'integer', id)
      .addColumn('idestabelecimento', 'integer', cascade('estabelecimento.id'))
      .addColumn('url', 'text', notNull)
      .addColumn('eventos', 'text', notNull)
      .addColumn('ativo', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('falhando_desde', 'text')
      .addColumn('desativado_em', 'text')
      .addColumn('criado_em', 'text', notNull)
      .addColumn('atualizado_em', 'text', notNull)
      .execute();
    await db.schema
      .createIndex('webhook_estabelecimento_idx')
      .on('webhook')
      .column('idestabelecimento')
      .execute();
    await db.schema
      .createTable('webhook_entrega')
      .addColumn('id', postgres ? 'bigint' : 'integer', id)
      .addColumn('idwebhook', 'integer', cascade('webhook.id'))
      .addColumn('idestabelecimento', 'integer', notNull)
      .addColumn('chave', 'text', notNull)
      .addColumn('tipo', 'varchar(40)', notNull)
      .addColumn('corpo', 'text', notNull)
      .addColumn('status', 'varchar(16)', notNull)
      .addColumn('tentativas', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('proxima_em', 'text')
      .addColumn('prazo_ate', 'text', notNull)
      .addColumn('tentando_ate', 'text')
      .addColumn('ultima_em', 'text')
      .addColumn('codigo', 'integer')
      .addColumn('duracao_ms', 'integer')
      .addColumn('resposta', 'text')
      .addColumn('criado_em', 'text', notNull)
      .addUniqueConstraint('webhook_entrega_chave_uq', ['idwebhook', 'chave'])
      .execute();
    await db.schema
      .createIndex('webhook_entrega_devida_idx')
      .on('webhook_entrega')
      .columns(['status', 'proxima_em'])
      .execute();
    await db.schema
      .createIndex('webhook_entrega_log_idx')
      .on('webhook_entrega')
      .columns(['idwebhook', 'criado_em'])
      .execute();
    await db.schema
      .createIndex('webhook_entrega_criado_idx')
      .on('webhook_entrega')
      .column('criado_em')
      .execute();
    await db.schema
      .createTable('webhook_cursor')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('txid', 'bigint', notNull)
      .addColumn('idevento', 'bigint', notNull)
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('webhook_cursor').ifExists().execute();
    await db.schema.dropTable('webhook_entrega').ifExists().execute();
    await db.schema.dropTable('webhook').ifExists().execute();
  },
};

/**
 * Issue 22 part 5: a customer's rating of a delivered order, one per order; the restaurant's
 * reply is private. Gone with the order or the establishment; erased with the account by
 * modules/avaliacoes. The index serves the panel's list and the 90-day average.
 */
const avaliacao: Migration = {
  async up(db) {
    await db.schema
      .createTable('avaliacao')
      .addColumn('id', 'integer', idColumn(db))
      .addColumn('idpedido', 'integer', (c) =>
        c.notNull().unique().references('pedido.id').onDelete('cascade'),
      )
      .addColumn('idcliente', 'integer', cascade('cliente.id'))
      .addColumn('idestabelecimento', 'integer', cascade('estabelecimento.id'))
      .addColumn('nota', 'integer', (c) => c.notNull().check(sql`nota between 1 and 5`))
      .addColumn('comentario', 'text')
      .addColumn('resposta', 'text')
      .addColumn('respondido_em', 'text')
      .addColumn('criado_em', 'text', notNull)
      .addColumn('atualizado_em', 'text', notNull)
      .execute();
    await db.schema
      .createIndex('avaliacao_estabelecimento_idx')
      .on('avaliacao')
      .columns(['idestabelecimento', 'criado_em'])
      .execute();
    await db.schema.createIndex('avaliacao_cliente_idx').on('avaliacao').column('idcliente').execute();
  },
  async down(db) {
    await db.schema.dropTable('avaliacao').ifExists().execute();
  },
};

/**
 * Issue 22: the customer's notifications. Consent per channel (kept when revoked, with its time
 * and source), push subscriptions per device, the outbox (one row per message per channel, its
 * `chave` unique: the event, the channel and the kind) and the outbox's cursor over `evento`,
 * starting at the log's end so the events already there are not announced late.
 */
const notificacoes: Migration = {
  async up(db) {
    const postgres = dialectOf(db) === 'postgres';
    const id = idColumn(db);
    await db.schema
      .createTable('notificacao_consentimento')
      .addColumn('idcliente', 'integer', cascade('cliente.id'))
      .addColumn('canal', 'varchar(16)', notNull)
      .addColumn('ativo', 'integer', notNull)
      .addColumn('origem', 'varchar(16)', notNull)
      .addColumn('atualizado_em', 'text', notNull)
      .addPrimaryKeyConstraint('notificacao_consentimento_pk', ['idcliente', 'canal'])
      .execute();
    await db.schema
      .createTable('notificacao_push')
      .addColumn('id', 'integer', id)
      .addColumn('idcliente', 'integer', cascade('cliente.id'))
      .addColumn('endpoint', 'text', (c) => c.notNull().unique())
      .addColumn('p256dh', 'text', notNull)
      .addColumn('auth', 'text', notNull)
      .addColumn('criado_em', 'text', notNull)
      .execute();
    await db.schema
      .createIndex('notificacao_push_cliente_idx')
      .on('notificacao_push')
      .column('idcliente')
      .execute();
    await db.schema
      .createTable('notificacao')
      .addColumn('id', 'integer', id)
      .addColumn('chave', 'varchar(80)', (c) => c.notNull().unique())
      .addColumn('idcliente', 'integer', cascade('cliente.id'))
      .addColumn('idpedido', 'integer', notNull)
      .addColumn('idestabelecimento', 'integer', notNull)
      .addColumn('canal', 'varchar(16)', notNull)
      .addColumn('tipo', 'varchar(24)', notNull)
      .addColumn('titulo', 'text', notNull)
      .addColumn('texto', 'text', notNull)
      .addColumn('link', 'text', notNull)
      .addColumn('estado', 'varchar(16)', notNull)
      .addColumn('tentativas', 'integer', notNull)
      .addColumn('proxima_em', 'text', notNull)
      .addColumn('status_provedor', 'text')
      .addColumn('criado_em', 'text', notNull)
      .addColumn('enviado_em', 'text')
      .execute();
    await db.schema
      .createIndex('notificacao_pendente_idx')
      .on('notificacao')
      .columns(['estado', 'proxima_em'])
      .execute();
    await db.schema.createIndex('notificacao_cliente_idx').on('notificacao').column('idcliente').execute();
    await db.schema
      .createTable('notificacao_cursor')
      .addColumn('nome', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('txid', 'bigint', notNull)
      .addColumn('idevento', 'bigint', notNull)
      .execute();
    // The log's end as every reader sees it (PostgreSQL: the newest event of a finished transaction).
    await sql`insert into notificacao_cursor (nome, txid, idevento)
      select 'notificacoes', coalesce(max(${sql.raw(postgres ? 'txid' : '0')}), 0), coalesce(max(id), 0)
      from evento ${sql.raw(postgres ? 'where txid < pg_snapshot_xmin(pg_current_snapshot())::text::bigint' : '')}`.execute(
      db,
    );
  },
  async down(db) {
    for (const t of ['notificacao_cursor', 'notificacao', 'notificacao_push', 'notificacao_consentimento'])
      await db.schema.dropTable(t).ifExists().execute();
  },
};

/**
 * Issue 23 part 1: each establishment's payment accounts (provider, active, settings, state;
 * credentials in `segredo`) and, on each payment attempt, the account that took it.
 */
const contaPagamento: Migration = {
  async up(db) {
    await db.schema
      .createTable('conta_pagamento')
      .addColumn('id', 'integer', idColumn(db))
      .addColumn('idestabelecimento', 'integer', cascade('estabelecimento.id'))
      .addColumn('provedor', 'varchar(16)', notNull)
      .addColumn('ativa', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('config_json', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('estado', 'varchar(8)', (c) => c.notNull().defaultTo('ok'))
      .addColumn('erro', 'text')
      .addColumn('testado_em', 'text')
      .addColumn('criado_em', 'text', notNull)
      .addColumn('atualizado_em', 'text', notNull)
      .addColumn('removida_em', 'text')
      .execute();
    await db.schema
      .createIndex('conta_pagamento_estabelecimento_idx')
      .on('conta_pagamento')
      .columns(['idestabelecimento', 'provedor'])
      .execute();
    // One account charging per establishment (a partial index: SQLite and PostgreSQL both).
    await sql`create unique index conta_pagamento_ativa_idx on conta_pagamento (idestabelecimento)
      where ativa = 1 and removida_em is null`.execute(db);
    await db.schema.alterTable('pagamento').addColumn('idconta', 'integer').execute();
  },
  async down(db) {
    await db.schema.alterTable('pagamento').dropColumn('idconta').execute();
    await db.schema.dropTable('conta_pagamento').ifExists().execute();
  },
};

/**
 * Issue 22 parts 1 and 6 (the rest): a message of a PIX attempt names it (`idpagamento`: the
 * pending code and its reminder are dropped once that attempt is paid, expired or renewed); the
 * mail outbox keeps each message's Message-ID, unique, so a send repeated after a crash is
 * recorded (and, by SMTP, sent with the same Message-ID) once; the drawer's per-order read.
 */
const notificacoesEnvio: Migration = {
  async up(db) {
    await db.schema.alterTable('notificacao').addColumn('idpagamento', 'integer').execute();
    await db.schema.createIndex('notificacao_pedido_idx').on('notificacao').column('idpedido').execute();
    await db.schema.alterTable('mail_outbox').addColumn('message_id', 'varchar(200)').execute();
    await db.schema
      .createIndex('mail_outbox_message_id_idx')
      .on('mail_outbox')
      .column('message_id')
      .unique()
      .execute();
  },
  async down(db) {
    await db.schema.dropIndex('mail_outbox_message_id_idx').execute();
    await db.schema.alterTable('mail_outbox').dropColumn('message_id').execute();
    await db.schema.dropIndex('notificacao_pedido_idx').execute();
    await db.schema.alterTable('notificacao').dropColumn('idpagamento').execute();
  },
};

/**
 * Issue 23 part 4: the restaurant's brand, its colour and logo with the installed app's icons
 * made from it (PNG bytes: `bytea` on PostgreSQL, `blob` on SQLite). One row per establishment.
 */
const marca: Migration = {
  async up(db) {
    const bytes = dialectOf(db) === 'postgres' ? 'bytea' : 'blob';
    await db.schema
      .createTable('marca')
      .addColumn('idestabelecimento', 'integer', (c) =>
        c.primaryKey().references('estabelecimento.id').onDelete('cascade'),
      )
      .addColumn('cor', 'text')
      .addColumn('logo', bytes)
      .addColumn('icone_192', bytes)
      .addColumn('icone_512', bytes)
      .addColumn('icone_mascara', bytes)
      .addColumn('versao', 'text', notNull)
      .addColumn('atualizado_em', 'text', notNull)
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('marca').ifExists().execute();
  },
};

/**
 * 0026 (issue 23 part 5): the host names of each establishment (modules/establishments/dominio.ts):
 * a request with one of them as its Host opens that establishment's menu. `host` is stored
 * normalised (lowercase, punycode, no port, no trailing dot), so its unique index is
 * case-insensitive; one host belongs to one establishment.
 */
const dominio: Migration = {
  async up(db) {
    await db.schema
      .createTable('dominio')
      .addColumn('id', 'integer', idColumn(db))
      .addColumn('idestabelecimento', 'integer', cascade('estabelecimento.id'))
      .addColumn('host', 'varchar(253)', (c) => c.notNull().unique())
      .addColumn('criado_em', 'text', notNull)
      .execute();
    await db.schema
      .createIndex('dominio_estabelecimento_idx')
      .on('dominio')
      .column('idestabelecimento')
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('dominio').ifExists().execute();
  },
};

/**
 * WhatsApp Business Cloud API (issue 22 part 2): one number per establishment, the messages sent
 * on it with their status, the status updates applied (a replayed webhook changes nothing), the
 * inbound messages; the customer's WhatsApp number on their consent.
 */
const whatsapp: Migration = {
  async up(db) {
    const id = idColumn(db);
    await db.schema.alterTable('notificacao_consentimento').addColumn('telefone', 'varchar(20)').execute();
    await db.schema
      .createTable('whatsapp_conta')
      .addColumn('idestabelecimento', 'integer', (c) =>
        c.primaryKey().references('estabelecimento.id').onDelete('cascade'),
      )
      .addColumn('phone_number_id', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('waba_id', 'varchar(64)', notNull)
      .addColumn('estado', 'varchar(16)', notNull)
      .addColumn('erro', 'text')
      .addColumn('verify_token', 'varchar(80)', (c) => c.notNull().unique())
      .addColumn('desligados', 'text', notNull)
      .addColumn('atualizado_em', 'text', notNull)
      .execute();
    await db.schema
      .createTable('whatsapp_mensagem')
      .addColumn('id', 'integer', id)
      .addColumn('idestabelecimento', 'integer', cascade('estabelecimento.id'))
      .addColumn('idnotificacao', 'integer')
      .addColumn('wamid', 'varchar(160)', (c) => c.notNull().unique())
      .addColumn('para', 'varchar(20)', notNull)
      .addColumn('modelo', 'varchar(64)', notNull)
      .addColumn('categoria', 'varchar(16)', notNull)
      .addColumn('status', 'varchar(16)', notNull)
      .addColumn('erro', 'text')
      .addColumn('criado_em', 'text', notNull)
      .addColumn('atualizado_em', 'text', notNull)
      .execute();
    await db.schema
      .createIndex('whatsapp_mensagem_mes_idx')
      .on('whatsapp_mensagem')
      .columns(['idestabelecimento', 'criado_em'])
      .execute();
    await db.schema
      .createTable('whatsapp_status')
      .addColumn('wamid', 'varchar(160)', notNull)
      .addColumn('status', 'varchar(16)', notNull)
      .addColumn('recebido_em', 'text', notNull)
      .addPrimaryKeyConstraint('whatsapp_status_pk', ['wamid', 'status'])
      .execute();
    await db.schema
      .createTable('whatsapp_entrada')
      .addColumn('id', 'integer', id)
      .addColumn('idestabelecimento', 'integer', cascade('estabelecimento.id'))
      .addColumn('wamid', 'varchar(160)', (c) => c.notNull().unique())
      .addColumn('de', 'varchar(20)', notNull)
      .addColumn('idcliente', 'integer')
      .addColumn('texto', 'text', notNull)
      .addColumn('recebido_em', 'text', notNull)
      .addColumn('lida', 'integer', notNull)
      .execute();
    await db.schema
      .createIndex('whatsapp_entrada_de_idx')
      .on('whatsapp_entrada')
      .columns(['idestabelecimento', 'de', 'recebido_em'])
      .execute();
  },
  async down(db) {
    for (const t of ['whatsapp_entrada', 'whatsapp_status', 'whatsapp_mensagem', 'whatsapp_conta'])
      await db.schema.dropTable(t).ifExists().execute();
    await db.schema.alterTable('notificacao_consentimento').dropColumn('telefone').execute();
  },
};

/**
 * Issue 24 part 3: Open Delivery (Rango as the Ordering Application). The owner's credentials for
 * the restaurant's POS (the secret only as its SHA-256), the bearer tokens handed out (hashed),
 * the standard's events fanned out from `evento` per establishment (acknowledged one by one), and
 * how far that fan-out has read the log.
 */
const opendelivery: Migration = {
  async up(db) {
    const id = idColumn(db);
    await db.schema
      .createTable('opendelivery_credencial')
      .addColumn('id', 'integer', id)
      .addColumn('idestabelecimento', 'integer', cascade('estabelecimento.id'))
      .addColumn('client_id', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('segredo_hash', 'varchar(64)', notNull)
      .addColumn('final', 'varchar(8)', notNull)
      .addColumn('criado_em', 'text', notNull)
      .addColumn('revogado_em', 'text')
      .addColumn('ultimo_polling_em', 'text')
      .addColumn('ultimo_ack_em', 'text')
      .addColumn('acks', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('opendelivery_credencial_estabelecimento_idx')
      .on('opendelivery_credencial')
      .column('idestabelecimento')
      .execute();
    await db.schema
      .createTable('opendelivery_token')
      .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('idcredencial', 'integer', cascade('opendelivery_credencial.id'))
      .addColumn('idestabelecimento', 'integer', notNull)
      .addColumn('expira_em', 'text', notNull)
      .execute();
    await db.schema
      .createIndex('opendelivery_token_expira_idx')
      .on('opendelivery_token')
      .column('expira_em')
      .execute();
    await db.schema
      .createTable('opendelivery_evento')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('idestabelecimento', 'integer', cascade('estabelecimento.id'))
      .addColumn('idpedido', 'integer', notNull)
      .addColumn('pedido_uuid', 'varchar(64)', notNull)
      .addColumn('tipo', 'varchar(40)', notNull)
      .addColumn('metadata', 'text')
      .addColumn('criado_em', 'text', notNull)
      .addColumn('posicao', 'bigint', notNull)
      .addColumn('ack_em', 'text')
      .execute();
    await db.schema
      .createIndex('opendelivery_evento_pendente_idx')
      .on('opendelivery_evento')
      .columns(['idestabelecimento', 'ack_em', 'criado_em'])
      .execute();
    await db.schema
      .createTable('opendelivery_cursor')
      .addColumn('idestabelecimento', 'integer', (c) =>
        c.primaryKey().references('estabelecimento.id').onDelete('cascade'),
      )
      .addColumn('txid', 'bigint', notNull)
      .addColumn('idevento', 'bigint', notNull)
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('opendelivery_cursor').ifExists().execute();
    await db.schema.dropTable('opendelivery_evento').ifExists().execute();
    await db.schema.dropTable('opendelivery_token').ifExists().execute();
    await db.schema.dropTable('opendelivery_credencial').ifExists().execute();
  },
};

/**
 * Issue 24 parts 4 and 5: an order's channel ('rango' | 'ifood' | 'opendelivery') and its id at
 * that channel, unique per channel and establishment (an iFood order is imported once however
 * many instances poll: the conditional insert meets this key). The iFood connections (the
 * merchant id; the app's client id and secret are in the secrets store), the status actions and
 * catalogue changes owed to iFood (an outbox with retries, one row per order and action or item
 * and state) and the outbox's cursor over `evento`, starting at the log's end.
 */
const canais: Migration = {
  async up(db) {
    const postgres = dialectOf(db) === 'postgres';
    const id = idColumn(db);
    await db.schema
      .alterTable('pedido')
      .addColumn('canal', 'varchar(16)', (c) => c.notNull().defaultTo('rango'))
      .execute();
    await db.schema.alterTable('pedido').addColumn('id_externo', 'varchar(80)').execute();
    await db.schema
      .createIndex('pedido_canal_externo_uq')
      .on('pedido')
      .columns(['idestabelecimento', 'canal', 'id_externo'])
      .unique()
      .execute();
    await db.schema
      .createTable('ifood_loja')
      .addColumn('idestabelecimento', 'integer', (c) =>
        c.primaryKey().references('estabelecimento.id').onDelete('cascade'),
      )
      .addColumn('merchant_id', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('ativo', 'integer', notNull)
      .addColumn('ultima_consulta_em', 'text')
      .addColumn('ultimo_erro', 'text')
      .addColumn('criado_em', 'text', notNull)
      .addColumn('atualizado_em', 'text', notNull)
      .execute();
    await db.schema
      .createTable('ifood_acao')
      .addColumn('id', 'integer', id)
      .addColumn('chave', 'varchar(120)', (c) => c.notNull().unique())
      .addColumn('idestabelecimento', 'integer', cascade('estabelecimento.id'))
      .addColumn('idpedido', 'integer', (c) => c.references('pedido.id').onDelete('cascade'))
      .addColumn('acao', 'varchar(32)', notNull)
      .addColumn('alvo', 'varchar(80)', notNull)
      .addColumn('corpo', 'text')
      .addColumn('estado', 'varchar(16)', notNull)
      .addColumn('tentativas', 'integer', notNull)
      .addColumn('proxima_em', 'text', notNull)
      .addColumn('erro', 'text')
      .addColumn('criado_em', 'text', notNull)
      .addColumn('atualizado_em', 'text', notNull)
      .execute();
    await db.schema
      .createIndex('ifood_acao_pendente_idx')
      .on('ifood_acao')
      .columns(['estado', 'proxima_em'])
      .execute();
    await db.schema.createIndex('ifood_acao_pedido_idx').on('ifood_acao').column('idpedido').execute();
    await db.schema
      .createTable('ifood_cursor')
      .addColumn('nome', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('txid', 'bigint', notNull)
      .addColumn('idevento', 'bigint', notNull)
      .execute();
    await sql`insert into ifood_cursor (nome, txid, idevento)
      select 'ifood', coalesce(max(${sql.raw(postgres ? 'txid' : '0')}), 0), coalesce(max(id), 0)
      from evento ${sql.raw(postgres ? 'where txid < pg_snapshot_xmin(pg_current_snapshot())::text::bigint' : '')}`.execute(
      db,
    );
  },
  async down(db) {
    for (const t of ['ifood_cursor', 'ifood_acao', 'ifood_loja'])
      await db.schema.dropTable(t).ifExists().execute();
    await db.schema.dropIndex('pedido_canal_externo_uq').ifExists().execute();
    await db.schema.alterTable('pedido').dropColumn('id_externo').execute();
    await db.schema.alterTable('pedido').dropColumn('canal').execute();
  },
};

/**
 * Issue 23: pagamento.gateway wide enough for 'mercadopago'; a saved card belongs to the provider that tokenised it (a Cielo token means nothing to
 * Mercado Pago): the checkout offers only the saved cards of the establishment's provider. Cards
 * saved before have none (the environment's gateway tokenised them).
 */
const cartaoProvedor: Migration = {
  async up(db) {
    await db.schema.alterTable('cartao').addColumn('provedor', 'varchar(16)').execute();
    // 'mercadopago' is 11 characters and Mercado Pago's status_detail (our return_code) up to 36
    // ('cc_rejected_bad_filled_security_code'): pagamento.gateway was varchar(10) and return_code
    // varchar(20) (PostgreSQL enforces them; SQLite does not).
    if (dialectOf(db) === 'postgres') {
      await sql`alter table pagamento alter column gateway type varchar(16)`.execute(db);
      await sql`alter table pagamento alter column return_code type varchar(64)`.execute(db);
    }
  },
  async down(db) {
    await db.schema.alterTable('cartao').dropColumn('provedor').execute();
    if (dialectOf(db) === 'postgres') {
      await sql`alter table pagamento alter column gateway type varchar(10) using left(gateway, 10)`.execute(
        db,
      );
      await sql`alter table pagamento alter column return_code type varchar(20) using left(return_code, 20)`.execute(
        db,
      );
    }
  },
};

/**
 * Issue 23 (Mercado Pago OAuth and the platform's fee): the OAuth flows under way (`state` only as
 * its SHA-256, bound to the establishment and the staff member who started it, short-lived, used
 * once; the PKCE verifier in the secrets store), an OAuth account's token expiry (the refresh
 * job's index), the platform operator's fee per establishment (basis points) and, on each
 * payment attempt, the fee it carried (cents).
 */
const mercadoPagoOauth: Migration = {
  async up(db) {
    await db.schema
      .createTable('mercadopago_conexao')
      .addColumn('id', 'integer', idColumn(db))
      .addColumn('idestabelecimento', 'integer', cascade('estabelecimento.id'))
      .addColumn('idfuncionario', 'integer', notNull)
      .addColumn('state_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('criado_em', 'text', notNull)
      .addColumn('expira_em', 'text', notNull)
      .addColumn('usado_em', 'text')
      .execute();
    await db.schema.alterTable('conta_pagamento').addColumn('token_expira_em', 'text').execute();
    await db.schema
      .createIndex('conta_pagamento_token_expira_idx')
      .on('conta_pagamento')
      .column('token_expira_em')
      .execute();
    await db.schema
      .createTable('taxa_plataforma')
      .addColumn('idestabelecimento', 'integer', (c) =>
        c.primaryKey().references('estabelecimento.id').onDelete('cascade'),
      )
      .addColumn('bp', 'integer', notNull)
      .addColumn('atualizado_em', 'text', notNull)
      .execute();
    await db.schema
      .alterTable('pagamento')
      .addColumn('taxa_plataforma', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db) {
    await db.schema.alterTable('pagamento').dropColumn('taxa_plataforma').execute();
    await db.schema.dropTable('taxa_plataforma').ifExists().execute();
    await db.schema.dropIndex('conta_pagamento_token_expira_idx').ifExists().execute();
    await db.schema.alterTable('conta_pagamento').dropColumn('token_expira_em').execute();
    await db.schema.dropTable('mercadopago_conexao').ifExists().execute();
  },
};

/**
 * Issue 24 part 3: the store's contact data for its Open Delivery merchant document (basicInfo's
 * document, contactEmails, contactPhones.whatsappNumber), edited on the panel's 'Loja'. Null
 * until the owner gives them.
 */
const estabelecimentoContato: Migration = {
  async up(db) {
    await db.schema.alterTable('estabelecimento').addColumn('cnpj', 'varchar(14)').execute();
    await db.schema.alterTable('estabelecimento').addColumn('email_contato', 'varchar(150)').execute();
    await db.schema.alterTable('estabelecimento').addColumn('whatsapp', 'varchar(20)').execute();
  },
  async down(db) {
    await db.schema.alterTable('estabelecimento').dropColumn('whatsapp').execute();
    await db.schema.alterTable('estabelecimento').dropColumn('email_contato').execute();
    await db.schema.alterTable('estabelecimento').dropColumn('cnpj').execute();
  },
};

/**
 * Mercado Pago token renewal made durable (issue 23): `renovando_ate`, the lease of a renewal in
 * flight (another instance may take it over once it passes); `reconectar_desde`, when Mercado Pago
 * refused the refresh token while the access token still works (a renewal whose answer was lost):
 * the account keeps working until `token_expira_em` and the owner is asked to reconnect.
 */
const contaRenovacao: Migration = {
  async up(db) {
    await db.schema.alterTable('conta_pagamento').addColumn('renovando_ate', 'text').execute();
    await db.schema.alterTable('conta_pagamento').addColumn('reconectar_desde', 'text').execute();
  },
  async down(db) {
    await db.schema.alterTable('conta_pagamento').dropColumn('reconectar_desde').execute();
    await db.schema.alterTable('conta_pagamento').dropColumn('renovando_ate').execute();
  },
};

export const migrations: Record<string, Migration> = {
  '0001_catalogo': catalogo,
  '0002_contas': contas,
  '0003_senha_no_token': senhaNoToken,
  '0004_remocao_social': remocaoSocial,
  '0005_cupons': cupons,
  '0006_pedidos': pedidos,
  '0007_pagamentos': pagamentos,
  '0008_painel': painel,
  '0009_backoffice': backoffice,
  '0010_excecoes_horario': excecoesHorario,
  '0011_relatorios': relatorios,
  '0012_relatorios_indices': relatoriosIndices,
  '0013_relatorio_dia': relatorioDia,
  '0014_estabelecimento_coordenadas': coordenadasEstabelecimento,
  '0015_formapgto_lados': formasLados,
  '0016_relatorio_fila': relatorioFila,
  '0017_relatorio_fila_repetida': relatorioFilaRepetida,
  '0018_funcionario_convite': funcionarioConvite,
  '0019_segredos': segredos,
  '0020_estabelecimento_aprovado': estabelecimentoAprovado,
  '0021_webhooks': webhooks,
  '0022_avaliacao': avaliacao,
  '0023_notificacoes': notificacoes,
  '0024_conta_pagamento': contaPagamento,
  '0025_marca': marca,
  '0026_dominio': dominio,
  '0027_whatsapp': whatsapp,
  '0028_notificacoes_envio': notificacoesEnvio,
  '0029_opendelivery': opendelivery,
  '0030_canais': canais,
  '0031_cartao_provedor': cartaoProvedor,
  '0032_mercadopago_oauth': mercadoPagoOauth,
  '0034_estabelecimento_contato': estabelecimentoContato,
  '0035_conta_renovacao': contaRenovacao,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

async function migratorFor(db: Db): Promise<Migrator> {
  // Kysely looks for its own tables in every schema unless told which one: with several
  // schemas in one PostgreSQL database (the test suites each use one) it would find another
  // schema's kysely_migration_lock and skip creating its own.
  const migrationTableSchema =
    dialectOf(db) === 'postgres'
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s
      : undefined;
  if (!migrationTableSchema) return new Migrator({ db, provider });
  return new Migrator({ db: soEsteSchema(db, migrationTableSchema), provider, migrationTableSchema });
}

/**
 * The database as the migrator sees it on PostgreSQL: Kysely asks whether its own tables exist by
 * introspecting every schema of the database, and a schema dropped meanwhile by another process
 * (a test suite ending beside this one) fails that query ('schema t_… does not exist'). Its
 * introspection here lists only this schema's tables; the rest is the same database.
 */
function soEsteSchema(db: Db, schema: string): Db {
  const introspection: DatabaseIntrospector = {
    getSchemas: () => db.introspection.getSchemas(),
    getMetadata: () => db.introspection.getMetadata(),
    async getTables() {
      const { rows } = await sql<{ name: string; tipo: string }>`
        select table_name as name, table_type as tipo from information_schema.tables
        where table_schema = ${schema}`.execute(db);
      return rows.map((r) => ({ name: r.name, schema, isView: r.tipo === 'VIEW', columns: [] }));
    },
  };
  return new Proxy(db, {
    get(alvo, chave) {
      if (chave === 'introspection') return introspection;
      const valor: unknown = Reflect.get(alvo, chave, alvo);
      return typeof valor === 'function' ? valor.bind(alvo) : valor;
    },
  });
}

/** Runs every pending migration; throws the first failure. Safe to call on every start. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = await migratorFor(db);
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** The migrations this code knows that the database has not run (readiness: /readyz). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const all = await (await migratorFor(db)).getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
