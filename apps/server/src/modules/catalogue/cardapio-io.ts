import { reaisToCents } from '@rango/domain';
import type { GrupoOpcao, Opcao, Produto } from '@rango/domain';
import {
  FORMATO_CARDAPIO,
  MSG_CATALOGO,
  MSG_IMPORTACAO,
  cardapioArquivoSchema,
  categoriaInputSchema,
  grupoOpcaoInputSchema,
  opcaoInputSchema,
  problemasGrupo,
  produtoInputSchema,
} from '@rango/domain/painel/catalogo';
import type {
  CardapioArquivo,
  ImportacaoAlteracao,
  ImportacaoErro,
  ImportacaoResultado,
} from '@rango/domain/painel/catalogo';
import type { Db } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import { loadMenu } from '../menu/service.ts';
import { catalogueRepository as repo } from './repository.ts';
import { escreverNoCardapio } from './service.ts';
import type { Autor } from './service.ts';

/** The establishment's whole menu as the import/export file (JSON shape; CSV is made from it). */
export async function exportarCardapio(db: Db, id: number): Promise<CardapioArquivo> {
  if (!(await repo.estabelecimento(db, id))) {
    throw new HttpError(404, { detail: MSG_CATALOGO.estabelecimentoNaoEncontrado });
  }
  const menu = await loadMenu(db, id);
  const usados = new Set(
    menu.grupos.flatMap((c) => c.produtos.flatMap((p) => p.grupoopcoes.map((g) => g.idgrupoopcao))),
  );
  const avulsosRows = (await repo.grupos(db, id)).filter((g) => !usados.has(g.idgrupoopcao));
  const opcoes = await repo.opcoes(
    db,
    avulsosRows.map((g) => g.idgrupoopcao),
  );
  const avulsos: GrupoOpcao[] = avulsosRows.map((g) => ({
    idgrupoopcao: g.idgrupoopcao,
    descricao: g.descricao,
    multiplo: g.multiplo !== 0,
    qtdinclusa: g.qtdinclusa,
    qtdmultiplomin: g.qtdmultiplomin,
    qtdmultiplomax: g.qtdmultiplomax,
    stprecopraticado: g.stprecopraticado as GrupoOpcao['stprecopraticado'],
    stnegagrupoopcao: g.stnegagrupoopcao,
    stindisponivel: g.stindisponivel as GrupoOpcao['stindisponivel'],
    opcoes: opcoes
      .filter((o) => o.idgrupoopcao === g.idgrupoopcao)
      .map((o) => ({
        idopcao: o.idopcao,
        descricao: o.descricao,
        detalhe: o.detalhe,
        quantidade: o.quantidade,
        qtdpadrao: o.qtdpadrao,
        qtdmax: o.qtdmax,
        preco: o.preco,
        precooferta: o.precooferta,
        stindisponivel: o.stindisponivel as Opcao['stindisponivel'],
        valorafetatudo: o.valorafetatudo,
        valorafetaopcao: o.valorafetaopcao,
        valorafetaproduto: o.valorafetaproduto,
        stpercentualafetaopcao: o.stpercentualafetaopcao,
        stpercentualafetaproduto: o.stpercentualafetaproduto,
      })),
  }));
  return {
    formato: FORMATO_CARDAPIO,
    versao: 1,
    grupos: menu.grupos,
    ...(avulsos.length > 0 ? { gruposopcao_avulsos: avulsos } : {}),
  };
}

/** The values a product row gets from the file (cents). */
function produtoValores(p: Produto) {
  return {
    descricao: p.descricao.trim(),
    detalhe: p.detalhe,
    imagem: p.imagem,
    preco: reaisToCents(p.preco),
    precooferta: reaisToCents(p.precooferta),
    stindisponivel: p.stindisponivel,
    quantidade: p.quantidade,
    observacoes: p.observacoes,
  };
}
function grupoValores(g: GrupoOpcao) {
  return {
    descricao: g.descricao.trim(),
    multiplo: g.multiplo ? 1 : 0,
    qtdinclusa: g.qtdinclusa,
    qtdmultiplomin: g.qtdmultiplomin,
    qtdmultiplomax: g.qtdmultiplomax,
    stprecopraticado: g.stprecopraticado,
    stnegagrupoopcao: g.stnegagrupoopcao,
    stindisponivel: g.stindisponivel,
  };
}
function opcaoValores(o: Opcao) {
  return {
    descricao: o.descricao.trim(),
    detalhe: o.detalhe,
    quantidade: o.quantidade,
    qtdpadrao: o.qtdpadrao,
    qtdmax: o.qtdmax,
    preco: o.preco,
    precooferta: o.precooferta,
    stindisponivel: o.stindisponivel,
    valorafetatudo: o.valorafetatudo,
    valorafetaopcao: o.valorafetaopcao,
    valorafetaproduto: o.valorafetaproduto,
    stpercentualafetaopcao: o.stpercentualafetaopcao,
    stpercentualafetaproduto: o.stpercentualafetaproduto,
  };
}

