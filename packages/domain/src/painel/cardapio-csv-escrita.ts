// The menu as a CSV file (cardapio-io.ts).
import { campoCsv } from '../csv.ts';
import { centsToReais, reaisToCents } from '../money.ts';
import type { GrupoOpcao, Opcao, Produto } from '../schemas.ts';
import { COLUNAS_CSV, PASSO, concluir } from './cardapio-arquivo.ts';
import type { CardapioArquivo } from './cardapio-arquivo.ts';
// --- CSV text -----------------------------------------------------------------------------------

/** Reais with a comma, as many decimals as needed (at most 2 for money). */
const reaisCsv = (cents: number): string => {
  const r = centsToReais(cents);
  return Number.isInteger(r) ? String(r) : r.toFixed(2).replace('.', ',');
};
const numeroCsv = (n: number): string => String(n).replace('.', ',');

// A row is four runs of columns — category, product, group, option — each written once as text
// (a product's under each of its rows, a shared option under each product): every cell through
// campoCsv, the same guard against formulas as the sales report's CSV.
const COLUNAS_CATEGORIA = 2;
const COLUNAS_PRODUTO = 9;
const COLUNAS_GRUPO = 9;
const COLUNAS_OPCAO = 14;
const trecho = (cells: string[]): string => cells.map(campoCsv).join(';');
const trechoVazio = (n: number): string => ';'.repeat(n - 1);

function trechoOpcao(o: Opcao): string {
  return trecho([
    String(o.idopcao),
    o.descricao,
    o.detalhe ?? '',
    String(o.quantidade),
    String(o.qtdpadrao),
    String(o.qtdmax),
    reaisCsv(o.preco),
    reaisCsv(o.precooferta),
    String(o.stindisponivel),
    reaisCsv(o.valorafetatudo),
    o.stpercentualafetaopcao ? numeroCsv(o.valorafetaopcao) : reaisCsv(o.valorafetaopcao),
    String(o.stpercentualafetaopcao),
    o.stpercentualafetaproduto ? numeroCsv(o.valorafetaproduto) : reaisCsv(o.valorafetaproduto),
    String(o.stpercentualafetaproduto),
  ]);
}

function trechoGrupo(g: GrupoOpcao): string {
  return trecho([
    String(g.idgrupoopcao),
    g.descricao,
    g.multiplo ? '1' : '0',
    String(g.qtdinclusa),
    String(g.qtdmultiplomin),
    String(g.qtdmultiplomax),
    String(g.stprecopraticado),
    String(g.stnegagrupoopcao),
    String(g.stindisponivel),
  ]);
}

function trechoProduto(p: Produto): string {
  return trecho([
    String(p.idproduto),
    p.descricao,
    p.detalhe ?? '',
    p.imagem ?? '',
    reaisCsv(reaisToCents(p.preco)),
    reaisCsv(reaisToCents(p.precooferta)),
    String(p.stindisponivel),
    String(p.quantidade),
    p.observacoes ?? '',
  ]);
}

/** cardapioParaCsv in steps (see concluir). */
export function* cardapioParaCsvEmPassos(a: CardapioArquivo): Generator<void, string> {
  const partes: string[] = [`\uFEFF${COLUNAS_CSV.join(';')}\r\n`];
  const opcoes = new Map<Opcao, string>();
  const linhasGrupo = (g: GrupoOpcao): string[] => {
    const grupo = trechoGrupo(g);
    if (g.opcoes.length === 0) return [`${grupo};${trechoVazio(COLUNAS_OPCAO)}`];
    return g.opcoes.map((o) => {
      let t = opcoes.get(o);
      if (t === undefined) opcoes.set(o, (t = trechoOpcao(o)));
      return `${grupo};${t}`;
    });
  };
  let n = 0;
  for (const c of a.grupos) {
    const cat = trecho([String(c.idgrupo), c.descricao]);
    if (c.produtos.length === 0)
      partes.push(`${cat};${trechoVazio(COLUNAS_PRODUTO + COLUNAS_GRUPO + COLUNAS_OPCAO)}\r\n`);
    for (const p of c.produtos) {
      const prod = `${cat};${trechoProduto(p)}`;
      if (p.grupoopcoes.length === 0)
        partes.push(`${prod};${trechoVazio(COLUNAS_GRUPO + COLUNAS_OPCAO)}\r\n`);
      for (const g of p.grupoopcoes) for (const l of linhasGrupo(g)) partes.push(`${prod};${l}\r\n`);
      if (++n % PASSO === 0) yield;
    }
  }
  const semProduto = trechoVazio(COLUNAS_CATEGORIA + COLUNAS_PRODUTO);
  for (const g of a.gruposopcao_avulsos ?? []) {
    for (const l of linhasGrupo(g)) partes.push(`${semProduto};${l}\r\n`);
    if (++n % PASSO === 0) yield;
  }
  return partes.join('');
}

/** The file as CSV text (with a BOM). */
export function cardapioParaCsv(a: CardapioArquivo): string {
  return concluir(cardapioParaCsvEmPassos(a));
}
