import { STATUS } from '@rango/domain';
import { TIPOS_RELATORIO, TOP_RELATORIO, periodoUtc } from '@rango/domain/painel/relatorio';
import type { LinhaItem, Relatorio, RelatorioQuery } from '@rango/domain/painel/relatorio';
import type { Db } from '../../db/index.ts';
import { STATUS_CANCELADOS, reportsRepository as repo } from './repository.ts';
import type { LinhaItemRow } from './repository.ts';

/** A payment method's name when the order has none recorded (orders before it was kept). */
const FORMA_DESCONHECIDA = 'Não informada';

const cancelado = (status: number) => (STATUS_CANCELADOS as readonly number[]).includes(status);

function tops(rows: LinhaItemRow[]): { porQuantidade: LinhaItem[]; porReceita: LinhaItem[] } {
  const linha = ({ id, descricao, quantidade, receita }: LinhaItemRow): LinhaItem => ({
    id,
    descricao,
    quantidade,
    receita,
  });
  return {
    porQuantidade: rows
      .filter((r) => r.rq <= TOP_RELATORIO)
      .sort((a, b) => a.rq - b.rq)
      .map(linha),
    porReceita: rows
      .filter((r) => r.rv <= TOP_RELATORIO)
      .sort((a, b) => a.rv - b.rv)
      .map(linha),
  };
}

export interface ReportsService {
  relatorio(idestabelecimento: number, q: RelatorioQuery): Promise<Relatorio>;
  nomeEstabelecimento(idestabelecimento: number): Promise<string>;
}

/** The sales report of one establishment over a period (definitions: domain painel/relatorio.ts). */
export function createReportsService(db: Db): ReportsService {
  return {
    async relatorio(idestabelecimento, q) {
      const periodo = { idestabelecimento, ...periodoUtc(q.de, q.ate) };
      // Independent aggregates: on PostgreSQL each on its own pooled connection, at the same time.
      const [grupos, produtos, opcoes, estornos] = await Promise.all([
        repo.gruposPedidos(db, periodo),
        repo.topItens(db, periodo, 'produto', TOP_RELATORIO),
        repo.topItens(db, periodo, 'opcao', TOP_RELATORIO),
        repo.estornos(db, periodo),
      ]);
      let pedidos = 0;
      let receita = 0;
      const cancelamentos = { pedidos: 0, valor: 0 };
      const formas = new Map<string, { pedidos: number; receita: number }>();
      const tipos = new Map(TIPOS_RELATORIO.map((t) => [t, { pedidos: 0, receita: 0 }]));
      const horas = Array.from({ length: 24 }, (_, hora) => ({ hora, pedidos: 0, receita: 0 }));
      for (const g of grupos) {
        if (cancelado(g.status)) {
          cancelamentos.pedidos += g.pedidos;
          cancelamentos.valor += g.valor;
          continue;
        }
        if (g.status === STATUS.PgtoPendente) continue;
        pedidos += g.pedidos;
        receita += g.valor;
        const nome = g.formapgto ?? FORMA_DESCONHECIDA;
        const f = formas.get(nome) ?? { pedidos: 0, receita: 0 };
        f.pedidos += g.pedidos;
        f.receita += g.valor;
        formas.set(nome, f);
        const t = tipos.get(g.tipo);
        if (t) {
          t.pedidos += g.pedidos;
          t.receita += g.valor;
        }
        const h = horas[g.hora];
        if (h) {
          h.pedidos += g.pedidos;
          h.receita += g.valor;
        }
      }
      const estornado = estornos.find((e) => e.estado === 'estornado');
      const pendente = estornos.find((e) => e.estado === 'estorno_pendente');
      return {
        de: q.de,
        ate: q.ate,
        pedidos,
        receita,
        ticketMedio: pedidos > 0 ? Math.round(receita / pedidos) : 0,
        porFormaPagamento: [...formas]
          .map(([forma, f]) => ({ forma, ...f }))
          .sort((a, b) => b.receita - a.receita || b.pedidos - a.pedidos || a.forma.localeCompare(b.forma)),
        porTipo: TIPOS_RELATORIO.map((tipo) => ({ tipo, ...tipos.get(tipo)! })),
        cancelamentos,
        estornos: {
          pagamentos: estornado?.pagamentos ?? 0,
          valor: estornado?.valor ?? 0,
          pendentes: pendente?.pagamentos ?? 0,
          valorPendente: pendente?.valor ?? 0,
        },
        produtos: tops(produtos),
        opcoes: tops(opcoes),
        porHora: horas,
      };
    },
    nomeEstabelecimento: (id) => repo.nomeEstabelecimento(db, id),
  };
}