const mesmo = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const temDuasCasas = (reais: number): boolean => Math.abs(reais * 100 - Math.round(reais * 100)) < 1e-6;

/**
 * Imports a menu file over the establishment's menu (see cardapio-io.ts in the domain for the
 * rules). Everything is checked first; any refusal → 400 with every refusal and nothing written.
 * A dry run answers what would change. Applying writes it all in one transaction (one version
 * move, one event, one audit row); a file equal to the menu changes nothing.
 */
export async function importarCardapio(
  db: Db,
  a: Autor,
  entrada: unknown,
  opts: { dryRun: boolean; linhas?: ReadonlyMap<string, number> | undefined },
): Promise<ImportacaoResultado> {
  const id = a.idestabelecimento;
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
  const erro = (caminho: string, msg: string) => erros.push({ linha: linhaDe(caminho), caminho, msg });
  const recusar = (): never => {
    throw new HttpError(400, { aplicado: false, alteracoes: [], erros, menu_versao: null });
  };

  const parsed = cardapioArquivoSchema.safeParse(entrada);
  if (!parsed.success) {
    for (const i of parsed.error.issues.slice(0, 200)) {
      const caminho = i.path.map(String).join('.');
      if (i.path.length <= 1 && (i.path[0] === 'formato' || i.path[0] === 'versao' || i.path.length === 0)) {
        erro(caminho, MSG_IMPORTACAO.arquivoInvalido);
      } else {
        const campo = String(i.path.at(-1));
        // Money read from a file: the editors' own text for it.
        erro(
          caminho,
          campo === 'preco' || campo === 'precooferta'
            ? MSG_CATALOGO.dinheiroInvalido
            : MSG_IMPORTACAO.valorInvalido(campo),
        );
      }
    }
    recusar();
  }
  const arquivo = (parsed as { data: CardapioArquivo }).data;

  // Unique groups by the file's id (a shared group repeats with the same content).
  const grupos = new Map<number, { g: GrupoOpcao; caminho: string; ligado: boolean }>();
  const verGrupo = (g: GrupoOpcao, caminho: string, ligado: boolean) => {
    const antes = grupos.get(g.idgrupoopcao);
    if (antes) {
      if (!mesmo(antes.g, g)) erro(caminho, MSG_IMPORTACAO.grupoDivergente);
      if (ligado) antes.ligado = true;
      return;
    }
    grupos.set(g.idgrupoopcao, { g, caminho, ligado });
    const r = grupoOpcaoInputSchema.safeParse({ ...grupoValores(g), multiplo: g.multiplo } as unknown);
    if (!r.success)
      for (const i of r.error.issues) erro(`${caminho}.${i.path.map(String).join('.')}`, i.message);
    const ids = new Set<number>();
    g.opcoes.forEach((o, k) => {
      const oc = `${caminho}.opcoes.${k}`;
      if (ids.has(o.idopcao)) erro(oc, MSG_IMPORTACAO.opcaoRepetida);
      ids.add(o.idopcao);
      const ro = opcaoInputSchema.safeParse(opcaoValores(o) as unknown);
      if (!ro.success)
        for (const i of ro.error.issues) erro(`${oc}.${i.path.map(String).join('.')}`, i.message);
    });
  };
  const produtosVistos = new Set<number>();
  arquivo.grupos.forEach((c, ci) => {
    const cc = `grupos.${ci}`;
    const rc = categoriaInputSchema.safeParse({ descricao: c.descricao });
    if (!rc.success) for (const i of rc.error.issues) erro(`${cc}.descricao`, i.message);
    c.produtos.forEach((p, pi) => {
      const pc = `${cc}.produtos.${pi}`;
      if (produtosVistos.has(p.idproduto)) erro(pc, MSG_IMPORTACAO.produtoRepetido);
      produtosVistos.add(p.idproduto);
      if (!temDuasCasas(p.preco)) erro(`${pc}.preco`, MSG_IMPORTACAO.reaisComCentavos);
      if (!temDuasCasas(p.precooferta)) erro(`${pc}.precooferta`, MSG_IMPORTACAO.reaisComCentavos);
      const v = produtoValores(p);
      const rp = produtoInputSchema.safeParse({
        idgrupo: 1,
        descricao: v.descricao,
        detalhe: v.detalhe,
        preco: v.preco,
        precooferta: v.precooferta,
        stindisponivel: v.stindisponivel,
        grupoopcoes: p.grupoopcoes.map((g) => g.idgrupoopcao),
      });
      if (!rp.success)
        for (const i of rp.error.issues) erro(`${pc}.${i.path.map(String).join('.')}`, i.message);
      p.grupoopcoes.forEach((g, gi) => verGrupo(g, `${pc}.grupoopcoes.${gi}`, true));
    });
  });
  (arquivo.gruposopcao_avulsos ?? []).forEach((g, gi) => verGrupo(g, `gruposopcao_avulsos.${gi}`, false));
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
  const linksPor = new Map<number, number[]>();
  for (const l of linksAtuais)
    linksPor.set(l.idproduto, [...(linksPor.get(l.idproduto) ?? []), l.idgrupoopcao]);

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
  // A row without produto_id is a new product, whatever its name (docs/cardapio-importacao.md):
  // the name only joins the rows of one new product. A product of the same name already here is
  // named in the dry run, since the owner may have meant that one.
  const nome = (d: string) => d.trim().toLocaleLowerCase('pt-BR');
  const prodPorNome = new Map<string, (typeof prodsAtuais)[number]>();
  for (const p of prodsAtuais) if (!prodPorNome.has(nome(p.descricao))) prodPorNome.set(nome(p.descricao), p);

  arquivo.grupos.forEach((c, ci) => {
    const atual = catPorId.get(c.idgrupo);
    if (!atual) mudar('criar', 'categoria', null, c.descricao, `grupos.${ci}`);
    else if (atual.descricao !== c.descricao.trim() || atual.ordem !== ci)
      mudar('alterar', 'categoria', atual.idgrupo, c.descricao, `grupos.${ci}`);
    c.produtos.forEach((p, pi) => {
      const caminho = `grupos.${ci}.produtos.${pi}`;
      const atualP = prodPorId.get(p.idproduto);
      if (!atualP) {
        const xara = prodPorNome.get(nome(p.descricao));
        const aviso = !xara
          ? undefined
          : produtosVistos.has(xara.idproduto)
            ? MSG_IMPORTACAO.mesmoNomeMantido(xara.descricao, xara.idproduto)
            : MSG_IMPORTACAO.mesmoNomeExcluido(xara.descricao, xara.idproduto);
        mudar('criar', 'produto', null, p.descricao, caminho, aviso);
        return;
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
      if (!mesmo(antes, depois)) mudar('alterar', 'produto', atualP.idproduto, p.descricao, caminho);
    });
  });
  for (const { g, caminho } of grupos.values()) {
    const atual = grupoPorId.get(g.idgrupoopcao);
    if (!atual) mudar('criar', 'grupo_opcao', null, g.descricao, caminho);
    else if (
      !mesmo(
        grupoValores({ ...atual, multiplo: atual.multiplo !== 0, opcoes: [] } as unknown as GrupoOpcao),
        grupoValores(g),
      )
    )
      mudar('alterar', 'grupo_opcao', atual.idgrupoopcao, g.descricao, caminho);
    const doArquivo = new Set(g.opcoes.map((o) => o.idopcao));
    g.opcoes.forEach((o, k) => {
      const oc = `${caminho}.opcoes.${k}`;
      const ao = opcaoPorId.get(o.idopcao);
      if (!ao || !atual || ao.idgrupoopcao !== atual.idgrupoopcao)
        mudar('criar', 'opcao', null, o.descricao, oc);
      else if (
        !mesmo({ ...opcaoValores(ao as unknown as Opcao), ordem: ao.ordem }, { ...opcaoValores(o), ordem: k })
      )
        mudar('alterar', 'opcao', ao.idopcao, o.descricao, oc);
    });
    if (atual) {
      for (const ao of opcoesAtuais) {
        if (ao.idgrupoopcao === atual.idgrupoopcao && !doArquivo.has(ao.idopcao))
          mudar('excluir', 'opcao', ao.idopcao, ao.descricao, null);
      }
    }
  }
  for (const p of prodsAtuais)
    if (!produtosVistos.has(p.idproduto)) mudar('excluir', 'produto', p.idproduto, p.descricao, null);
  for (const g of gruposAtuais) {
    if (!grupos.has(g.idgrupoopcao)) {
      mudar('excluir', 'grupo_opcao', g.idgrupoopcao, g.descricao, null);
      for (const o of opcoesAtuais)
        if (o.idgrupoopcao === g.idgrupoopcao) mudar('excluir', 'opcao', o.idopcao, o.descricao, null);
    }
  }
  const catsArquivo = new Set(arquivo.grupos.map((c) => c.idgrupo));
  for (const c of catsAtuais)
    if (!catsArquivo.has(c.idgrupo)) mudar('excluir', 'categoria', c.idgrupo, c.descricao, null);

  if (opts.dryRun || alteracoes.length === 0) {
    return { aplicado: !opts.dryRun, alteracoes, erros: [], menu_versao: null };
  }

  await escreverNoCardapio(db, a, async (trx) => {
    // Groups first (products link to them), then categories, products, and the removals.
    const grupoId = new Map<number, number>();
    for (const { g } of grupos.values()) {
      const atual = grupoPorId.get(g.idgrupoopcao);
      let idg: number;
      if (atual) {
        idg = atual.idgrupoopcao;
        await repo.updateGrupo(trx, idg, { ...grupoValores(g), idestabelecimento: id });
      } else {
        idg = await repo.insertGrupo(trx, { ...grupoValores(g), idestabelecimento: id });
      }
      grupoId.set(g.idgrupoopcao, idg);
      const manter = new Set<number>();
      for (const [k, o] of g.opcoes.entries()) {
        const ao = opcaoPorId.get(o.idopcao);
        if (ao && atual && ao.idgrupoopcao === atual.idgrupoopcao) {
          manter.add(ao.idopcao);
          await repo.updateOpcao(trx, ao.idopcao, { ...opcaoValores(o), ordem: k });
        } else {
          await repo.insertOpcao(trx, { ...opcaoValores(o), idgrupoopcao: idg, ordem: k });
        }
      }
      if (atual) {
        for (const ao of opcoesAtuais) {
          if (ao.idgrupoopcao === atual.idgrupoopcao && !manter.has(ao.idopcao))
            await repo.deleteOpcao(trx, ao.idopcao);
        }
      }
    }
    const catId = new Map<number, number>();
    for (const c of arquivo.grupos) {
      const atual = catPorId.get(c.idgrupo);
      if (atual) {
        await repo.updateCategoria(trx, id, atual.idgrupo, c.descricao.trim());
        catId.set(c.idgrupo, atual.idgrupo);
      } else catId.set(c.idgrupo, await repo.insertCategoria(trx, id, c.descricao.trim()));
    }
    await repo.setOrdemCategorias(
      trx,
      id,
      arquivo.grupos.map((c) => catId.get(c.idgrupo)!),
    );
    for (const c of arquivo.grupos) {
      for (const [pi, p] of c.produtos.entries()) {
        const values = { ...produtoValores(p), idgrupo: catId.get(c.idgrupo)!, ordem: pi };
        let idp: number;
        if (prodPorId.has(p.idproduto)) {
          idp = p.idproduto;
          await repo.updateProduto(trx, id, idp, values);
        } else {
          idp = await repo.insertProduto(trx, { ...values, idestabelecimento: id });
        }
        await repo.replaceLinks(
          trx,
          idp,
          p.grupoopcoes.map((g) => grupoId.get(g.idgrupoopcao)!),
        );
      }
    }
    for (const p of prodsAtuais)
      if (!produtosVistos.has(p.idproduto)) await repo.deleteProduto(trx, id, p.idproduto);
    for (const g of gruposAtuais)
      if (!grupos.has(g.idgrupoopcao)) await repo.deleteGrupo(trx, g.idgrupoopcao);
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
  const e = await repo.estabelecimento(db, id);
  return { aplicado: true, alteracoes, erros: [], menu_versao: e?.menu_versao ?? null };
}
