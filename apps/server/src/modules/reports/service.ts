import { CANAIS, STATUS, wallClock } from '@rango/domain';
import {
  MAX_DIAS_RELATORIO,
  MSG_RELATORIO,
  TIPOS_RELATORIO,
  TOP_RELATORIO,
  periodoUtc,
  resumoPagamentosOnline,
} from '@rango/domain/painel/relatorio';
import type { LinhaItem, Relatorio, RelatorioQuery } from '@rango/domain/painel/relatorio';
import type { Db } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import { incorporarPendentes } from './pendentes.ts';
import { STATUS_CANCELADOS, reportsRepository as repo } from './repository.ts';
import type { ChaveDia } from './repository.ts';

/** A payment method's name when the order has none recorded. */
const FORMA_DESCONHECIDA = 'Não informada';
/**
 * Days kept computed in relatorio_dia: those that ended at least this many days ago (today and
 * yesterday still change all the time, and are cheap to compute).
 */
const DIAS_ABERTOS = 2;
const DIA_MS = 86_400_000;
/** Separate runs of missing days computed one by one up to this many; more, as one range. */
const MAX_FAIXAS = 4;

const cancelado = (status: number) => (STATUS_CANCELADOS as readonly number[]).includes(status);
const somarDias = (dia: string, dias: number) =>
  new Date(Date.parse(dia) + dias * DIA_MS).toISOString().slice(0, 10);
/** A day's number since 1970-01-01 ('YYYY-MM-DD'), and back. */
const numeroDia = (dia: string) => Date.parse(dia) / DIA_MS;
const diaDoNumero = (n: number) => new Date(n * DIA_MS).toISOString().slice(0, 10);
/** The São Paulo day of a row: its UTC date, or the day before for orders placed before 03:00 UTC. */
const diaSp = (c: ChaveDia) => (c.madrugada ? somarDias(c.dutc, -1) : c.dutc);

/** One São Paulo day's aggregates, as relatorio_dia keeps them (short keys: 365 of them per year). */
interface DiaDados {
  /** [status, tipo, forma, hora, pedidos, valor, canal] (canal absent in days kept before 0030: 'rango'). */
  g: [number, 'DELIVERY' | 'TOGO', string | null, number, number, number, string?][];
  /** [idproduto, descricao, quantidade, receita] */
  p: [number, string, number, number][];
  /** [id, nome, quantidade, receita] */
  o: [number, string, number, number][];
  /** [estado, pagamentos, valor] */
  e: [string, number, number][];
}
const vazio = (): DiaDados => ({ g: [], p: [], o: [], e: [] });

function top(linhas: Map<string | number, LinhaItem>): {
  porQuantidade: LinhaItem[];
  porReceita: LinhaItem[];
} {
  const todas = [...linhas.values()];
  return {
    porQuantidade: [...todas]
      .sort((a, b) => b.quantidade - a.quantidade || b.receita - a.receita || a.id - b.id)
      .slice(0, TOP_RELATORIO),
    porReceita: [...todas]
      .sort((a, b) => b.receita - a.receita || b.quantidade - a.quantidade || a.id - b.id)
      .slice(0, TOP_RELATORIO),
  };
}

export interface ReportsService {
  /** Today in São Paulo ('YYYY-MM-DD') by the service's clock: the routes' horizon for dates. */
  hoje(): string;
  relatorio(idestabelecimento: number, q: RelatorioQuery): Promise<Relatorio>;
  nomeEstabelecimento(idestabelecimento: number): Promise<string>;
}

/**
 * The sales report of one establishment over a period (definitions: domain painel/relatorio.ts).
 * The database aggregates per São Paulo day; days that ended DIAS_ABERTOS days ago are kept in
 * relatorio_dia (triggers remove a day when anything it reads changes), so a year's report
 * computes only the days it does not have and adds up at most 366 small rows.
 */
