import { MSG_CATALOGO as M, problemasGrupo } from '@rango/domain/painel/catalogo';
import type {
  CardapioPainel,
  GrupoOpcaoInput,
  GrupoOpcaoPainel,
  OpcaoInput,
  OpcaoPainel,
  ProdutoPainel,
} from '@rango/domain/painel/catalogo';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { GrupoOpcaoTable, OpcaoTable } from '../../db/types.ts';
import { HttpError } from '../../http/errors.ts';
import { campo } from '../establishments/escrita.ts';
import { versaoDoCardapio } from '../establishments/service.ts';
import { cardapioPainelRepository as repo } from './painel-repository.ts';

/**
 * The owner's menu as the back office reads it, and the rules its writes check (painel.ts):
 * presenters of the rows, the values a body writes, a group's rules that need its options.
 */

export const naoEncontrado = (detail: string): HttpError => new HttpError(404, { detail });
export const conflito = (detail: string): HttpError => new HttpError(409, { detail });

export type GrupoRow = Selectable<GrupoOpcaoTable>;
export type OpcaoRow = Selectable<OpcaoTable>;

export function presentOpcao(o: OpcaoRow): OpcaoPainel {
  return {
    idopcao: o.idopcao,
    idgrupoopcao: o.idgrupoopcao,
    descricao: o.descricao,
    detalhe: o.detalhe,
    qtdpadrao: o.qtdpadrao,
    qtdmax: o.qtdmax,
    preco: o.preco,
    precooferta: o.precooferta,
    stindisponivel: o.stindisponivel,
    valorafetatudo: o.valorafetatudo,
    valorafetaopcao: o.valorafetaopcao,
    stpercentualafetaopcao: o.stpercentualafetaopcao,
    valorafetaproduto: o.valorafetaproduto,
    stpercentualafetaproduto: o.stpercentualafetaproduto,
    ordem: o.ordem,
  };
}

export function presentGrupo(g: GrupoRow, opcoes: OpcaoRow[], produtos: number[]): GrupoOpcaoPainel {
  return {
    idgrupoopcao: g.idgrupoopcao,
    descricao: g.descricao,
    multiplo: g.multiplo !== 0,
    qtdinclusa: g.qtdinclusa,
    qtdmultiplomin: g.qtdmultiplomin,
    qtdmultiplomax: g.qtdmultiplomax,
    stprecopraticado: g.stprecopraticado,
    stnegagrupoopcao: g.stnegagrupoopcao,
    stindisponivel: g.stindisponivel,
    opcoes: opcoes.map(presentOpcao),
    produtos,
  };
}

export function grupoValues(v: GrupoOpcaoInput) {
  return {
    descricao: v.descricao,
    multiplo: v.multiplo ? 1 : 0,
    qtdinclusa: v.qtdinclusa,
    qtdmultiplomin: v.qtdmultiplomin,
    qtdmultiplomax: v.qtdmultiplomax,
    stprecopraticado: v.stprecopraticado,
    stnegagrupoopcao: v.stnegagrupoopcao,
    stindisponivel: v.stindisponivel ?? 0,
  };
}

export function opcaoValues(v: OpcaoInput) {
  return {
    descricao: v.descricao,
    detalhe: v.detalhe ?? null,
    qtdpadrao: v.qtdpadrao ?? 0,
    qtdmax: v.qtdmax ?? 0,
    preco: v.preco,
    precooferta: v.precooferta ?? 0,
    stindisponivel: v.stindisponivel ?? 0,
    valorafetatudo: v.valorafetatudo ?? 0,
    valorafetaopcao: v.valorafetaopcao ?? 0,
    stpercentualafetaopcao: v.stpercentualafetaopcao ?? 0,
    valorafetaproduto: v.valorafetaproduto ?? 0,
    stpercentualafetaproduto: v.stpercentualafetaproduto ?? 0,
  };
}

/**
 * Problems of a group still being built (a Kit with no option yet, a minimum above its options so
 * far): refused only once the group is on a product, so the owner can create it, then its options.
 */
export const incompleto = (msg: string): boolean => msg === M.kitSemOpcoes || msg === M.minimoInalcancavel;

/** Every id of `atuais` exactly once, else the reorder is refused (a stale editor). */
export function mesmaLista(atuais: readonly number[], ids: readonly number[]): void {
  const a = new Set(atuais);
  if (ids.length !== a.size || ids.some((i) => !a.has(i))) throw campo('ids', M.ordemIncompleta);
}

export async function grupo(d: Db, id: number, idgrupoopcao: number): Promise<GrupoOpcaoPainel> {
  const [g] = await repo.grupos(d, id, idgrupoopcao);
  if (!g) throw naoEncontrado(M.grupoNaoEncontrado);
  return presentGrupo(
    g,
    await repo.opcoes(d, [g.idgrupoopcao]),
    await repo.produtosDoGrupo(d, g.idgrupoopcao),
  );
}

export async function grupoRow(d: Db, id: number, idgrupoopcao: number): Promise<GrupoRow> {
  const [g] = await repo.grupos(d, id, idgrupoopcao);
  if (!g) throw naoEncontrado(M.grupoNaoEncontrado);
  return g;
}

