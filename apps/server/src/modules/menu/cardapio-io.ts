import { grupoOpcaoSchema, produtoSchema } from '@rango/domain';
import type { GrupoOpcao, Opcao, Produto, Schema } from '@rango/domain';
import {
  FORMATO_CARDAPIO,
  MSG_CATALOGO,
  MSG_IMPORTACAO,
  categoriaInputSchema,
  detalheProdutoSchema,
  grupoOpcaoInputSchema,
  imagemPropria,
  opcaoInputSchema,
  problemasGrupo,
  problemasLimites,
  produtoInputSchema,
  quantidadeCatalogoSchema,
} from '@rango/domain/painel/catalogo';
import type {
  CardapioArquivo,
  ImportacaoAlteracao,
  ImportacaoErro,
  ImportacaoResultado,
} from '@rango/domain/painel/catalogo';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { OpcaoTable, ProdutoTable } from '../../db/types.ts';
import { ler } from '../../http/corpo.ts';
import { HttpError } from '../../http/errors.ts';
import { escreverNoCardapio } from '../establishments/escrita.ts';
import type { Autor } from '../establishments/escrita.ts';
import { versaoDoCardapio } from '../establishments/service.ts';
import {
  MAX_ERROS,
  arquivoTopoSchema,
  categoriaArquivoSchema,
  grupoValores,
  mesmo,
  opcaoValores,
  produtoValores,
  temDuasCasas,
} from './cardapio-valores.ts';
import { criarPausa, lotes } from './fatias.ts';
import { cardapioPainelRepository as repo } from './painel-repository.ts';

export interface OpcoesImportacao {
  dryRun: boolean;
  /** CSV: where each thing of the file came from (its first line, by JSON path). */
  linhas?: ReadonlyMap<string, number> | undefined;
  /**
   * Where the app's own photos are served from (the local media path, the object store's public
   * URL), each ending in '/': the only images a file may name (imagemPropria).
   */
  midias: readonly string[];
}

/**
 * Imports a menu file over the establishment's menu (see cardapio-io.ts in the domain for the
 * rules). The limits first (problemasLimites), then everything is checked; any refusal → 400
 * with every refusal and nothing written. A dry run answers what would change. Applying writes
 * the changes in one transaction (one version move, one event, one audit row), only what differs
 * from the menu, many rows per statement; a file equal to the menu changes nothing. The work runs
 * in slices (criarPausa), so the instance keeps answering while a large file is read.
 */