export function createReportsService(db: Db, agora: () => Date = () => new Date()): ReportsService {
  /** The aggregates of every day in [de, ate] (both São Paulo days), computed now. */
  async function calcular(
    idestabelecimento: number,
    de: string,
    ate: string,
  ): Promise<Map<string, DiaDados>> {
    const periodo = { idestabelecimento, ...periodoUtc(de, ate) };
    // Independent aggregates: on PostgreSQL each on its own pooled connection, at the same time.
    const [grupos, produtos, opcoes, estornos] = await Promise.all([
      repo.gruposPedidos(db, periodo),
      repo.itens(db, periodo, 'produto'),
      repo.itens(db, periodo, 'opcao'),
      repo.estornos(db, periodo),
    ]);
    const dias = new Map<string, DiaDados>();
    const doDia = (c: ChaveDia) => {
      const d = diaSp(c);
      let x = dias.get(d);
      if (!x) dias.set(d, (x = vazio()));
      return x;
    };
    for (const r of grupos)
      doDia(r).g.push([r.status, r.tipo, r.formapgto, r.hora, r.pedidos, r.valor, r.canal]);
    for (const r of produtos) doDia(r).p.push([r.id, r.descricao, r.quantidade, r.receita]);
    for (const r of opcoes) doDia(r).o.push([r.id, r.descricao, r.quantidade, r.receita]);
    for (const r of estornos) doDia(r).e.push([r.estado, r.pagamentos, r.valor]);
    return dias;
  }

  return {
    async relatorio(idestabelecimento, q) {
      // The orders placed since the last fold (queued by their insert, migration 0016) first.
      await incorporarPendentes(db);
      const guardados = new Map(
        (await repo.diasGuardados(db, idestabelecimento, q.de, q.ate)).map((d) => [
          d.dia,
          JSON.parse(d.dados) as DiaDados,
        ]),
      );
      // Over day numbers, at most MAX_DIAS_RELATORIO of them whatever comes (the routes check the
      // period first; comparing the days as text looped forever past 9999-12-31, issue 20).
      const primeiro = numeroDia(q.de);
      const ultimo = numeroDia(q.ate);
      if (
        !Number.isSafeInteger(primeiro) ||
        !Number.isSafeInteger(ultimo) ||
        ultimo < primeiro ||
        ultimo - primeiro >= MAX_DIAS_RELATORIO
      ) {
        throw new HttpError(400, { ate: [MSG_RELATORIO.periodoLongo] });
      }
      const dias: string[] = [];
      for (let n = primeiro; n <= ultimo && dias.length < MAX_DIAS_RELATORIO; n++) dias.push(diaDoNumero(n));
      const faltam = dias.filter((d) => !guardados.has(d));
      const dados = new Map(guardados);
      if (faltam.length > 0) {
        // The missing days in runs of consecutive days (typically yesterday–today, and a past day
        // whose order changed), each computed over its own range; many scattered runs, as one range.
        const runs: [string, string][] = [];
        for (const d of faltam) {
          const ultimo = runs[runs.length - 1];
          if (ultimo && somarDias(ultimo[1], 1) === d) ultimo[1] = d;
          else runs.push([d, d]);
        }
        const faixas: [string, string][] =
          runs.length > MAX_FAIXAS ? [[faltam[0]!, faltam[faltam.length - 1]!]] : runs;
        const calculados = new Map<string, DiaDados>();
        for (const [de, ate] of faixas) {
          for (const [d, x] of await calcular(idestabelecimento, de, ate)) calculados.set(d, x);
        }
        const ultimoFechado = somarDias(wallClock(agora()).data, -DIAS_ABERTOS);
        const guardar: { dia: string; inicio: string; fim: string; dados: string }[] = [];
        for (const d of faltam) {
          const x = calculados.get(d) ?? vazio();
          dados.set(d, x);
          if (d <= ultimoFechado) guardar.push({ dia: d, ...periodoUtc(d, d), dados: JSON.stringify(x) });
        }
        if (guardar.length > 0) await repo.guardarDias(db, idestabelecimento, guardar);
      }

      let pedidos = 0;
      let receita = 0;
      const cancelamentos = { pedidos: 0, valor: 0 };
      const formas = new Map<string, { pedidos: number; receita: number }>();
      const tipos = new Map(TIPOS_RELATORIO.map((t) => [t, { pedidos: 0, receita: 0 }]));
      const canais = new Map(CANAIS.map((c) => [c as string, { pedidos: 0, receita: 0 }]));
      const horas = Array.from({ length: 24 }, (_, hora) => ({ hora, pedidos: 0, receita: 0 }));
      const estornos = { pagamentos: 0, valor: 0, pendentes: 0, valorPendente: 0 };
      const produtos = new Map<number, LinhaItem>();
      const opcoes = new Map<string, LinhaItem>();
      for (const d of dias) {
        const x = dados.get(d);
        if (!x) continue;
        for (const [status, tipo, forma, hora, n, valor, canal] of x.g) {
          if (cancelado(status)) {
            cancelamentos.pedidos += n;
            cancelamentos.valor += valor;
            continue;
          }
          if (status === STATUS.PgtoPendente) continue;
          pedidos += n;
          receita += valor;
          const nome = forma ?? FORMA_DESCONHECIDA;
          const f = formas.get(nome) ?? { pedidos: 0, receita: 0 };
          f.pedidos += n;
          f.receita += valor;
          formas.set(nome, f);
          const c = canais.get(canal ?? 'rango');
          if (c) {
            c.pedidos += n;
            c.receita += valor;
          }
          const t = tipos.get(tipo);
          if (t) {
            t.pedidos += n;
            t.receita += valor;
          }
          const h = horas[hora];
          if (h) {
            h.pedidos += n;
            h.receita += valor;
          }
        }
        for (const [id, descricao, quantidade, valor] of x.p) {
          const l = produtos.get(id);
          if (l) {
            l.quantidade += quantidade;
            l.receita += valor;
          } else produtos.set(id, { id, descricao, quantidade, receita: valor });
        }
        for (const [id, nome, quantidade, valor] of x.o) {
          const l = opcoes.get(nome);
          if (l) {
            l.id = Math.min(l.id, id);
            l.quantidade += quantidade;
            l.receita += valor;
          } else opcoes.set(nome, { id, descricao: nome, quantidade, receita: valor });
        }
        for (const [estado, n, valor] of x.e) {
          if (estado === 'estornado') {
            estornos.pagamentos += n;
            estornos.valor += valor;
          } else {
            estornos.pendentes += n;
            estornos.valorPendente += valor;
          }
        }
      }
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
        porCanal: CANAIS.map((canal) => ({ canal, ...canais.get(canal)! })),
        cancelamentos,
        estornos,
        produtos: top(produtos),
        opcoes: top(opcoes),
        porHora: horas,
        pagamentosOnline: resumoPagamentosOnline(
          await repo.pagamentosOnline(db, { idestabelecimento, ...periodoUtc(q.de, q.ate) }),
        ),
      };
    },
    hoje: () => wallClock(agora()).data,
    nomeEstabelecimento: (id) => repo.nomeEstabelecimento(db, id),
  };
}
