import { MSG } from '@rango/domain';
import type { Schema } from '@rango/domain';
import {
  MSG_CATALOGO as M,
  grupoOpcaoInputSchema,
  opcaoInputSchema,
  problemasGrupo,
  produtoInputSchema,
} from '@rango/domain/painel/catalogo';
import type {
  GrupoOpcaoInput,
  GrupoOpcaoPainel,
  OpcaoInput,
  ProdutoInput,
  SalvarProdutoResultado,
} from '@rango/domain/painel/catalogo';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { anotarEm, ler as lerParte } from '../../http/corpo.ts';
import { HttpError } from '../../http/errors.ts';
import { campo, escreverNoCardapio } from '../establishments/escrita.ts';
import type { Autor } from '../establishments/escrita.ts';
import { dono } from '../establishments/painel-http.ts';
import { mesmo } from './cardapio-valores.ts';
import { cardapioPainelRepository as repo } from './painel-repository.ts';
import {
  conflito,
  grupo,
  grupoRow,
  grupoValues,
  incompleto,
  naoEncontrado,
  opcaoValues,
  produto,
  verificarLinks,
} from './painel-regras.ts';
import type { GrupoRow, OpcaoRow } from './painel-regras.ts';

/**
 * The product editor's save as one unit of work (issue 21): a product with its option groups and
 * their options (SalvarProdutoInput in the domain) in ONE transaction, with one menu version
 * move, one 'menu' event and one audit row (escreverNoCardapio); any refusal rolls all of it back.
 * Each part is checked with the schema and the rules of its own editor (painel.ts), so the texts
 * are the same, each under its path in this body ('produto.preco', 'grupos.0.opcoes.2.preco').
 * Like the menu import (cardapio-io.ts) it writes only what differs from the rows (a shared group
 * left untouched is not rewritten), with the same repository and the same values (grupoValues,
 * opcaoValues); the options take their place in the body's order.
 */

interface OpcaoLida extends OpcaoInput {
  idopcao: number;
}
interface GrupoLido extends GrupoOpcaoInput {
  idgrupoopcao: number;
  opcoes: OpcaoLida[];
}
interface Lido {
  idproduto: number | null;
  produto: ProdutoInput;
  grupos: GrupoLido[];
}

const objeto = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);
const idValido = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x !== 0;

/** The body, every part with its editor's schema; every refusal at once, under its path. */
export function lerSalvarProduto(body: unknown): Lido {
  if (!objeto(body) || !objeto(body.produto) || !Array.isArray(body.grupos))
    throw new HttpError(400, { non_field_errors: [MSG.requisicaoMalFormada] });
  const erros: Record<string, string[]> = {};
  const erro = anotarEm(erros);
  const ler = <T>(schema: Schema<T>, x: unknown, prefixo: string): T | undefined =>
    lerParte(schema, x, erro, { prefixo });
  // A malformed id answers like an unknown one (idDe).
  const idproduto = body.idproduto ?? null;
  if (idproduto !== null && !(idValido(idproduto) && idproduto > 0))
    throw naoEncontrado(M.produtoNaoEncontrado);

  const grupos: GrupoLido[] = [];
  const idsGrupos = new Set<number>();
  for (const [i, g] of body.grupos.entries()) {
    const gc = `grupos.${i}`;
    if (!objeto(g)) {
      erro(gc, M.valorInvalido);
      continue;
    }
    if (!idValido(g.idgrupoopcao)) erro(`${gc}.idgrupoopcao`, M.valorInvalido);
    else if (idsGrupos.has(g.idgrupoopcao)) erro('produto.grupoopcoes', M.idsRepetidos);
    else idsGrupos.add(g.idgrupoopcao);
    const campos = ler(grupoOpcaoInputSchema, g, gc);
    if (!Array.isArray(g.opcoes)) {
      erro(`${gc}.opcoes`, M.valorInvalido);
      continue;
    }
    const opcoes: OpcaoLida[] = [];
    const idsOpcoes = new Set<number>();
    for (const [k, o] of g.opcoes.entries()) {
      const oc = `${gc}.opcoes.${k}`;
      if (!objeto(o)) {
        erro(oc, M.valorInvalido);
        continue;
      }
      if (!idValido(o.idopcao)) erro(`${oc}.idopcao`, M.valorInvalido);
      else if (idsOpcoes.has(o.idopcao)) erro(`${gc}.opcoes`, M.idsRepetidos);
      else idsOpcoes.add(o.idopcao);
      const v = ler(opcaoInputSchema, o, oc);
      if (v) opcoes.push({ ...v, idopcao: o.idopcao as number });
    }
    if (campos) grupos.push({ ...campos, idgrupoopcao: g.idgrupoopcao as number, opcoes });
  }
  // The product's own schema, its links as many as the groups (the links' limit, 50).
  const { grupoopcoes: _ignorado, ...semLinks } = body.produto;
  const produtoLido = ler(
    produtoInputSchema,
    { ...semLinks, grupoopcoes: body.grupos.map((_, i) => i + 1) },
    'produto',
  );
  if (Object.keys(erros).length > 0 || !produtoLido) throw new HttpError(400, erros);
  return { idproduto, produto: produtoLido, grupos };
}