export async function importarCardapio(
  db: Db,
  a: Autor,
  entrada: unknown,
  opts: OpcoesImportacao,
): Promise<ImportacaoResultado> {
  const id = a.idestabelecimento;
  const pausa = criarPausa();
  const linhaDe = (caminho: string): number | null => {
    if (!opts.linhas) return null;
    const partes = caminho.split('.');
    for (let n = partes.length; n > 0; n--) {
      const l = opts.linhas.get(partes.slice(0, n).join('.'));
      if (l !== undefined) return l;
    }
    return null;
  };
  const erros: ImportacaoErro[] = [];
  const erro = (caminho: string, msg: string) => {
    if (erros.length < MAX_ERROS) erros.push({ linha: linhaDe(caminho), caminho, msg });
  };
  const recusar = (): never => {
    throw new HttpError(400, { aplicado: false, alteracoes: [], erros, menu_versao: null });
  };

  const limites = problemasLimites(entrada);
  if (limites.length > 0) {
    for (const e of limites) erro(e.caminho, e.msg);
    recusar();
  }

  // The shape, a product at a time.
  const relatar =
    (prefixo: string) =>
    (_chave: string, _texto: string, i: { path: PropertyKey[] }): void => {
      const caminho = [prefixo, ...i.path.map(String)].filter((x) => x !== '').join('.');
      if (prefixo === '' && (i.path.length === 0 || i.path[0] === 'formato' || i.path[0] === 'versao')) {
        erro(caminho, MSG_IMPORTACAO.arquivoInvalido);
        return;
      }
      // The field's name (or, for a thing that is not an object, its list's: 'produtos').
      const campo = i.path.length > 0 ? String(i.path.at(-1)) : (prefixo.split('.').at(-2) ?? '');
      // Money read from a file: the editors' own text for it.
      erro(
        caminho,
        campo === 'preco' || campo === 'precooferta'
          ? MSG_CATALOGO.dinheiroInvalido
          : MSG_IMPORTACAO.valorInvalido(campo),
      );
    };
  const bruto = ler(arquivoTopoSchema, entrada, relatar('')) ?? recusar();
  const arquivo: CardapioArquivo = { formato: FORMATO_CARDAPIO, versao: 1, grupos: [] };
  for (const [ci, c] of bruto.grupos.entries()) {
    const rc = ler(categoriaArquivoSchema, c, relatar(`grupos.${ci}`));
    if (!rc) continue;
    const produtos: Produto[] = [];
    for (const [pi, p] of rc.produtos.entries()) {
      await pausa();
      const rp = ler(produtoSchema, p, relatar(`grupos.${ci}.produtos.${pi}`));
      if (rp) produtos.push(rp);
    }
    arquivo.grupos.push({ ...rc, produtos });
  }
  if (bruto.gruposopcao_avulsos) {
    arquivo.gruposopcao_avulsos = [];
    for (const [gi, g] of bruto.gruposopcao_avulsos.entries()) {
      await pausa();
      const rg = ler(grupoOpcaoSchema, g, relatar(`gruposopcao_avulsos.${gi}`));
      if (rg) arquivo.gruposopcao_avulsos.push(rg);
    }
  }
  if (erros.length > 0) recusar();

  // The editors' rules, each value with the editor's own schema.
  const problemas = <T>(prefixo: string, schema: Schema<T>, valor: unknown) =>
    ler(schema, valor, erro, { prefixo });
  // Unique groups by the file's id (a shared group repeats with the same content).
  const grupos = new Map<number, { g: GrupoOpcao; caminho: string; ligado: boolean }>();
  const verGrupo = (g: GrupoOpcao, caminho: string, ligado: boolean) => {
    const antes = grupos.get(g.idgrupoopcao);
    if (antes) {
      if (antes.g !== g && !mesmo(antes.g, g)) erro(caminho, MSG_IMPORTACAO.grupoDivergente);
      if (ligado) antes.ligado = true;
      return;
    }
    grupos.set(g.idgrupoopcao, { g, caminho, ligado });
    problemas(caminho, grupoOpcaoInputSchema, { ...grupoValores(g), multiplo: g.multiplo });
    const ids = new Set<number>();
    g.opcoes.forEach((o, k) => {
      const oc = `${caminho}.opcoes.${k}`;
      if (ids.has(o.idopcao)) erro(oc, MSG_IMPORTACAO.opcaoRepetida);
      ids.add(o.idopcao);
      problemas(oc, opcaoInputSchema, opcaoValores(o));
      problemas(`${oc}.quantidade`, quantidadeCatalogoSchema, o.quantidade);
    });
  };
  const produtosVistos = new Set<number>();
  for (const [ci, c] of arquivo.grupos.entries()) {
    const cc = `grupos.${ci}`;
    ler(categoriaInputSchema, { descricao: c.descricao }, (_chave, texto) => erro(`${cc}.descricao`, texto));
    for (const [pi, p] of c.produtos.entries()) {
      await pausa();
      const pc = `${cc}.produtos.${pi}`;
      if (produtosVistos.has(p.idproduto)) erro(pc, MSG_IMPORTACAO.produtoRepetido);
      produtosVistos.add(p.idproduto);
      if (!temDuasCasas(p.preco)) erro(`${pc}.preco`, MSG_IMPORTACAO.reaisComCentavos);
      if (!temDuasCasas(p.precooferta)) erro(`${pc}.precooferta`, MSG_IMPORTACAO.reaisComCentavos);
      const v = produtoValores(p);
      problemas(pc, produtoInputSchema, {
        idgrupo: 1,
        descricao: v.descricao,
        detalhe: v.detalhe,
        preco: v.preco,
        precooferta: v.precooferta,
        stindisponivel: v.stindisponivel,
        grupoopcoes: p.grupoopcoes.map((g) => g.idgrupoopcao),
      });
      // What no editor writes: the notes take the description's limit, the photo must be ours.
      problemas(`${pc}.observacoes`, detalheProdutoSchema, p.observacoes);
      problemas(`${pc}.quantidade`, quantidadeCatalogoSchema, p.quantidade);
      if (v.imagem !== null && !imagemPropria(v.imagem, opts.midias))
        erro(`${pc}.imagem`, MSG_IMPORTACAO.imagemExterna);
      p.grupoopcoes.forEach((g, gi) => verGrupo(g, `${pc}.grupoopcoes.${gi}`, true));
    }
  }
  for (const [gi, g] of (arquivo.gruposopcao_avulsos ?? []).entries()) {
    await pausa();
    verGrupo(g, `gruposopcao_avulsos.${gi}`, false);
  }
  for (const { g, caminho, ligado } of grupos.values()) {
    for (const p of problemasGrupo(
      { multiplo: g.multiplo, qtdmultiplomin: g.qtdmultiplomin, stprecopraticado: g.stprecopraticado },
      g.opcoes,
    )) {
      if (ligado || (p.msg !== MSG_CATALOGO.kitSemOpcoes && p.msg !== MSG_CATALOGO.minimoInalcancavel))
        erro(`${caminho}.${p.campo}`, p.msg);
    }
  }
  if (erros.length > 0) recusar();

  // What changes: matched by id among this establishment's things.
  const [catsAtuais, prodsAtuais, linksAtuais, gruposAtuais] = await Promise.all([
    repo.categorias(db, id),
    repo.produtos(db, id),
    repo.links(db, id),
    repo.grupos(db, id),
  ]);
  const opcoesAtuais = await repo.opcoes(
    db,
    gruposAtuais.map((g) => g.idgrupoopcao),
  );
  const catPorId = new Map(catsAtuais.map((c) => [c.idgrupo, c]));
  const prodPorId = new Map(prodsAtuais.map((p) => [p.idproduto, p]));
  const grupoPorId = new Map(gruposAtuais.map((g) => [g.idgrupoopcao, g]));
  const opcaoPorId = new Map(opcoesAtuais.map((o) => [o.idopcao, o]));
  const opcoesDoGrupo = new Map<number, typeof opcoesAtuais>();
  for (const o of opcoesAtuais) {
    const lista = opcoesDoGrupo.get(o.idgrupoopcao);
    if (lista) lista.push(o);
    else opcoesDoGrupo.set(o.idgrupoopcao, [o]);
  }
  const linksPor = new Map<number, number[]>();
  for (const l of linksAtuais) {
    const lista = linksPor.get(l.idproduto);
    if (lista) lista.push(l.idgrupoopcao);
    else linksPor.set(l.idproduto, [l.idgrupoopcao]);
  }

  const alteracoes: ImportacaoAlteracao[] = [];
  const mudar = (
    acao: ImportacaoAlteracao['acao'],
    entidade: ImportacaoAlteracao['entidade'],
    idAtual: number | null,
    descricao: string,
    caminho: string | null,
    aviso?: string,
  ) =>
    alteracoes.push({
      acao,
      entidade,
      id: idAtual,
      descricao,
      linha: caminho === null ? null : linhaDe(caminho),
      ...(aviso ? { aviso } : {}),
    });
  // What applying writes: the file's things that are new or differ (by the file's ids, or the
  // option itself); everything else is left as it is.
  const produtosAGravar = new Set<number>();
  const gruposAGravar = new Set<number>();
  const opcoesAGravar = new Set<Opcao>();
  // A row without produto_id is a new product, whatever its name (docs/cardapio-importacao.md):
  // the name only joins the rows of one new product. A product of the same name already here is
  // named in the dry run, since the owner may have meant that one.
  const nome = (d: string) => d.trim().toLocaleLowerCase('pt-BR');
  const prodPorNome = new Map<string, (typeof prodsAtuais)[number]>();
  for (const p of prodsAtuais) if (!prodPorNome.has(nome(p.descricao))) prodPorNome.set(nome(p.descricao), p);

  for (const [ci, c] of arquivo.grupos.entries()) {
    const atual = catPorId.get(c.idgrupo);
    if (!atual) mudar('criar', 'categoria', null, c.descricao, `grupos.${ci}`);
    else if (atual.descricao !== c.descricao.trim() || atual.ordem !== ci)
      mudar('alterar', 'categoria', atual.idgrupo, c.descricao, `grupos.${ci}`);
    for (const [pi, p] of c.produtos.entries()) {
      await pausa();
      const caminho = `grupos.${ci}.produtos.${pi}`;
      const atualP = prodPorId.get(p.idproduto);
      if (!atualP) {
        produtosAGravar.add(p.idproduto);
        const xara = prodPorNome.get(nome(p.descricao));
        const aviso = !xara
          ? undefined
          : produtosVistos.has(xara.idproduto)
            ? MSG_IMPORTACAO.mesmoNomeMantido(xara.descricao, xara.idproduto)
            : MSG_IMPORTACAO.mesmoNomeExcluido(xara.descricao, xara.idproduto);
        mudar('criar', 'produto', null, p.descricao, caminho, aviso);
        continue;
      }
      const antes = {
        ...produtoValores({
          ...atualP,
          preco: atualP.preco / 100,
          precooferta: atualP.precooferta / 100,
        } as unknown as Produto),
        idgrupo: atualP.idgrupo,
        ordem: atualP.ordem,
        grupos: linksPor.get(atualP.idproduto) ?? [],
      };
      const depois = {
        ...produtoValores(p),
        idgrupo: c.idgrupo,
        ordem: pi,
        grupos: p.grupoopcoes.map((g) => g.idgrupoopcao),
      };
      if (!mesmo(antes, depois)) {
        produtosAGravar.add(p.idproduto);
        mudar('alterar', 'produto', atualP.idproduto, p.descricao, caminho);
      }
    }
  }
  for (const { g, caminho } of grupos.values()) {
    await pausa();
    const atual = grupoPorId.get(g.idgrupoopcao);
    if (!atual) {
      gruposAGravar.add(g.idgrupoopcao);
      mudar('criar', 'grupo_opcao', null, g.descricao, caminho);
    } else if (
      !mesmo(
        grupoValores({ ...atual, multiplo: atual.multiplo !== 0, opcoes: [] } as unknown as GrupoOpcao),
        grupoValores(g),
      )
    ) {
      gruposAGravar.add(g.idgrupoopcao);
      mudar('alterar', 'grupo_opcao', atual.idgrupoopcao, g.descricao, caminho);
    }
    const doArquivo = new Set(g.opcoes.map((o) => o.idopcao));
    g.opcoes.forEach((o, k) => {
      const oc = `${caminho}.opcoes.${k}`;
      const ao = opcaoPorId.get(o.idopcao);
      if (!ao || !atual || ao.idgrupoopcao !== atual.idgrupoopcao) {
        opcoesAGravar.add(o);
        mudar('criar', 'opcao', null, o.descricao, oc);
      } else if (
        !mesmo({ ...opcaoValores(ao as unknown as Opcao), ordem: ao.ordem }, { ...opcaoValores(o), ordem: k })
      ) {
        opcoesAGravar.add(o);
        mudar('alterar', 'opcao', ao.idopcao, o.descricao, oc);
      }
    });
    if (atual) {
      for (const ao of opcoesDoGrupo.get(atual.idgrupoopcao) ?? [])
        if (!doArquivo.has(ao.idopcao)) mudar('excluir', 'opcao', ao.idopcao, ao.descricao, null);
    }
  }
  for (const p of prodsAtuais)
    if (!produtosVistos.has(p.idproduto)) mudar('excluir', 'produto', p.idproduto, p.descricao, null);
  for (const g of gruposAtuais) {
    if (!grupos.has(g.idgrupoopcao)) {
      mudar('excluir', 'grupo_opcao', g.idgrupoopcao, g.descricao, null);
      for (const o of opcoesDoGrupo.get(g.idgrupoopcao) ?? [])
        mudar('excluir', 'opcao', o.idopcao, o.descricao, null);
    }
  }
  const catsArquivo = new Set(arquivo.grupos.map((c) => c.idgrupo));
  for (const c of catsAtuais)
    if (!catsArquivo.has(c.idgrupo)) mudar('excluir', 'categoria', c.idgrupo, c.descricao, null);

  if (opts.dryRun || alteracoes.length === 0) {
    return { aplicado: !opts.dryRun, alteracoes, erros: [], menu_versao: null };
  }

  await escreverNoCardapio(db, a, async (trx) => {
    // Groups first (products link to them), with their options; then categories, products, their
    // links, and the removals. Only what changed; many rows per statement where no id is needed.
    const grupoId = new Map<number, number>();
    const opcoesNovas: Insertable<OpcaoTable>[] = [];
    const opcoesFora: number[] = [];
    const gruposNovos: GrupoOpcao[] = [];
    for (const { g } of grupos.values()) {
      await pausa();
      const atual = grupoPorId.get(g.idgrupoopcao);
      if (!atual) {
        gruposNovos.push(g);
        continue;
      }
      grupoId.set(g.idgrupoopcao, atual.idgrupoopcao);
      if (gruposAGravar.has(g.idgrupoopcao))
        await repo.updateGrupo(trx, atual.idgrupoopcao, { ...grupoValores(g), idestabelecimento: id });
      const manter = new Set<number>();
      for (const [k, o] of g.opcoes.entries()) {
        const ao = opcaoPorId.get(o.idopcao);
        if (ao && ao.idgrupoopcao === atual.idgrupoopcao) {
          manter.add(ao.idopcao);
          if (opcoesAGravar.has(o)) await repo.updateOpcao(trx, ao.idopcao, { ...opcaoValores(o), ordem: k });
        } else {
          opcoesNovas.push({ ...opcaoValores(o), idgrupoopcao: atual.idgrupoopcao, ordem: k });
        }
      }
      for (const ao of opcoesDoGrupo.get(atual.idgrupoopcao) ?? [])
        if (!manter.has(ao.idopcao)) opcoesFora.push(ao.idopcao);
    }
    for (const lote of lotes(gruposNovos, 300)) {
      await pausa();
      const ids = await repo.insertGrupos(
        trx,
        lote.map((g) => ({ ...grupoValores(g), idestabelecimento: id })),
      );
      lote.forEach((g, i) => {
        grupoId.set(g.idgrupoopcao, ids[i]!);
        g.opcoes.forEach((o, k) => opcoesNovas.push({ ...opcaoValores(o), idgrupoopcao: ids[i]!, ordem: k }));
      });
    }
    for (const lote of lotes(opcoesFora, 500)) await repo.deleteOpcoes(trx, lote);
    for (const lote of lotes(opcoesNovas, 400)) {
      await pausa();
      await repo.insertOpcoes(trx, lote);
    }

    const catId = new Map<number, number>();
    for (const c of arquivo.grupos) {
      await pausa();
      const atual = catPorId.get(c.idgrupo);
      if (atual) {
        if (atual.descricao !== c.descricao.trim())
          await repo.updateCategoria(trx, id, atual.idgrupo, c.descricao.trim());
        catId.set(c.idgrupo, atual.idgrupo);
      } else catId.set(c.idgrupo, await repo.insertCategoria(trx, id, c.descricao.trim()));
    }
    if (arquivo.grupos.some((c, ci) => catPorId.get(c.idgrupo)?.ordem !== ci))
      await repo.setOrdemCategorias(
        trx,
        id,
        arquivo.grupos.map((c) => catId.get(c.idgrupo)!),
      );

    const produtosFora = prodsAtuais.filter((p) => !produtosVistos.has(p.idproduto)).map((p) => p.idproduto);
    for (const lote of lotes(produtosFora, 500)) await repo.deleteProdutos(trx, id, lote);
    const linksFora: number[] = [];
    const linksNovos: { idproduto: number; idgrupoopcao: number; ordem: number }[] = [];
    const ligar = (idproduto: number, p: Produto) =>
      p.grupoopcoes.forEach((g, ordem) =>
        linksNovos.push({ idproduto, idgrupoopcao: grupoId.get(g.idgrupoopcao)!, ordem }),
      );
    const novos: { p: Produto; values: Insertable<ProdutoTable> }[] = [];
    for (const c of arquivo.grupos) {
      for (const [pi, p] of c.produtos.entries()) {
        if (!produtosAGravar.has(p.idproduto)) continue;
        await pausa();
        const values = { ...produtoValores(p), idgrupo: catId.get(c.idgrupo)!, ordem: pi };
        if (prodPorId.has(p.idproduto)) {
          await repo.updateProduto(trx, id, p.idproduto, values);
          linksFora.push(p.idproduto);
          ligar(p.idproduto, p);
        } else novos.push({ p, values: { ...values, idestabelecimento: id } });
      }
    }
    // New products many at once; each found again by its category and position.
    for (const lote of lotes(novos, 300)) {
      await pausa();
      const rows = await repo.insertProdutos(
        trx,
        lote.map((x) => x.values),
      );
      const porLugar = new Map(rows.map((r) => [`${r.idgrupo}:${r.ordem}`, r.idproduto]));
      for (const x of lote) ligar(porLugar.get(`${x.values.idgrupo}:${x.values.ordem}`)!, x.p);
    }
    for (const lote of lotes(linksFora, 500)) await repo.deleteLinks(trx, lote);
    for (const lote of lotes(linksNovos, 1000)) {
      await pausa();
      await repo.insertLinks(trx, lote);
    }
    const gruposFora = gruposAtuais.filter((g) => !grupos.has(g.idgrupoopcao)).map((g) => g.idgrupoopcao);
    for (const lote of lotes(gruposFora, 500)) await repo.deleteGrupos(trx, lote);
    for (const c of catsAtuais)
      if (!catsArquivo.has(c.idgrupo)) await repo.deleteCategoria(trx, id, c.idgrupo);
    const conta = (acao: string) => alteracoes.filter((x) => x.acao === acao).length;
    return {
      resultado: undefined,
      entidade: 'cardapio',
      identidade: null,
      acao: 'importar',
      dados: { criar: conta('criar'), alterar: conta('alterar'), excluir: conta('excluir') },
    };
  });
  return { aplicado: true, alteracoes, erros: [], menu_versao: (await versaoDoCardapio(db, id)) ?? null };
}
