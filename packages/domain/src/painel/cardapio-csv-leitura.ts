// A CSV file read back into a menu file (cardapio-io.ts).
import { lerCampoCsv } from '../csv.ts';
import { centsToReais, reaisToCents } from '../money.ts';
import type { GrupoMenu, GrupoOpcao, Opcao, Produto } from '../schemas.ts';
import {
  FORMATO_CARDAPIO,
  LIMITES_IMPORTACAO,
  MSG_IMPORTACAO,
  COLUNAS_CSV,
  INDICE_COLUNA,
  PASSO,
  concluir,
  problemasLimites,
} from './cardapio-arquivo.ts';
import type { CardapioArquivo, Coluna, ImportacaoErro } from './cardapio-arquivo.ts';
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

type Registros = { registros: { linha: number; campos: string[] }[] } | { erro: ImportacaoErro };

/**
 * RFC 4180 records (';' or ',' separator, quotes doubled inside quotes), each with its first line
 * number; more than `maxRegistros` (the header and LIMITES_IMPORTACAO.linhas rows) is refused
 * without reading further. Cells are sliced out of the text (not built a character at a time).
 */
export function* lerCsvEmPassos(
  texto: string,
  separador = ';',
  maxRegistros = LIMITES_IMPORTACAO.linhas + 1,
): Generator<void, Registros> {
  const registros: { linha: number; campos: string[] }[] = [];
  const SEP = separador.charCodeAt(0);
  const n = texto.length;
  let campos: string[] = [];
  let linha = 1;
  let i = 0;
  let pausa = 0;
  while (i < n) {
    const inicio = linha;
    // One record: fields until a line break outside quotes (or the end).
    for (;;) {
      let campo = '';
      if (texto.charCodeAt(i) === 34 /* " */) {
        i++;
        for (;;) {
          const fecha = texto.indexOf('"', i);
          if (fecha === -1) return { erro: { linha: inicio, caminho: '', msg: MSG_IMPORTACAO.aspasAbertas } };
          const pedaco = texto.slice(i, fecha);
          for (let k = pedaco.indexOf('\n'); k !== -1; k = pedaco.indexOf('\n', k + 1)) linha++;
          campo += pedaco;
          i = fecha + 1;
          if (texto.charCodeAt(i) !== 34) break;
          campo += '"';
          i++;
        }
      }
      // Unquoted (or what follows a closing quote): up to the separator or a line break.
      let j = i;
      for (; j < n; j++) {
        const c = texto.charCodeAt(j);
        if (c === SEP || c === 10 || c === 13) break;
      }
      if (j > i) campo += texto.slice(i, j);
      campos.push(campo);
      i = j;
      if (i < n && texto.charCodeAt(i) === SEP) {
        i++;
        continue;
      }
      break;
    }
    // At a line break or the end: a blank line is no record.
    if (!(campos.length === 1 && campos[0] === '')) registros.push({ linha: inicio, campos });
    campos = [];
    if (i < n) {
      i += texto.charCodeAt(i) === 13 && texto.charCodeAt(i + 1) === 10 ? 2 : 1;
      linha++;
    }
    if (registros.length > maxRegistros)
      return { erro: { linha: null, caminho: '', msg: MSG_IMPORTACAO.linhasDemais(null) } };
    if (++pausa % PASSO === 0) yield;
  }
  return { registros };
}