/**
 * A group's rules that need its options (problemasGrupo, as verificarGrupo), the refusal on the
 * field the separate editors put it: a change of 'multiplo' or of the mode on the group; an
 * option's own quantity on that option; the last available option of a Kit made unavailable on
 * it; options removed from a group on a product, 409 as their removal (excluirOpcao).
 */
async function regrasDoGrupo(
  trx: Db,
  g: GrupoLido,
  idg: number,
  antes: GrupoRow | undefined,
  removidas: boolean,
  caminho: string,
): Promise<void> {
  const linked = (await repo.produtosDoGrupo(trx, idg)).length > 0;
  const p = problemasGrupo(g, g.opcoes).filter((x) => linked || !incompleto(x.msg))[0];
  if (!p) return;
  if (p.campo === 'qtdpadrao' || p.campo === 'qtdmax') {
    const k = g.opcoes.findIndex((o) => (o[p.campo as 'qtdpadrao' | 'qtdmax'] ?? 0) > 1);
    if (antes && antes.multiplo !== 0 && !g.multiplo) throw campo(`${caminho}.multiplo`, p.msg);
    throw campo(`${caminho}.opcoes.${k}.${p.campo}`, p.msg);
  }
  if (p.campo === 'stprecopraticado' && antes && antes.stprecopraticado === g.stprecopraticado) {
    const k = g.opcoes.findLastIndex((o) => (o.stindisponivel ?? 0) !== 0);
    if (k >= 0) throw campo(`${caminho}.opcoes.${k}.stindisponivel`, p.msg);
    if (removidas) throw conflito(p.msg);
  }
  if (p.campo === 'qtdmultiplomin' && antes && antes.qtdmultiplomin === g.qtdmultiplomin && removidas)
    throw conflito(p.msg);
  throw campo(`${caminho}.${p.campo}`, p.msg);
}

/** One group and its options: created, or changed where it differs. Answers its id. */
async function salvarGrupo(trx: Db, id: number, g: GrupoLido, caminho: string): Promise<number> {
  const values = grupoValues(g);
  let antes: GrupoRow | undefined;
  let opcoesAntes: OpcaoRow[] = [];
  let idg: number;
  if (g.idgrupoopcao < 0) {
    idg = await repo.insertGrupo(trx, { ...values, idestabelecimento: id });
  } else {
    antes = await grupoRow(trx, id, g.idgrupoopcao);
    idg = antes.idgrupoopcao;
    opcoesAntes = await repo.opcoes(trx, [idg]);
    const atuais = Object.fromEntries(Object.keys(values).map((k) => [k, antes![k as keyof GrupoRow]]));
    if (!mesmo(atuais, values) || antes.idestabelecimento !== id)
      await repo.updateGrupo(trx, idg, { ...values, idestabelecimento: id });
  }
  const porId = new Map(opcoesAntes.map((o) => [o.idopcao, o]));
  const manter = new Set<number>();
  for (const [k, o] of g.opcoes.entries()) {
    const v = { ...opcaoValues(o), ordem: k };
    if (o.idopcao < 0) {
      await repo.insertOpcao(trx, { ...v, idgrupoopcao: idg, quantidade: 0 });
      continue;
    }
    // Another group's option (another establishment's, above all) is not found here.
    const ao = porId.get(o.idopcao);
    if (!ao) throw naoEncontrado(M.opcaoNaoEncontrada);
    manter.add(ao.idopcao);
    const atual = Object.fromEntries(Object.keys(v).map((c) => [c, ao[c as keyof OpcaoRow]]));
    if (!mesmo(atual, v)) await repo.updateOpcao(trx, ao.idopcao, v);
  }
  const fora = opcoesAntes.filter((o) => !manter.has(o.idopcao));
  for (const o of fora) await repo.deleteOpcao(trx, o.idopcao);
  await regrasDoGrupo(trx, g, idg, antes, fora.length > 0, caminho);
  return idg;
}

