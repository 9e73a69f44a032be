import { BASE_MIDIA_LOCAL, MSG_CATALOGO as M, problemasGrupo } from '@rango/domain/painel/catalogo';
import type {
  CategoriaPainel,
  GrupoOpcaoInput,
  GrupoOpcaoPainel,
  OpcaoInput,
  OpcaoPainel,
  ProdutoInput,
  ProdutoPainel,
  VincularGrupoInput,
} from '@rango/domain/painel/catalogo';
import type { Db } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import { campo, escreverNoCardapio } from '../establishments/escrita.ts';
import type { Autor, Mudanca } from '../establishments/escrita.ts';
import { gravarImagemProduto } from './images.ts';
import type { Armazenamento } from './images.ts';
import { cardapioPainelRepository as repo } from './painel-repository.ts';
import {
  cardapio,
  conflito,
  grupo,
  grupoRow,
  grupoValues,
  incompleto,
  mesmaLista,
  naoEncontrado,
  opcaoRow,
  opcaoValues,
  presentOpcao,
  produto,
  verificarGrupo,
  verificarLinks,
} from './painel-regras.ts';

/**
 * The owner's back office of the menu (issue 12): categories, products, option groups, options
 * and product photos. Every write runs in one transaction that also moves the establishment's
 * menu_versao (the customer's menu cache of every instance rebuilds on its next request), records
 * the 'menu' event and the audit row (establishments/escrita.ts); a refusal thrown inside rolls
 * all of it back, so nothing is half-saved.
 */