export async function produto(d: Db, id: number, idproduto: number): Promise<ProdutoPainel> {
  const p = await repo.produto(d, id, idproduto);
  if (!p) throw naoEncontrado(M.produtoNaoEncontrado);
  const links = await repo.links(d, id, idproduto);
  return {
    idproduto: p.idproduto,
    idgrupo: p.idgrupo,
    descricao: p.descricao,
    detalhe: p.detalhe,
    imagem: p.imagem,
    preco: p.preco,
    precooferta: p.precooferta,
    stindisponivel: p.stindisponivel,
    ordem: p.ordem,
    grupoopcoes: links.map((l) => l.idgrupoopcao),
  };
}

/** The option's row when its group is the establishment's. */
export async function opcaoRow(d: Db, id: number, idopcao: number): Promise<OpcaoRow> {
  const o = await repo.opcao(d, idopcao);
  if (!o || (await repo.grupos(d, id, o.idgrupoopcao)).length === 0)
    throw naoEncontrado(M.opcaoNaoEncontrada);
  return o;
}

/**
 * A group's rules that need its options (problemasGrupo). A Kit without options is refused only
 * once the group is on a product (the owner creates the group, then its options).
 */
export async function verificarGrupo(
  d: Db,
  g: Pick<GrupoRow, 'idgrupoopcao' | 'multiplo' | 'qtdmultiplomin' | 'stprecopraticado'>,
  opcoes: readonly Pick<OpcaoRow, 'stindisponivel' | 'qtdpadrao' | 'qtdmax'>[],
  mapa: Partial<Record<string, string>> = {},
): Promise<void> {
  const linked = (await repo.produtosDoGrupo(d, g.idgrupoopcao)).length > 0;
  const problemas = problemasGrupo(
    {
      multiplo: g.multiplo !== 0,
      qtdmultiplomin: g.qtdmultiplomin,
      stprecopraticado: g.stprecopraticado as 0,
    },
    opcoes,
  ).filter((p) => linked || !incompleto(p.msg));
  const p = problemas[0];
  if (p) throw campo(mapa[p.campo] ?? p.campo, p.msg);
}

/** Every group id is the establishment's, and none is a Kit without options. */
export async function verificarLinks(
  d: Db,
  id: number,
  grupos: readonly number[],
  path: string,
): Promise<void> {
  for (const idg of grupos) {
    const [g] = await repo.grupos(d, id, idg);
    if (!g) throw campo(path, M.grupoNaoEncontrado);
    const opcoes = await repo.opcoes(d, [idg]);
    const kit = problemasGrupo(
      {
        multiplo: g.multiplo !== 0,
        qtdmultiplomin: g.qtdmultiplomin,
        stprecopraticado: g.stprecopraticado as 0,
      },
      opcoes,
    ).find((p) => incompleto(p.msg));
    if (kit) throw campo(path, kit.msg);
    // An unowned (seeded) group becomes this establishment's once linked here.
    if (g.idestabelecimento === null) await repo.updateGrupo(d, idg, { idestabelecimento: id });
  }
}

export async function cardapio(db: Db, id: number): Promise<CardapioPainel> {
  const menu_versao = await versaoDoCardapio(db, id);
  if (menu_versao === undefined) throw naoEncontrado(M.estabelecimentoNaoEncontrado);
  const [categorias, produtos, links, grupos] = await Promise.all([
    repo.categorias(db, id),
    repo.produtos(db, id),
    repo.links(db, id),
    repo.grupos(db, id),
  ]);
  const opcoes = await repo.opcoes(
    db,
    grupos.map((g) => g.idgrupoopcao),
  );
  const linksPorProduto = new Map<number, number[]>();
  const produtosPorGrupo = new Map<number, number[]>();
  for (const l of links) {
    (linksPorProduto.get(l.idproduto) ?? linksPorProduto.set(l.idproduto, []).get(l.idproduto)!).push(
      l.idgrupoopcao,
    );
    (
      produtosPorGrupo.get(l.idgrupoopcao) ?? produtosPorGrupo.set(l.idgrupoopcao, []).get(l.idgrupoopcao)!
    ).push(l.idproduto);
  }
  const opcoesPorGrupo = new Map<number, OpcaoRow[]>();
  for (const o of opcoes) {
    (opcoesPorGrupo.get(o.idgrupoopcao) ?? opcoesPorGrupo.set(o.idgrupoopcao, []).get(o.idgrupoopcao)!).push(
      o,
    );
  }
  return {
    menu_versao,
    categorias: categorias.map((c) => ({
      ...c,
      produtos: produtos
        .filter((p) => p.idgrupo === c.idgrupo)
        .map((p) => ({
          idproduto: p.idproduto,
          idgrupo: p.idgrupo,
          descricao: p.descricao,
          detalhe: p.detalhe,
          imagem: p.imagem,
          preco: p.preco,
          precooferta: p.precooferta,
          stindisponivel: p.stindisponivel,
          ordem: p.ordem,
          grupoopcoes: linksPorProduto.get(p.idproduto) ?? [],
        })),
    })),
    gruposopcao: grupos.map((g) =>
      presentGrupo(
        g,
        opcoesPorGrupo.get(g.idgrupoopcao) ?? [],
        [...new Set(produtosPorGrupo.get(g.idgrupoopcao) ?? [])].sort((x, y) => x - y),
      ),
    ),
  };
}
