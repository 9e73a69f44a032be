/**
 * The menu's import/export formats (issue 12 part 3).
 *
 * JSON: the spec's own menu shape (GET /api/estabelecimento/{id}/menu/: categories → products →
 * option groups → options, product money in reais, option money in cents) with the ids, plus
 * `formato`/`versao` and `gruposopcao_avulsos` (groups on no product, so nothing is lost). A
 * group shared by several products appears under each with the same `idgrupoopcao` and the same
 * content. Order is the arrays' order.
 *
 * CSV: one row per option of a group of a product (a product without groups, a group without
 * options, a category without products and a group on no product have a row of their own with
 * the rest empty). ';' separated, UTF-8 with a BOM (what a Brazilian spreadsheet opens), money as
 * reais with a comma ('39,90'); percents with a comma too. Rows of the same product (same
 * produto_id, or same name in the same category when new) must agree on the product's columns.
 *
 * Importing replaces the establishment's menu with the file: things matched by id (of this
 * establishment) are updated, others created, and the establishment's things missing from the
 * file are removed.
 */
import { z } from 'zod/mini';
import { centsToReais, reaisToCents } from '../money.ts';
import { grupoMenuSchema, grupoOpcaoSchema } from '../schemas.ts';
import type { GrupoMenu, GrupoOpcao, Opcao, Produto } from '../schemas.ts';

export const FORMATO_CARDAPIO = 'rango.cardapio';

/** The JSON file. Ids are references: unknown ones (another establishment's, or new) are created. */
export const cardapioArquivoSchema = z.object({
  formato: z.literal(FORMATO_CARDAPIO),
  versao: z.literal(1),
  grupos: z.array(grupoMenuSchema),
  gruposopcao_avulsos: z.optional(z.array(grupoOpcaoSchema)),
});
export type CardapioArquivo = z.infer<typeof cardapioArquivoSchema>;

/** A refusal of an import: where (CSV line, or the JSON path) and why. */
export const importacaoErroSchema = z.object({
  /** CSV: the file's line number (the header is line 1); JSON: null. */
  linha: z.nullable(z.int()),
  /** JSON path of the thing ('grupos.0.produtos.2.preco'). */
  caminho: z.string(),
  msg: z.string(),
});
export type ImportacaoErro = z.infer<typeof importacaoErroSchema>;

/** One change an import makes (or would make, in a dry run). */
export const importacaoAlteracaoSchema = z.object({
  acao: z.enum(['criar', 'alterar', 'excluir']),
  entidade: z.enum(['categoria', 'produto', 'grupo_opcao', 'opcao']),
  /** The existing id (alterar, excluir), else null. */
  id: z.nullable(z.int()),
  descricao: z.string(),
  linha: z.nullable(z.int()),
  /**
   * A new product (a row without produto_id) named like a product the establishment has: that
   * product is not matched by name (MSG_IMPORTACAO.mesmoNome…). Absent otherwise.
   */
  aviso: z.optional(z.string()),
});
export type ImportacaoAlteracao = z.infer<typeof importacaoAlteracaoSchema>;

/** POST …/cardapio/importar/ answer (200 with aplicado true, or a dry run); 400 with erros when refused. */
export const importacaoResultadoSchema = z.object({
  aplicado: z.boolean(),
  alteracoes: z.array(importacaoAlteracaoSchema),
  erros: z.array(importacaoErroSchema),
  menu_versao: z.nullable(z.int()),
});
export type ImportacaoResultado = z.infer<typeof importacaoResultadoSchema>;