/** Saves the product with its groups and options as one unit (see the top of this file). */
export async function salvarProduto(
  db: Db,
  a: Autor,
  v: Lido,
): Promise<SalvarProdutoResultado & { criado: boolean }> {
  const id = a.idestabelecimento;
  return escreverNoCardapio(db, a, async (trx) => {
    const atual = v.idproduto === null ? undefined : await repo.produto(trx, id, v.idproduto);
    if (v.idproduto !== null && !atual) throw naoEncontrado(M.produtoNaoEncontrado);
    const ids: number[] = [];
    for (const [i, g] of v.grupos.entries()) ids.push(await salvarGrupo(trx, id, g, `grupos.${i}`));
    const p = v.produto;
    if (!(await repo.categoria(trx, id, p.idgrupo))) throw campo('produto.idgrupo', M.categoriaNaoEncontrada);
    await verificarLinks(trx, id, ids, 'produto.grupoopcoes');
    let idproduto: number;
    if (!atual) {
      idproduto = await repo.insertProduto(trx, {
        idestabelecimento: id,
        idgrupo: p.idgrupo,
        descricao: p.descricao,
        detalhe: p.detalhe ?? null,
        imagem: null,
        preco: p.preco,
        precooferta: p.precooferta ?? 0,
        stindisponivel: p.stindisponivel ?? 0,
        quantidade: 0,
        observacoes: null,
        ordem: await repo.proximaOrdemProduto(trx, id, p.idgrupo),
      });
    } else {
      idproduto = atual.idproduto;
      await repo.updateProduto(trx, id, idproduto, {
        idgrupo: p.idgrupo,
        descricao: p.descricao,
        ...(p.detalhe !== undefined ? { detalhe: p.detalhe } : {}),
        preco: p.preco,
        ...(p.precooferta !== undefined ? { precooferta: p.precooferta } : {}),
        ...(p.stindisponivel !== undefined ? { stindisponivel: p.stindisponivel } : {}),
        // Moved to another category: at its end (mudarProduto).
        ...(p.idgrupo !== atual.idgrupo ? { ordem: await repo.proximaOrdemProduto(trx, id, p.idgrupo) } : {}),
      });
      const oferta = p.precooferta ?? atual.precooferta;
      if (oferta >= p.preco && oferta > 0) throw campo('produto.precooferta', M.ofertaAcimaDoPreco);
    }
    await repo.replaceLinks(trx, idproduto, ids);
    const gruposopcao: GrupoOpcaoPainel[] = [];
    for (const idg of ids) gruposopcao.push(await grupo(trx, id, idg));
    return {
      resultado: { produto: await produto(trx, id, idproduto), gruposopcao, criado: !atual },
      entidade: 'produto',
      identidade: idproduto,
      acao: atual ? 'alterar' : 'criar',
      dados: { ...p, grupoopcoes: ids, grupos: v.grupos.length },
    };
  });
}

/** The route, registered with the menu's back-office routes (painel-routes.ts). */
export function salvarProdutoRoutes(app: FastifyInstance, base: string): void {
  app.post<{ Params: { id: string } }>(`${base}/produtos/salvar/`, async (req, reply) => {
    const a = await dono(req);
    const { criado, ...r } = await salvarProduto(req.server.db, a, lerSalvarProduto(req.body));
    return reply.code(criado ? 201 : 200).send(r);
  });
}
