import type { AuditTables } from './tables/audit.ts';
import type { AuthTables } from './tables/auth.ts';
import type { AvaliacaoTables } from './tables/avaliacao.ts';
import type { CardapioTables } from './tables/cardapio.ts';
import type { CartaoTables } from './tables/cartao.ts';
import type { ClienteTables } from './tables/cliente.ts';
import type { CupomTables } from './tables/cupom.ts';
import type { EnderecoTables } from './tables/endereco.ts';
import type { EstabelecimentoTables } from './tables/estabelecimento.ts';
import type { EventsTables } from './tables/events.ts';
import type { FuncionarioTables } from './tables/funcionario.ts';
import type { IfoodTables } from './tables/ifood.ts';
import type { InfraTables } from './tables/infra.ts';
import type { MarcaTables } from './tables/marca.ts';
import type { OperadorTables } from './tables/operador.ts';
import type { PagamentoTables } from './tables/pagamento.ts';
import type { PedidoTables } from './tables/pedido.ts';
import type { RelatorioTables } from './tables/relatorio.ts';
import type { SecretsTables } from './tables/secrets.ts';
import type { NotificacoesTables } from './tables/notificacoes.ts';
import type { WebhooksTables } from './tables/webhooks.ts';
import type { OpendeliveryTables } from './tables/opendelivery.ts';

// Every table's row type, from this one place as before the split.
export type * from './tables/audit.ts';
export type * from './tables/auth.ts';
export type * from './tables/avaliacao.ts';
export type * from './tables/cardapio.ts';
export type * from './tables/cartao.ts';
export type * from './tables/cliente.ts';
export type * from './tables/cupom.ts';
export type * from './tables/endereco.ts';
export type * from './tables/estabelecimento.ts';
export type * from './tables/events.ts';
export type * from './tables/funcionario.ts';
export type * from './tables/ifood.ts';
export type * from './tables/infra.ts';
export type * from './tables/marca.ts';
export type * from './tables/operador.ts';
export type * from './tables/pagamento.ts';
export type * from './tables/pedido.ts';
export type * from './tables/relatorio.ts';
export type * from './tables/secrets.ts';
export type * from './tables/notificacoes.ts';
export type * from './tables/webhooks.ts';
export type * from './tables/opendelivery.ts';

/**
 * The database as Kysely sees it. Table and column names follow the spec's Portuguese wire
 * names. Money is integer cents; booleans are integers 0/1 (portable across SQLite and
 * PostgreSQL); times are 'HH:MM:SS' text.
 *
 * Each owner's tables (scripts/check-table-owners.mjs) live in `db/tables/<owner>.ts`; a new
 * table goes in its owner's `…Tables`, or as a line here until it has one.
 */
export interface Database
  extends
    EstabelecimentoTables,
    CardapioTables,
    CupomTables,
    ClienteTables,
    AuthTables,
    EnderecoTables,
    CartaoTables,
    PedidoTables,
    PagamentoTables,
    FuncionarioTables,
    OperadorTables,
    EventsTables,
    AuditTables,
    RelatorioTables,
    SecretsTables,
    AvaliacaoTables,
    WebhooksTables,
    OpendeliveryTables,
    NotificacoesTables,
    MarcaTables,
    IfoodTables,
    InfraTables {
  // A table whose owner has no file in db/tables yet: one line here (name: its row type).
}