export const MSG_IMPORTACAO = {
  /** A new product named like an existing one that the file leaves out (so it is deleted). */
  mesmoNomeExcluido: (descricao: string, id: number) =>
    `Produto novo: a linha não tem produto_id. O produto “${descricao}” (id ${id}), de mesmo nome, não está no arquivo e será excluído — para alterá-lo, use o produto_id ${id}.`,
  /** A new product named like an existing one that the file keeps. */
  mesmoNomeMantido: (descricao: string, id: number) =>
    `Produto novo: a linha não tem produto_id. O produto “${descricao}” (id ${id}), de mesmo nome, continua no cardápio — serão dois.`,
  arquivoInvalido: 'O arquivo não é um cardápio do Rango (formato "rango.cardapio", versão 1).',
  jsonInvalido: 'O arquivo não é um JSON válido.',
  valorInvalido: (campo: string) => `Valor inválido em "${campo}".`,
  colunasFaltando: (cols: string[]) => `Faltam colunas: ${cols.join(', ')}.`,
  colunasDesconhecidas: (cols: string[]) => `Colunas desconhecidas: ${cols.join(', ')}.`,
  linhasDemais: (max: number) => `O arquivo tem linhas demais (máximo ${max}).`,
  arquivoGrande: 'O arquivo é grande demais (máximo 5 MB).',
  arquivoVazio: 'O arquivo está vazio.',
  aspasAbertas: 'Aspas abertas sem fechar.',
  colunasNaLinha: (n: number, esperado: number) => `A linha tem ${n} colunas; o cabeçalho tem ${esperado}.`,
  dinheiroInvalido: (campo: string) => `Valor em reais inválido em "${campo}" (use 39,90).`,
  numeroInvalido: (campo: string) => `Número inválido em "${campo}".`,
  linhaSemCategoria: 'Informe a categoria (ou deixe a linha só com o grupo de opções avulso).',
  produtoDivergente: (linha: number) => `Os dados do produto diferem dos da linha ${linha}.`,
  grupoDivergente: 'O grupo de opções aparece com conteúdos diferentes no arquivo.',
  opcaoRepetida: 'A opção aparece duas vezes no mesmo grupo.',
  produtoRepetido: 'O produto aparece em mais de uma categoria.',
  reaisComCentavos: 'Use no máximo duas casas decimais.',
} as const;

export const MAX_LINHAS_CSV = 20_000;
export const MAX_BYTES_IMPORTACAO = 5 * 1024 * 1024;

/** The CSV's columns, in order. */
export const COLUNAS_CSV = [
  'categoria_id',
  'categoria',
  'produto_id',
  'produto',
  'produto_detalhe',
  'produto_imagem',
  'produto_preco',
  'produto_precooferta',
  'produto_stindisponivel',
  'produto_quantidade',
  'produto_observacoes',
  'grupo_id',
  'grupo',
  'grupo_multiplo',
  'grupo_qtdinclusa',
  'grupo_qtdmultiplomin',
  'grupo_qtdmultiplomax',
  'grupo_stprecopraticado',
  'grupo_stnegagrupoopcao',
  'grupo_stindisponivel',
  'opcao_id',
  'opcao',
  'opcao_detalhe',
  'opcao_quantidade',
  'opcao_qtdpadrao',
  'opcao_qtdmax',
  'opcao_preco',
  'opcao_precooferta',
  'opcao_stindisponivel',
  'opcao_valorafetatudo',
  'opcao_valorafetaopcao',
  'opcao_stpercentualafetaopcao',
  'opcao_valorafetaproduto',
  'opcao_stpercentualafetaproduto',
] as const;
type Coluna = (typeof COLUNAS_CSV)[number];
type Linha = Partial<Record<Coluna, string>>;

// --- CSV text -----------------------------------------------------------------------------------