export function createCardapioPainelService(db: Db, opts: { midia?: Armazenamento | undefined } = {}) {
  const escrever = <T>(a: Autor, fn: (trx: Db) => Promise<Mudanca<T>>): Promise<T> =>
    escreverNoCardapio(db, a, fn);

  return {
    /**
     * Where product photos are read from, each ending in '/': the local media path, and the object
     * store's public URL when photos go there. The menu import takes only images under these.
     */
    midias: [...new Set([BASE_MIDIA_LOCAL, ...(opts.midia ? [opts.midia.url('')] : [])])],

    cardapio: (id: number) => cardapio(db, id),

    criarCategoria(a: Autor, descricao: string): Promise<CategoriaPainel> {
      return escrever(a, async (trx) => {
        const idgrupo = await repo.insertCategoria(trx, a.idestabelecimento, descricao);
        const c = await repo.categoria(trx, a.idestabelecimento, idgrupo);
        return {
          resultado: c!,
          entidade: 'categoria',
          identidade: idgrupo,
          acao: 'criar',
          dados: { descricao },
        };
      });
    },

    mudarCategoria(a: Autor, idgrupo: number, descricao: string): Promise<CategoriaPainel> {
      return escrever(a, async (trx) => {
        if (!(await repo.updateCategoria(trx, a.idestabelecimento, idgrupo, descricao)))
          throw naoEncontrado(M.categoriaNaoEncontrada);
        const c = await repo.categoria(trx, a.idestabelecimento, idgrupo);
        return {
          resultado: c!,
          entidade: 'categoria',
          identidade: idgrupo,
          acao: 'alterar',
          dados: { descricao },
        };
      });
    },

    excluirCategoria(a: Autor, idgrupo: number): Promise<void> {
      return escrever(a, async (trx) => {
        const c = await repo.categoria(trx, a.idestabelecimento, idgrupo);
        if (!c) throw naoEncontrado(M.categoriaNaoEncontrada);
        // Never cascade a whole category of products away by one click.
        if ((await repo.produtos(trx, a.idestabelecimento, idgrupo)).length > 0)
          throw conflito(M.categoriaComProdutos);
        await repo.deleteCategoria(trx, a.idestabelecimento, idgrupo);
        return {
          resultado: undefined,
          entidade: 'categoria',
          identidade: idgrupo,
          acao: 'excluir',
          dados: c,
        };
      });
    },

    ordenarCategorias(a: Autor, ids: readonly number[]): Promise<void> {
      return escrever(a, async (trx) => {
        mesmaLista(
          (await repo.categorias(trx, a.idestabelecimento)).map((c) => c.idgrupo),
          ids,
        );
        await repo.setOrdemCategorias(trx, a.idestabelecimento, ids);
        return {
          resultado: undefined,
          entidade: 'categoria',
          identidade: null,
          acao: 'ordenar',
          dados: { ids },
        };
      });
    },

    ordenarProdutos(a: Autor, idgrupo: number, ids: readonly number[]): Promise<void> {
      return escrever(a, async (trx) => {
        if (!(await repo.categoria(trx, a.idestabelecimento, idgrupo)))
          throw naoEncontrado(M.categoriaNaoEncontrada);
        mesmaLista(
          (await repo.produtos(trx, a.idestabelecimento, idgrupo)).map((p) => p.idproduto),
          ids,
        );
        await repo.setOrdemProdutos(trx, a.idestabelecimento, ids);
        return {
          resultado: undefined,
          entidade: 'categoria',
          identidade: idgrupo,
          acao: 'ordenar',
          dados: { ids },
        };
      });
    },

    produto: (id: number, idproduto: number) => produto(db, id, idproduto),

    criarProduto(a: Autor, v: ProdutoInput): Promise<ProdutoPainel> {
      return escrever(a, async (trx) => {
        const id = a.idestabelecimento;
        if (!(await repo.categoria(trx, id, v.idgrupo))) throw campo('idgrupo', M.categoriaNaoEncontrada);
        const grupos = v.grupoopcoes ?? [];
        await verificarLinks(trx, id, grupos, 'grupoopcoes');
        const idproduto = await repo.insertProduto(trx, {
          idestabelecimento: id,
          idgrupo: v.idgrupo,
          descricao: v.descricao,
          detalhe: v.detalhe ?? null,
          imagem: null,
          preco: v.preco,
          precooferta: v.precooferta ?? 0,
          stindisponivel: v.stindisponivel ?? 0,
          quantidade: 0,
          observacoes: null,
          ordem: await repo.proximaOrdemProduto(trx, id, v.idgrupo),
        });
        await repo.replaceLinks(trx, idproduto, grupos);
        return {
          resultado: await produto(trx, id, idproduto),
          entidade: 'produto',
          identidade: idproduto,
          acao: 'criar',
          dados: v,
        };
      });
    },

    mudarProduto(a: Autor, idproduto: number, v: ProdutoInput): Promise<ProdutoPainel> {
      return escrever(a, async (trx) => {
        const id = a.idestabelecimento;
        const atual = await repo.produto(trx, id, idproduto);
        if (!atual) throw naoEncontrado(M.produtoNaoEncontrado);
        if (!(await repo.categoria(trx, id, v.idgrupo))) throw campo('idgrupo', M.categoriaNaoEncontrada);
        if (v.grupoopcoes) await verificarLinks(trx, id, v.grupoopcoes, 'grupoopcoes');
        await repo.updateProduto(trx, id, idproduto, {
          idgrupo: v.idgrupo,
          descricao: v.descricao,
          ...(v.detalhe !== undefined ? { detalhe: v.detalhe } : {}),
          preco: v.preco,
          ...(v.precooferta !== undefined ? { precooferta: v.precooferta } : {}),
          ...(v.stindisponivel !== undefined ? { stindisponivel: v.stindisponivel } : {}),
          // Moved to another category: at its end.
          ...(v.idgrupo !== atual.idgrupo
            ? { ordem: await repo.proximaOrdemProduto(trx, id, v.idgrupo) }
            : {}),
        });
        if ((v.precooferta ?? atual.precooferta) >= v.preco && (v.precooferta ?? atual.precooferta) > 0) {
          throw campo('precooferta', M.ofertaAcimaDoPreco);
        }
        if (v.grupoopcoes) await repo.replaceLinks(trx, idproduto, v.grupoopcoes);
        return {
          resultado: await produto(trx, id, idproduto),
          entidade: 'produto',
          identidade: idproduto,
          acao: 'alterar',
          dados: v,
        };
      });
    },

    excluirProduto(a: Autor, idproduto: number): Promise<void> {
      return escrever(a, async (trx) => {
        // Past orders keep their own copy (pedido.pedido_json): nothing references the row.
        const p = await produto(trx, a.idestabelecimento, idproduto);
        await repo.deleteProduto(trx, a.idestabelecimento, idproduto);
        return {
          resultado: undefined,
          entidade: 'produto',
          identidade: idproduto,
          acao: 'excluir',
          dados: p,
        };
      });
    },

    duplicarProduto(a: Autor, idproduto: number): Promise<ProdutoPainel> {
      return escrever(a, async (trx) => {
        const id = a.idestabelecimento;
        const p = await repo.produto(trx, id, idproduto);
        if (!p) throw naoEncontrado(M.produtoNaoEncontrado);
        const links = await repo.links(trx, id, idproduto);
        await repo.abrirOrdemProduto(trx, id, p.idgrupo, p.ordem);
        const sufixo = ' (cópia)';
        const novo = await repo.insertProduto(trx, {
          idestabelecimento: id,
          idgrupo: p.idgrupo,
          descricao: p.descricao.slice(0, 120 - sufixo.length) + sufixo,
          detalhe: p.detalhe,
          imagem: p.imagem,
          preco: p.preco,
          precooferta: p.precooferta,
          stindisponivel: p.stindisponivel,
          quantidade: p.quantidade,
          observacoes: p.observacoes,
          ordem: p.ordem + 1,
        });
        // The copy shares the option groups (one change shows in both), as the spec's reuse.
        await repo.replaceLinks(
          trx,
          novo,
          links.map((l) => l.idgrupoopcao),
        );
        return {
          resultado: await produto(trx, id, novo),
          entidade: 'produto',
          identidade: novo,
          acao: 'duplicar',
          dados: { de: idproduto },
        };
      });
    },

    vincularGrupo(a: Autor, idproduto: number, v: VincularGrupoInput): Promise<ProdutoPainel> {
      return escrever(a, async (trx) => {
        const id = a.idestabelecimento;
        const p = await produto(trx, id, idproduto);
        if (p.grupoopcoes.includes(v.idgrupoopcao)) throw campo('idgrupoopcao', M.grupoJaNoProduto);
        await verificarLinks(trx, id, [v.idgrupoopcao], 'idgrupoopcao');
        const lista = [...p.grupoopcoes];
        lista.splice(Math.min(v.posicao ?? lista.length, lista.length), 0, v.idgrupoopcao);
        await repo.replaceLinks(trx, idproduto, lista);
        return {
          resultado: await produto(trx, id, idproduto),
          entidade: 'produto',
          identidade: idproduto,
          acao: 'vincular',
          dados: v,
        };
      });
    },

    desvincularGrupo(a: Autor, idproduto: number, idgrupoopcao: number): Promise<ProdutoPainel> {
      return escrever(a, async (trx) => {
        const id = a.idestabelecimento;
        const p = await produto(trx, id, idproduto);
        if (!p.grupoopcoes.includes(idgrupoopcao)) throw naoEncontrado(M.grupoNaoEncontrado);
        await repo.replaceLinks(
          trx,
          idproduto,
          p.grupoopcoes.filter((g) => g !== idgrupoopcao),
        );
        return {
          resultado: await produto(trx, id, idproduto),
          entidade: 'produto',
          identidade: idproduto,
          acao: 'desvincular',
          dados: { idgrupoopcao },
        };
      });
    },

    ordenarGruposDoProduto(a: Autor, idproduto: number, ids: readonly number[]): Promise<ProdutoPainel> {
      return escrever(a, async (trx) => {
        const id = a.idestabelecimento;
        const p = await produto(trx, id, idproduto);
        mesmaLista(p.grupoopcoes, ids);
        await repo.replaceLinks(trx, idproduto, ids);
        return {
          resultado: await produto(trx, id, idproduto),
          entidade: 'produto',
          identidade: idproduto,
          acao: 'ordenar',
          dados: { ids },
        };
      });
    },

    grupo: (id: number, idgrupoopcao: number) => grupo(db, id, idgrupoopcao),

    criarGrupo(a: Autor, v: GrupoOpcaoInput): Promise<GrupoOpcaoPainel> {
      return escrever(a, async (trx) => {
        const idg = await repo.insertGrupo(trx, {
          ...grupoValues(v),
          idestabelecimento: a.idestabelecimento,
        });
        return {
          resultado: await grupo(trx, a.idestabelecimento, idg),
          entidade: 'grupo_opcao',
          identidade: idg,
          acao: 'criar',
          dados: v,
        };
      });
    },

    mudarGrupo(a: Autor, idgrupoopcao: number, v: GrupoOpcaoInput): Promise<GrupoOpcaoPainel> {
      return escrever(a, async (trx) => {
        const id = a.idestabelecimento;
        await grupoRow(trx, id, idgrupoopcao);
        const values = { ...grupoValues(v), idestabelecimento: id };
        await repo.updateGrupo(trx, idgrupoopcao, values);
        // Options that only a group with quantities allows: the change of 'multiplo' is refused.
        await verificarGrupo(trx, { idgrupoopcao, ...values }, await repo.opcoes(trx, [idgrupoopcao]), {
          qtdpadrao: 'multiplo',
          qtdmax: 'multiplo',
        });
        return {
          resultado: await grupo(trx, id, idgrupoopcao),
          entidade: 'grupo_opcao',
          identidade: idgrupoopcao,
          acao: 'alterar',
          dados: v,
        };
      });
    },

    excluirGrupo(a: Autor, idgrupoopcao: number): Promise<void> {
      return escrever(a, async (trx) => {
        const g = await grupo(trx, a.idestabelecimento, idgrupoopcao);
        // Links and options go with it (ON DELETE CASCADE); past orders keep their own copy.
        await repo.deleteGrupo(trx, idgrupoopcao);
        return {
          resultado: undefined,
          entidade: 'grupo_opcao',
          identidade: idgrupoopcao,
          acao: 'excluir',
          dados: { ...g, opcoes: g.opcoes.length },
        };
      });
    },

    criarOpcao(a: Autor, idgrupoopcao: number, v: OpcaoInput): Promise<OpcaoPainel> {
      return escrever(a, async (trx) => {
        const g = await grupoRow(trx, a.idestabelecimento, idgrupoopcao);
        const values = opcaoValues(v);
        await verificarGrupo(trx, g, [...(await repo.opcoes(trx, [idgrupoopcao])), values]);
        const idopcao = await repo.insertOpcao(trx, {
          ...values,
          idgrupoopcao,
          quantidade: 0,
          ordem: await repo.proximaOrdemOpcao(trx, idgrupoopcao),
        });
        return {
          resultado: presentOpcao((await repo.opcao(trx, idopcao))!),
          entidade: 'opcao',
          identidade: idopcao,
          acao: 'criar',
          dados: v,
        };
      });
    },

    mudarOpcao(a: Autor, idopcao: number, v: OpcaoInput): Promise<OpcaoPainel> {
      return escrever(a, async (trx) => {
        const o = await opcaoRow(trx, a.idestabelecimento, idopcao);
        const g = await grupoRow(trx, a.idestabelecimento, o.idgrupoopcao);
        await repo.updateOpcao(trx, idopcao, opcaoValues(v));
        await verificarGrupo(trx, g, await repo.opcoes(trx, [o.idgrupoopcao]), {
          stprecopraticado: 'stindisponivel',
        });
        return {
          resultado: presentOpcao((await repo.opcao(trx, idopcao))!),
          entidade: 'opcao',
          identidade: idopcao,
          acao: 'alterar',
          dados: v,
        };
      });
    },

    excluirOpcao(a: Autor, idopcao: number): Promise<void> {
      return escrever(a, async (trx) => {
        const o = await opcaoRow(trx, a.idestabelecimento, idopcao);
        const g = await grupoRow(trx, a.idestabelecimento, o.idgrupoopcao);
        await repo.deleteOpcao(trx, idopcao);
        const resto = await repo.opcoes(trx, [o.idgrupoopcao]);
        const kit = problemasGrupo(
          {
            multiplo: g.multiplo !== 0,
            qtdmultiplomin: g.qtdmultiplomin,
            stprecopraticado: g.stprecopraticado as 0,
          },
          resto,
        ).find((p) => incompleto(p.msg));
        if (kit && (await repo.produtosDoGrupo(trx, g.idgrupoopcao)).length > 0) throw conflito(kit.msg);
        return {
          resultado: undefined,
          entidade: 'opcao',
          identidade: idopcao,
          acao: 'excluir',
          dados: presentOpcao(o),
        };
      });
    },

    ordenarOpcoes(a: Autor, idgrupoopcao: number, ids: readonly number[]): Promise<void> {
      return escrever(a, async (trx) => {
        await grupoRow(trx, a.idestabelecimento, idgrupoopcao);
        mesmaLista(
          (await repo.opcoes(trx, [idgrupoopcao])).map((o) => o.idopcao),
          ids,
        );
        await repo.setOrdemOpcoes(trx, idgrupoopcao, ids);
        return {
          resultado: undefined,
          entidade: 'grupo_opcao',
          identidade: idgrupoopcao,
          acao: 'ordenar',
          dados: { ids },
        };
      });
    },

    /**
     * A product's photo: checked and re-encoded (images.ts) and stored before the transaction (slow
     * work outside it); the product then points at it, with the usual version move and event.
     */
    async definirImagem(a: Autor, idproduto: number, bytes: Buffer): Promise<ProdutoPainel> {
      await produto(db, a.idestabelecimento, idproduto);
      if (!opts.midia) throw new HttpError(503, { detail: M.imagemInvalida });
      const { foto, miniatura } = await gravarImagemProduto(opts.midia, bytes);
      return escrever(a, async (trx) => {
        await produto(trx, a.idestabelecimento, idproduto);
        await repo.updateProduto(trx, a.idestabelecimento, idproduto, { imagem: foto });
        return {
          resultado: await produto(trx, a.idestabelecimento, idproduto),
          entidade: 'produto',
          identidade: idproduto,
          acao: 'imagem',
          dados: { imagem: foto, miniatura },
        };
      });
    },

    removerImagem(a: Autor, idproduto: number): Promise<ProdutoPainel> {
      return escrever(a, async (trx) => {
        await produto(trx, a.idestabelecimento, idproduto);
        await repo.updateProduto(trx, a.idestabelecimento, idproduto, { imagem: null });
        return {
          resultado: await produto(trx, a.idestabelecimento, idproduto),
          entidade: 'produto',
          identidade: idproduto,
          acao: 'imagem',
          dados: { imagem: null },
        };
      });
    },
  };
}

export type CardapioPainelService = ReturnType<typeof createCardapioPainelService>;