/** lerCsvEmPassos at once. */
export function lerCsv(texto: string, separador = ';'): Registros {
  return concluir(lerCsvEmPassos(texto, separador));
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

type CsvLido = { arquivo: CardapioArquivo; linhas: Map<string, number> } | { erros: ImportacaoErro[] };

/**
 * A CSV as the JSON file, with where each thing came from (its first line, by JSON path), or the
 * refusals with their line numbers. The values are checked on import like a JSON file's, the
 * limits (problemasLimites) too. A cell's formula guard (lerCampoCsv) is taken off.
 */
export function csvParaCardapio(texto: string): CsvLido {
  return concluir(csvParaCardapioEmPassos(texto));
}

/** csvParaCardapio in steps (see concluir). */
export function* csvParaCardapioEmPassos(texto: string): Generator<void, CsvLido> {
  const quebra = texto.search(/\r?\n/);
  const sep = (quebra === -1 ? texto : texto.slice(0, quebra)).includes(';') ? ';' : ',';
  const lido = yield* lerCsvEmPassos(texto, sep);
  if ('erro' in lido) return { erros: [lido.erro] };
  const [cab, ...corpo] = lido.registros;
  if (!cab) return { erros: [{ linha: null, caminho: '', msg: MSG_IMPORTACAO.arquivoVazio }] };
  if (corpo.length > LIMITES_IMPORTACAO.linhas)
    return { erros: [{ linha: null, caminho: '', msg: MSG_IMPORTACAO.linhasDemais(corpo.length) }] };
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
  const catPorChave = new Map<string, { cat: GrupoMenu; ci: number }>();
  const prodPorChave = new Map<string, { p: Produto; pi: number; linha: number; campos: string }>();
  const grupoPorChave = new Map<string, GrupoOpcao>();
  /** The groups of each product (and the groups on no product), and each shared group's options. */
  const gruposNoDestino = new Map<GrupoOpcao[], Chaves<GrupoOpcao>>();
  const opcoesPorGrupo = new Map<GrupoOpcao, Chaves<Opcao>>();
  let novoId = 1_000_000_000; // file-local ids for new things without one (never an existing row's).

  // The row being read (its cells in COLUNAS_CSV's order) and its refusals, for the readers
  // below (made once, not per row).
  const posicao = COLUNAS_CSV.map((c) => cols.indexOf(c));
  let celulas: string[] = [];
  const l = (c: Coluna): string => celulas[INDICE_COLUNA[c]]!;
  let errosLinha: string[] = [];
  const inteiro = (c: Coluna, padrao = 0): number => {
    const v = l(c);
    if (v === '') return padrao;
    const n = numeroDe(v);
    if (n === undefined || !Number.isInteger(n)) {
      errosLinha.push(MSG_IMPORTACAO.numeroInvalido(c));
      return padrao;
    }
    return n;
  };
  const dinheiro = (c: Coluna): number => {
    const v = l(c);
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
    const n = numeroDe(l(c) || '0');
    if (n === undefined) errosLinha.push(MSG_IMPORTACAO.numeroInvalido(c));
    return n ?? 0;
  };
  const id = (c: Coluna): number | null => {
    const v = l(c);
    if (v === '') return null;
    return /^\d{1,10}$/.test(v) && Number(v) > 0
      ? Number(v)
      : (errosLinha.push(MSG_IMPORTACAO.numeroInvalido(c)), null);
  };

  let n = 0;
  for (const { linha, campos } of corpo) {
    if (++n % PASSO === 0) yield;
    if (campos.length !== cols.length) {
      erros.push({ linha, caminho: '', msg: MSG_IMPORTACAO.colunasNaLinha(campos.length, cols.length) });
      continue;
    }
    celulas = posicao.map((k) => lerCampoCsv(campos[k]!.trim()));
    errosLinha = [];

    let grupo: GrupoOpcao | undefined;
    if (l('grupo') !== '' || l('grupo_id') !== '') {
      const gid = id('grupo_id');
      grupo = {
        idgrupoopcao: gid ?? 0,
        descricao: l('grupo'),
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
    if (grupo && (l('opcao') !== '' || l('opcao_id') !== '')) {
      const po = inteiro('opcao_stpercentualafetaopcao');
      const pp = inteiro('opcao_stpercentualafetaproduto');
      opcao = {
        idopcao: id('opcao_id') ?? 0,
        descricao: l('opcao'),
        detalhe: l('opcao_detalhe') ? l('opcao_detalhe') : null,
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
    const temCategoria = l('categoria') !== '' || l('categoria_id') !== '';
    const temProduto = l('produto') !== '' || l('produto_id') !== '';
    if (!temCategoria && (temProduto || !grupo)) errosLinha.push(MSG_IMPORTACAO.linhaSemCategoria);
    let produto: Produto | undefined;
    if (temProduto) {
      produto = {
        idproduto: id('produto_id') ?? 0,
        descricao: l('produto'),
        detalhe: l('produto_detalhe') ? l('produto_detalhe') : null,
        imagem: l('produto_imagem') ? l('produto_imagem') : null,
        preco: centsToReais(dinheiro('produto_preco')),
        precooferta: centsToReais(dinheiro('produto_precooferta')),
        stindisponivel: inteiro('produto_stindisponivel') as Produto['stindisponivel'],
        quantidade: inteiro('produto_quantidade'),
        observacoes: l('produto_observacoes') ? l('produto_observacoes') : null,
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
      const cchave = l('categoria_id') ? `id:${l('categoria_id')}` : `nome:${l('categoria').toLowerCase()}`;
      let achada = catPorChave.get(cchave);
      if (!achada) {
        const cat: GrupoMenu = {
          idgrupo: l('categoria_id') ? Number(l('categoria_id')) : novoId++,
          descricao: l('categoria'),
          produtos: [],
        };
        achada = { cat, ci: categorias.length };
        catPorChave.set(cchave, achada);
        categorias.push(cat);
        linhas.set(`grupos.${achada.ci}`, linha);
      }
      const { cat, ci } = achada;
      if (produto) {
        const pchave = produto.idproduto
          ? `id:${produto.idproduto}`
          : `nome:${cchave}:${produto.descricao.toLowerCase()}`;
        const camposProduto = [
          produto.idproduto,
          produto.descricao,
          produto.detalhe,
          produto.imagem,
          produto.preco,
          produto.precooferta,
          produto.stindisponivel,
          produto.quantidade,
          produto.observacoes,
        ].join('\u0000');
        let existente = prodPorChave.get(pchave);
        if (existente) {
          if (existente.campos !== camposProduto) {
            erros.push({ linha, caminho: '', msg: MSG_IMPORTACAO.produtoDivergente(existente.linha) });
            continue;
          }
        } else {
          if (!produto.idproduto) produto.idproduto = novoId++;
          existente = { p: produto, pi: cat.produtos.length, linha, campos: camposProduto };
          prodPorChave.set(pchave, existente);
          cat.produtos.push(produto);
          linhas.set(`grupos.${ci}.produtos.${existente.pi}`, linha);
        }
        destinoGrupo = existente.p.grupoopcoes;
        caminhoGrupos = `grupos.${ci}.produtos.${existente.pi}.grupoopcoes`;
      }
    } else if (grupo) {
      destinoGrupo = avulsos;
      caminhoGrupos = 'gruposopcao_avulsos';
    }
    if (!grupo || !destinoGrupo) continue;
    // A shared group (same id, or same name when new) is one group; each product lists it.
    const gchave = grupo.idgrupoopcao ? `id:${grupo.idgrupoopcao}` : `nome:${grupo.descricao.toLowerCase()}`;
    let noDestino = gruposNoDestino.get(destinoGrupo);
    if (!noDestino) gruposNoDestino.set(destinoGrupo, (noDestino = new Chaves<GrupoOpcao>()));
    let achado = grupo.idgrupoopcao
      ? noDestino.porId.get(grupo.idgrupoopcao)
      : noDestino.porNome.get(grupo.descricao.toLowerCase());
    if (!achado) {
      const conhecido = grupoPorChave.get(gchave);
      const g: GrupoOpcao = {
        ...grupo,
        idgrupoopcao: conhecido?.idgrupoopcao ?? (grupo.idgrupoopcao || novoId++),
        opcoes: conhecido ? conhecido.opcoes : [],
      };
      if (!conhecido) grupoPorChave.set(gchave, g);
      achado = { item: g, indice: destinoGrupo.length };
      noDestino.guardar(achado, g.idgrupoopcao, g.descricao.toLowerCase());
      destinoGrupo.push(g);
      linhas.set(`${caminhoGrupos}.${achado.indice}`, linha);
    }
    if (opcao) {
      const compartilhado = grupoPorChave.get(gchave)!;
      // Options are listed again under every product that shares the group: keep them once.
      let opcoes = opcoesPorGrupo.get(compartilhado);
      if (!opcoes) opcoesPorGrupo.set(compartilhado, (opcoes = new Chaves<Opcao>()));
      const ja = opcao.idopcao ? opcoes.porId.get(opcao.idopcao) : opcoes.porNome.get(opcao.descricao);
      if (!ja) {
        if (!opcao.idopcao) opcao.idopcao = novoId++;
        opcoes.guardar({ item: opcao, indice: compartilhado.opcoes.length }, opcao.idopcao, opcao.descricao);
        compartilhado.opcoes.push(opcao);
        linhas.set(`${caminhoGrupos}.${achado.indice}.opcoes.${compartilhado.opcoes.length - 1}`, linha);
      }
    }
  }
  if (erros.length > 0) return { erros };
  // Every listing of a shared group holds the same options array (the shape's rule).
  const arquivo: CardapioArquivo = {
    formato: FORMATO_CARDAPIO,
    versao: 1,
    grupos: categorias,
    ...(avulsos.length > 0 ? { gruposopcao_avulsos: avulsos } : {}),
  };
  const limites = problemasLimites(arquivo);
  if (limites.length > 0) return { erros: limites.map((e) => ({ ...e, linha: linhaDe(linhas, e.caminho) })) };
  return { arquivo, linhas };
}

/** The first CSV line of a JSON path (or of the nearest thing above it that has one). */
function linhaDe(linhas: ReadonlyMap<string, number>, caminho: string): number | null {
  if (caminho === '') return null;
  const partes = caminho.split('.');
  for (let n = partes.length; n > 0; n--) {
    const l = linhas.get(partes.slice(0, n).join('.'));
    if (l !== undefined) return l;
  }
  return null;
}

/** Things of the file found by id, or by name (the first of that name), with their index. */
class Chaves<T> {
  readonly porId = new Map<number, { item: T; indice: number }>();
  readonly porNome = new Map<string, { item: T; indice: number }>();
  guardar(x: { item: T; indice: number }, id: number, nome: string): void {
    this.porId.set(id, x);
    if (!this.porNome.has(nome)) this.porNome.set(nome, x);
  }
}