function celula(v: string): string {
  // Quote what a spreadsheet would split or read as a formula.
  if (/[";\r\n]/.test(v) || /^[=+\-@\t]/.test(v)) return `"${v.replace(/"/g, '""')}"`;
  return v;
}

/** Reais with a comma, as many decimals as needed (at most 2 for money). */
const reaisCsv = (cents: number): string => {
  const r = centsToReais(cents);
  return Number.isInteger(r) ? String(r) : r.toFixed(2).replace('.', ',');
};
const numeroCsv = (n: number): string => String(n).replace('.', ',');

function linhaOpcao(o: Opcao): Linha {
  return {
    opcao_id: String(o.idopcao),
    opcao: o.descricao,
    opcao_detalhe: o.detalhe ?? '',
    opcao_quantidade: String(o.quantidade),
    opcao_qtdpadrao: String(o.qtdpadrao),
    opcao_qtdmax: String(o.qtdmax),
    opcao_preco: reaisCsv(o.preco),
    opcao_precooferta: reaisCsv(o.precooferta),
    opcao_stindisponivel: String(o.stindisponivel),
    opcao_valorafetatudo: reaisCsv(o.valorafetatudo),
    opcao_valorafetaopcao: o.stpercentualafetaopcao
      ? numeroCsv(o.valorafetaopcao)
      : reaisCsv(o.valorafetaopcao),
    opcao_stpercentualafetaopcao: String(o.stpercentualafetaopcao),
    opcao_valorafetaproduto: o.stpercentualafetaproduto
      ? numeroCsv(o.valorafetaproduto)
      : reaisCsv(o.valorafetaproduto),
    opcao_stpercentualafetaproduto: String(o.stpercentualafetaproduto),
  };
}

function linhasGrupo(g: GrupoOpcao): Linha[] {
  const base: Linha = {
    grupo_id: String(g.idgrupoopcao),
    grupo: g.descricao,
    grupo_multiplo: g.multiplo ? '1' : '0',
    grupo_qtdinclusa: String(g.qtdinclusa),
    grupo_qtdmultiplomin: String(g.qtdmultiplomin),
    grupo_qtdmultiplomax: String(g.qtdmultiplomax),
    grupo_stprecopraticado: String(g.stprecopraticado),
    grupo_stnegagrupoopcao: String(g.stnegagrupoopcao),
    grupo_stindisponivel: String(g.stindisponivel),
  };
  return g.opcoes.length === 0 ? [base] : g.opcoes.map((o) => ({ ...base, ...linhaOpcao(o) }));
}

function linhaProduto(p: Produto): Linha {
  return {
    produto_id: String(p.idproduto),
    produto: p.descricao,
    produto_detalhe: p.detalhe ?? '',
    produto_imagem: p.imagem ?? '',
    produto_preco: reaisCsv(reaisToCents(p.preco)),
    produto_precooferta: reaisCsv(reaisToCents(p.precooferta)),
    produto_stindisponivel: String(p.stindisponivel),
    produto_quantidade: String(p.quantidade),
    produto_observacoes: p.observacoes ?? '',
  };
}

/** The file as CSV text (with a BOM). */
export function cardapioParaCsv(a: CardapioArquivo): string {
  const linhas: Linha[] = [];
  for (const c of a.grupos) {
    const cat: Linha = { categoria_id: String(c.idgrupo), categoria: c.descricao };
    if (c.produtos.length === 0) linhas.push(cat);
    for (const p of c.produtos) {
      const prod = { ...cat, ...linhaProduto(p) };
      if (p.grupoopcoes.length === 0) linhas.push(prod);
      for (const g of p.grupoopcoes) for (const l of linhasGrupo(g)) linhas.push({ ...prod, ...l });
    }
  }
  for (const g of a.gruposopcao_avulsos ?? []) linhas.push(...linhasGrupo(g));
  const texto = [
    COLUNAS_CSV.join(';'),
    ...linhas.map((l) => COLUNAS_CSV.map((c) => celula(l[c] ?? '')).join(';')),
  ];
  return `\uFEFF${texto.join('\r\n')}\r\n`;
}

/**
 * Bytes of an uploaded CSV as text: UTF-8 (BOM dropped), or Windows-1252/Latin-1 when the bytes
 * are not valid UTF-8 (a spreadsheet saved 'CSV' on Windows).
 */
export function decodificarCsv(bytes: Uint8Array): string {
  let texto: string;
  try {
    texto = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    texto = new TextDecoder('windows-1252').decode(bytes);
  }
  return texto.startsWith('\uFEFF') ? texto.slice(1) : texto;
}

/** RFC 4180 records (';' or ',' separator, quotes doubled inside quotes), each with its first line number. */
export function lerCsv(
  texto: string,
  separador = ';',
): { registros: { linha: number; campos: string[] }[] } | { erro: ImportacaoErro } {
  const registros: { linha: number; campos: string[] }[] = [];
  let campos: string[] = [];
  let campo = '';
  let aspas = false;
  let linha = 1;
  let inicio = 1;
  let i = 0;
  const fim = () => {
    campos.push(campo);
    if (!(campos.length === 1 && campos[0] === '')) registros.push({ linha: inicio, campos });
    campos = [];
    campo = '';
  };
  while (i < texto.length) {
    const ch = texto[i]!;
    if (aspas) {
      if (ch === '"') {
        if (texto[i + 1] === '"') {
          campo += '"';
          i += 2;
          continue;
        }
        aspas = false;
      } else {
        if (ch === '\n') linha++;
        campo += ch;
      }
      i++;
      continue;
    }
    if (ch === '"' && campo === '') aspas = true;
    else if (ch === separador) {
      campos.push(campo);
      campo = '';
    } else if (ch === '\r' && texto[i + 1] === '\n') {
      i++;
      continue;
    } else if (ch === '\n' || ch === '\r') {
      fim();
      linha++;
      inicio = linha;
    } else campo += ch;
    i++;
    if (registros.length > MAX_LINHAS_CSV + 1) {
      return { erro: { linha: null, caminho: '', msg: MSG_IMPORTACAO.linhasDemais(MAX_LINHAS_CSV) } };
    }
  }
  if (aspas) return { erro: { linha: inicio, caminho: '', msg: MSG_IMPORTACAO.aspasAbertas } };
  if (campo !== '' || campos.length > 0) fim();
  return { registros };
}

/** '39,90' / '39.90' / '40' → cents; undefined when not money with at most two decimals. */
function centavosDe(v: string): number | undefined {
  const t = v.trim().replace(',', '.');
  if (!/^-?\d{1,9}(\.\d{1,2})?$/.test(t)) return undefined;
  return reaisToCents(Number(t));
}
function numeroDe(v: string): number | undefined {
  const t = v.trim().replace(',', '.');
  if (!/^-?\d{1,9}(\.\d+)?$/.test(t)) return undefined;
  return Number(t);
}

/**
 * A CSV as the JSON file, with where each thing came from (its first line, by JSON path), or the
 * refusals with their line numbers. The values are checked on import like a JSON file's.
 */
export function csvParaCardapio(
  texto: string,
): { arquivo: CardapioArquivo; linhas: Map<string, number> } | { erros: ImportacaoErro[] } {
  const sep = (texto.split(/\r?\n/, 1)[0] ?? '').includes(';') ? ';' : ',';
  const lido = lerCsv(texto, sep);
  if ('erro' in lido) return { erros: [lido.erro] };
  const [cab, ...corpo] = lido.registros;
  if (!cab) return { erros: [{ linha: null, caminho: '', msg: MSG_IMPORTACAO.arquivoVazio }] };
  if (corpo.length > MAX_LINHAS_CSV)
    return { erros: [{ linha: null, caminho: '', msg: MSG_IMPORTACAO.linhasDemais(MAX_LINHAS_CSV) }] };
  const cols = cab.campos.map((c) => c.trim().toLowerCase());
  const faltando = COLUNAS_CSV.filter((c) => !cols.includes(c));
  const desconhecidas = cols.filter((c) => !(COLUNAS_CSV as readonly string[]).includes(c));
  const erros: ImportacaoErro[] = [];
  if (faltando.length > 0)
    erros.push({ linha: 1, caminho: '', msg: MSG_IMPORTACAO.colunasFaltando(faltando) });
  if (desconhecidas.length > 0)
    erros.push({ linha: 1, caminho: '', msg: MSG_IMPORTACAO.colunasDesconhecidas(desconhecidas) });
  if (erros.length > 0) return { erros };

  const linhas = new Map<string, number>();
  const categorias: GrupoMenu[] = [];
  const avulsos: GrupoOpcao[] = [];
  const catPorChave = new Map<string, GrupoMenu>();
  const prodPorChave = new Map<string, { p: Produto; linha: number; campos: string }>();
  const grupoPorChave = new Map<string, GrupoOpcao>();
  let novoId = 1_000_000_000; // file-local ids for new things without one (never an existing row's).

  for (const { linha, campos } of corpo) {
    if (campos.length !== cols.length) {
      erros.push({ linha, caminho: '', msg: MSG_IMPORTACAO.colunasNaLinha(campos.length, cols.length) });
      continue;
    }
    const l: Linha = {};
    cols.forEach((c, i) => (l[c as Coluna] = campos[i]!.trim()));
    const errosLinha: string[] = [];
    const inteiro = (c: Coluna, padrao = 0): number => {
      const v = l[c] ?? '';
      if (v === '') return padrao;
      const n = numeroDe(v);
      if (n === undefined || !Number.isInteger(n)) {
        errosLinha.push(MSG_IMPORTACAO.numeroInvalido(c));
        return padrao;
      }
      return n;
    };
    const dinheiro = (c: Coluna): number => {
      const v = l[c] ?? '';
      if (v === '') return 0;
      const n = centavosDe(v);
      if (n === undefined) {
        errosLinha.push(MSG_IMPORTACAO.dinheiroInvalido(c));
        return 0;
      }
      return n;
    };
    const ajuste = (c: Coluna, percentual: number): number => {
      if (!percentual) return dinheiro(c);
      const n = numeroDe(l[c] || '0');
      if (n === undefined) errosLinha.push(MSG_IMPORTACAO.numeroInvalido(c));
      return n ?? 0;
    };
    const id = (c: Coluna): number | null => {
      const v = l[c] ?? '';
      if (v === '') return null;
      return /^\d{1,10}$/.test(v) && Number(v) > 0
        ? Number(v)
        : (errosLinha.push(MSG_IMPORTACAO.numeroInvalido(c)), null);
    };

    let grupo: GrupoOpcao | undefined;
    if ((l.grupo ?? '') !== '' || (l.grupo_id ?? '') !== '') {
      const gid = id('grupo_id');
      grupo = {
        idgrupoopcao: gid ?? 0,
        descricao: l.grupo ?? '',
        multiplo: inteiro('grupo_multiplo') !== 0,
        qtdinclusa: inteiro('grupo_qtdinclusa'),
        qtdmultiplomin: inteiro('grupo_qtdmultiplomin'),
        qtdmultiplomax: inteiro('grupo_qtdmultiplomax'),
        stprecopraticado: inteiro('grupo_stprecopraticado') as GrupoOpcao['stprecopraticado'],
        stnegagrupoopcao: inteiro('grupo_stnegagrupoopcao'),
        stindisponivel: inteiro('grupo_stindisponivel') as GrupoOpcao['stindisponivel'],
        opcoes: [],
      };
    }
    let opcao: Opcao | undefined;
    if (grupo && ((l.opcao ?? '') !== '' || (l.opcao_id ?? '') !== '')) {
      const po = inteiro('opcao_stpercentualafetaopcao');
      const pp = inteiro('opcao_stpercentualafetaproduto');
      opcao = {
        idopcao: id('opcao_id') ?? 0,
        descricao: l.opcao ?? '',
        detalhe: l.opcao_detalhe ? l.opcao_detalhe : null,
        quantidade: inteiro('opcao_quantidade'),
        qtdpadrao: inteiro('opcao_qtdpadrao'),
        qtdmax: inteiro('opcao_qtdmax'),
        preco: dinheiro('opcao_preco'),
        precooferta: dinheiro('opcao_precooferta'),
        stindisponivel: inteiro('opcao_stindisponivel') as Opcao['stindisponivel'],
        valorafetatudo: dinheiro('opcao_valorafetatudo'),
        valorafetaopcao: ajuste('opcao_valorafetaopcao', po),
        stpercentualafetaopcao: po,
        valorafetaproduto: ajuste('opcao_valorafetaproduto', pp),
        stpercentualafetaproduto: pp,
      };
    }
    const temCategoria = (l.categoria ?? '') !== '' || (l.categoria_id ?? '') !== '';
    const temProduto = (l.produto ?? '') !== '' || (l.produto_id ?? '') !== '';
    if (!temCategoria && (temProduto || !grupo)) errosLinha.push(MSG_IMPORTACAO.linhaSemCategoria);
    let produto: Produto | undefined;
    if (temProduto) {
      produto = {
        idproduto: id('produto_id') ?? 0,
        descricao: l.produto ?? '',
        detalhe: l.produto_detalhe ? l.produto_detalhe : null,
        imagem: l.produto_imagem ? l.produto_imagem : null,
        preco: centsToReais(dinheiro('produto_preco')),
        precooferta: centsToReais(dinheiro('produto_precooferta')),
        stindisponivel: inteiro('produto_stindisponivel') as Produto['stindisponivel'],
        quantidade: inteiro('produto_quantidade'),
        observacoes: l.produto_observacoes ? l.produto_observacoes : null,
        grupoopcoes: [],
      };
    }
    if (errosLinha.length > 0) {
      for (const msg of errosLinha) erros.push({ linha, caminho: '', msg });
      continue;
    }

    // Where the row goes: category → product → group → option, each found by id or by name.
    let destinoGrupo: GrupoOpcao[] | undefined;
    let caminhoGrupos = '';
    if (temCategoria) {
      const cchave = l.categoria_id ? `id:${l.categoria_id}` : `nome:${(l.categoria ?? '').toLowerCase()}`;
      let cat = catPorChave.get(cchave);
      if (!cat) {
        cat = {
          idgrupo: l.categoria_id ? Number(l.categoria_id) : novoId++,
          descricao: l.categoria ?? '',
          produtos: [],
        };
        catPorChave.set(cchave, cat);
        categorias.push(cat);
        linhas.set(`grupos.${categorias.length - 1}`, linha);
      }
      const ci = categorias.indexOf(cat);
      if (produto) {
        const pchave = produto.idproduto
          ? `id:${produto.idproduto}`
          : `nome:${cchave}:${produto.descricao.toLowerCase()}`;
        const camposProduto = JSON.stringify({ ...produto, grupoopcoes: [] });
        const existente = prodPorChave.get(pchave);
        if (existente) {
          if (existente.campos !== camposProduto) {
            erros.push({ linha, caminho: '', msg: MSG_IMPORTACAO.produtoDivergente(existente.linha) });
            continue;
          }
        } else {
          if (!produto.idproduto) produto.idproduto = novoId++;
          prodPorChave.set(pchave, { p: produto, linha, campos: camposProduto });
          cat.produtos.push(produto);
          linhas.set(`grupos.${ci}.produtos.${cat.produtos.length - 1}`, linha);
        }
        const p = prodPorChave.get(pchave)!.p;
        destinoGrupo = p.grupoopcoes;
        caminhoGrupos = `grupos.${ci}.produtos.${cat.produtos.indexOf(p)}.grupoopcoes`;
      }
    } else if (grupo) {
      destinoGrupo = avulsos;
      caminhoGrupos = 'gruposopcao_avulsos';
    }
    if (!grupo || !destinoGrupo) continue;
    // A shared group (same id, or same name when new) is one group; each product lists it.
    const gchave = grupo.idgrupoopcao ? `id:${grupo.idgrupoopcao}` : `nome:${grupo.descricao.toLowerCase()}`;
    let g = destinoGrupo.find((x) =>
      grupo.idgrupoopcao
        ? x.idgrupoopcao === grupo.idgrupoopcao
        : x.descricao.toLowerCase() === grupo.descricao.toLowerCase(),
    );
    if (!g) {
      const conhecido = grupoPorChave.get(gchave);
      g = {
        ...grupo,
        idgrupoopcao: conhecido?.idgrupoopcao ?? (grupo.idgrupoopcao || novoId++),
        opcoes: conhecido ? conhecido.opcoes : [],
      };
      if (!conhecido) grupoPorChave.set(gchave, g);
      destinoGrupo.push(g);
      linhas.set(`${caminhoGrupos}.${destinoGrupo.length - 1}`, linha);
    }
    if (opcao) {
      const compartilhado = grupoPorChave.get(gchave)!;
      // Options are listed again under every product that shares the group: keep them once.
      const ja = compartilhado.opcoes.find((o) =>
        opcao.idopcao ? o.idopcao === opcao.idopcao : o.descricao === opcao.descricao,
      );
      if (!ja) {
        if (!opcao.idopcao) opcao.idopcao = novoId++;
        compartilhado.opcoes.push(opcao);
        linhas.set(
          `${caminhoGrupos}.${destinoGrupo.indexOf(g)}.opcoes.${compartilhado.opcoes.length - 1}`,
          linha,
        );
      }
    }
  }
  if (erros.length > 0) return { erros };
  // Every listing of a shared group holds the same options array (the shape's rule).
  return {
    arquivo: {
      formato: FORMATO_CARDAPIO,
      versao: 1,
      grupos: categorias,
      ...(avulsos.length > 0 ? { gruposopcao_avulsos: avulsos } : {}),
    },
    linhas,
  };
}
