import {
  MSG_CATALOGO as M,
  idDoEditor,
  problemasGrupo,
  salvarProdutoEnvelopeSchema,
  salvarProdutoInputSchema,
} from '@rango/domain/painel/catalogo';
import type {
  GrupoOpcaoPainel,
  ProdutoInput,
  SalvarGrupoInput,
  SalvarProdutoResultado,
} from '@rango/domain/painel/catalogo';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { validar } from '../../http/corpo.ts';
import { campo, escreverNoCardapio } from '../establishments/escrita.ts';
import type { Autor } from '../establishments/escrita.ts';
import { dono } from '../establishments/painel-http.ts';
import { mesmo } from './cardapio-valores.ts';
import { CONTRATOS_CARDAPIO } from './contrato-painel.ts';
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

type GrupoLido = SalvarGrupoInput;
interface Lido {
  idproduto: number | null;
  produto: ProdutoInput;
  grupos: GrupoLido[];
}

/**
 * The body through validar(): first its envelope (an object with a product object and a groups
 * list, else malformed as a whole), then a malformed product id answers like an unknown one
 * (idDe), then the whole body's schema (salvarProdutoInputSchema, the route's contract too):
 * every refusal at once, each under its path with its editor's text.
 */
export function lerSalvarProduto(body: unknown): Lido {
  const { idproduto = null } = validar(salvarProdutoEnvelopeSchema, body);
  if (idproduto !== null && !(idDoEditor(idproduto) && idproduto > 0))
    throw naoEncontrado(M.produtoNaoEncontrado);
  const v = validar(salvarProdutoInputSchema, body);
  return { idproduto: v.idproduto ?? null, produto: v.produto, grupos: v.grupos };
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
  app.post<{ Params: { id: string } }>(
    `${base}/produtos/salvar/`,
    { config: { contrato: CONTRATOS_CARDAPIO.salvarProduto } },
    async (req, reply) => {
      const a = await dono(req);
      const { criado, ...r } = await salvarProduto(req.server.db, a, lerSalvarProduto(req.body));
      return reply.code(criado ? 201 : 200).send(r);
    },
  );
}
