import { MSG_ERRO_PEDIDO, menuSchema } from '@rango/domain';
import type { PedidoInput } from '@rango/domain';
import {
  MSG_CATALOGO as M,
  grupoOpcaoPainelSchema,
  opcaoPainelSchema,
  produtoPainelSchema,
} from '@rango/domain/painel/catalogo';
import type { ProdutoPainel } from '@rango/domain/painel/catalogo';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { TestApp } from '../../test/app.ts';
import { est, GRUPO, menuUrl, painelDeTeste } from '../../test/painel.ts';
import { DIALECTS, testConfig } from '../../test/db.ts';
import { montarPedido, pedidoUrl, produtosDoMenu } from '../orders/testing.ts';
import type { ClienteTeste } from '../orders/testing.ts';
import { API } from '../staff/testing.ts';

describe.each(DIALECTS)('back office routes on %s', (dialect) => {
  // The order below is the store's minimum or more as the owner set it (R$ 10,00, PUT dados/).
  const { painel, call, cardapio, recusado } = painelDeTeste(dialect, { pedidominimo: 1000 });
  let ta: TestApp;
  let maria: ClienteTeste;
  beforeAll(() => ({ ta, maria } = painel));

  describe('menu', () => {
    it('a price change shows on the customer menu at once; an order priced on the old menu gets 1202', async () => {
      const produtosAntes = await produtosDoMenu(ta.app, 1);
      const antigo = montarPedido(produtosAntes, { itens: [{ produto: 311, quantidade: 2 }] });
      const atual = (await call({ url: `${est(1)}/produtos/311/` })).json<ProdutoPainel>();
      expect(atual.preco).toBe(600);
      const res = await call({
        method: 'PUT',
        url: `${est(1)}/produtos/311/`,
        payload: { idgrupo: atual.idgrupo, descricao: atual.descricao, preco: 650 },
      });
      expect(res.statusCode, res.body).toBe(200);
      const menu = menuSchema.parse((await ta.app.inject({ url: menuUrl(1) })).json());
      expect(menu.grupos.flatMap((g) => g.produtos).find((p) => p.idproduto === 311)?.preco).toBe(6.5);
      const pedido: PedidoInput = antigo;
      const r = await ta.app.inject({
        method: 'POST',
        url: pedidoUrl(1),
        payload: pedido,
        headers: maria.headers,
      });
      expect(r.statusCode).toBe(400);
      expect(
        r.json<{ non_field_errors: { codigo: number; msg: string }[] }>().non_field_errors,
      ).toContainEqual({
        codigo: 1202,
        msg: MSG_ERRO_PEDIDO.produtoPrecoUnit('Refrigerante Lata', 650),
      });
      // Priced on the new menu it is accepted.
      const novo = montarPedido(await produtosDoMenu(ta.app, 1), {
        itens: [{ produto: 311, quantidade: 2 }],
      });
      const ok = await ta.app.inject({
        method: 'POST',
        url: pedidoUrl(1),
        payload: novo,
        headers: maria.headers,
      });
      expect(ok.statusCode, ok.body).toBe(201);
    });

    it('categories: create, rename, reorder (every id once), delete only when empty', async () => {
      const c = await call({
        method: 'POST',
        url: `${est(1)}/categorias/`,
        payload: { descricao: '  Sobremesas ' },
      });
      expect(c.statusCode).toBe(201);
      const { idgrupo } = c.json<{ idgrupo: number }>();
      expect(c.json()).toMatchObject({ descricao: 'Sobremesas' });
      await recusado({ method: 'POST', url: `${est(1)}/categorias/`, payload: { descricao: '' } }, 400, {
        descricao: [M.obrigatorio],
      });
      const ids = (await cardapio()).categorias.map((x) => x.idgrupo);
      await recusado(
        { method: 'PUT', url: `${est(1)}/categorias/ordem/`, payload: { ids: ids.slice(1) } },
        400,
        { ids: [M.ordemIncompleta] },
      );
      await recusado(
        { method: 'PUT', url: `${est(1)}/categorias/ordem/`, payload: { ids: [...ids, ids[0]] } },
        400,
        { ids: [M.idsRepetidos] },
      );
      const nova = [...ids].reverse();
      expect(
        (await call({ method: 'PUT', url: `${est(1)}/categorias/ordem/`, payload: { ids: nova } }))
          .statusCode,
      ).toBe(204);
      const menu = menuSchema.parse((await ta.app.inject({ url: menuUrl(1) })).json());
      expect(menu.grupos.map((g) => g.idgrupo)).toEqual(nova);
      await recusado({ method: 'DELETE', url: `${est(1)}/categorias/20/` }, 409, {
        detail: M.categoriaComProdutos,
      });
      expect(
        (
          await call({
            method: 'PUT',
            url: `${est(1)}/categorias/${idgrupo}/`,
            payload: { descricao: 'Doces' },
          })
        ).json(),
      ).toMatchObject({
        descricao: 'Doces',
      });
      expect((await call({ method: 'DELETE', url: `${est(1)}/categorias/${idgrupo}/` })).statusCode).toBe(
        204,
      );
    });

    it('products: refusals, create with groups, duplicate (shares groups, right after), reorder, delete keeps past orders', async () => {
      await recusado(
        {
          method: 'POST',
          url: `${est(1)}/produtos/`,
          payload: { idgrupo: 10, descricao: 'Suco', preco: -100 },
        },
        400,
        {
          preco: [M.dinheiroInvalido],
        },
      );
      await recusado(
        {
          method: 'POST',
          url: `${est(1)}/produtos/`,
          payload: { idgrupo: 10, descricao: 'Suco', preco: 800, precooferta: 900 },
        },
        400,
        { precooferta: [M.ofertaAcimaDoPreco] },
      );
      await recusado(
        {
          method: 'POST',
          url: `${est(1)}/produtos/`,
          payload: { idgrupo: 999, descricao: 'Suco', preco: 800 },
        },
        400,
        {
          idgrupo: [M.categoriaNaoEncontrada],
        },
      );
      const p = await call({
        method: 'POST',
        url: `${est(1)}/produtos/`,
        payload: { idgrupo: 20, descricao: 'Pizza Nova', preco: 4500, grupoopcoes: [502] },
      });
      expect(p.statusCode, p.body).toBe(201);
      const prod = produtoPainelSchema.parse(p.json());
      expect(prod.grupoopcoes).toEqual([502]);
      const dup = await call({ method: 'POST', url: `${est(1)}/produtos/${prod.idproduto}/duplicar/` });
      expect(dup.statusCode).toBe(201);
      const copia = produtoPainelSchema.parse(dup.json());
      expect(copia).toMatchObject({
        descricao: 'Pizza Nova (cópia)',
        preco: 4500,
        grupoopcoes: [502],
        ordem: prod.ordem + 1,
      });
      const c = await cardapio();
      const pizzas = c.categorias.find((x) => x.idgrupo === 20)!.produtos.map((x) => x.idproduto);
      expect(pizzas.indexOf(copia.idproduto)).toBe(pizzas.indexOf(prod.idproduto) + 1);
      expect(c.gruposopcao.find((g) => g.idgrupoopcao === 502)?.produtos).toEqual(
        expect.arrayContaining([prod.idproduto, copia.idproduto]),
      );
      const invertida = [...pizzas].reverse();
      expect(
        (
          await call({
            method: 'PUT',
            url: `${est(1)}/categorias/20/produtos/ordem/`,
            payload: { ids: invertida },
          })
        ).statusCode,
      ).toBe(204);
      const menu = menuSchema.parse((await ta.app.inject({ url: menuUrl(1) })).json());
      expect(menu.grupos.find((g) => g.idgrupo === 20)?.produtos.map((x) => x.idproduto)).toEqual(invertida);

      // An order of the product, then the product deleted: the order reads the same.
      const pedido = montarPedido(await produtosDoMenu(ta.app, 1), {
        itens: [{ produto: prod.idproduto, quantidade: 1, escolhas: { 502: { 9003: 1 } } }],
      });
      const feito = await ta.app.inject({
        method: 'POST',
        url: pedidoUrl(1),
        payload: pedido,
        headers: maria.headers,
      });
      expect(feito.statusCode, feito.body).toBe(201);
      const idPedido = feito.json<{ id: number }>().id;
      const lido = async () => {
        const r = await ta.app.inject({ url: `${API}/controle/pedido/${idPedido}/`, headers: maria.headers });
        expect(r.statusCode).toBe(200);
        return r.json<unknown>();
      };
      const antes = await lido();
      expect(
        (await call({ method: 'DELETE', url: `${est(1)}/produtos/${prod.idproduto}/` })).statusCode,
      ).toBe(204);
      expect((await call({ method: 'DELETE', url: `${est(1)}/grupos-opcao/502/` })).statusCode).toBe(204);
      expect(await lido()).toEqual(antes);
      expect(
        (await cardapio()).categorias.flatMap((x) => x.produtos).find((x) => x.idproduto === copia.idproduto)
          ?.grupoopcoes,
      ).toEqual([]);
    });

    it('option groups and options: reusable, Kit needs options, min ≤ max, default ≤ max; nothing half-saved', async () => {
      await recusado(
        {
          method: 'POST',
          url: `${est(1)}/grupos-opcao/`,
          payload: { ...GRUPO, qtdmultiplomin: 3, qtdmultiplomax: 2 },
        },
        400,
        {
          qtdmultiplomin: [M.minimoAcimaDoMaximo],
        },
      );
      const kit = (
        await call({
          method: 'POST',
          url: `${est(1)}/grupos-opcao/`,
          payload: { ...GRUPO, descricao: 'Combo', stprecopraticado: 10 },
        })
      ).json<{
        idgrupoopcao: number;
      }>();
      // A Kit with no options cannot go on a product.
      await recusado(
        {
          method: 'POST',
          url: `${est(1)}/produtos/311/grupos/`,
          payload: { idgrupoopcao: kit.idgrupoopcao },
        },
        400,
        {
          idgrupoopcao: [M.kitSemOpcoes],
        },
      );
      await recusado(
        {
          method: 'POST',
          url: `${est(1)}/grupos-opcao/${kit.idgrupoopcao}/opcoes/`,
          payload: { descricao: 'Batata', preco: 500, qtdpadrao: 3, qtdmax: 2 },
        },
        400,
        { qtdpadrao: [M.padraoAcimaDoMaximo] },
      );
      const o1 = opcaoPainelSchema.parse(
        (
          await call({
            method: 'POST',
            url: `${est(1)}/grupos-opcao/${kit.idgrupoopcao}/opcoes/`,
            payload: { descricao: 'Batata', preco: 500 },
          })
        ).json(),
      );
      const o2 = opcaoPainelSchema.parse(
        (
          await call({
            method: 'POST',
            url: `${est(1)}/grupos-opcao/${kit.idgrupoopcao}/opcoes/`,
            payload: { descricao: 'Refri', preco: 300, valorafetaproduto: 10, stpercentualafetaproduto: 1 },
          })
        ).json(),
      );
      expect(o2).toMatchObject({ ordem: o1.ordem + 1, valorafetaproduto: 10, stpercentualafetaproduto: 1 });
      // Linked to two products (reuse), in the position asked.
      const l1 = await call({
        method: 'POST',
        url: `${est(1)}/produtos/311/grupos/`,
        payload: { idgrupoopcao: kit.idgrupoopcao },
      });
      expect(l1.statusCode, l1.body).toBe(200);
      const l2 = await call({
        method: 'POST',
        url: `${est(1)}/produtos/302/grupos/`,
        payload: { idgrupoopcao: kit.idgrupoopcao, posicao: 0 },
      });
      expect(l2.json<ProdutoPainel>().grupoopcoes[0]).toBe(kit.idgrupoopcao);
      const g = grupoOpcaoPainelSchema.parse(
        (await call({ url: `${est(1)}/grupos-opcao/${kit.idgrupoopcao}/` })).json(),
      );
      expect(g.produtos).toEqual([302, 311]);
      const menu = menuSchema.parse((await ta.app.inject({ url: menuUrl(1) })).json());
      const refri = menu.grupos.flatMap((x) => x.produtos).find((p) => p.idproduto === 311);
      expect(refri?.grupoopcoes.map((x) => x.idgrupoopcao)).toEqual([kit.idgrupoopcao]);
      expect(refri?.grupoopcoes[0]?.opcoes.map((o) => o.descricao)).toEqual(['Batata', 'Refri']);
      // Reorder the options; a stale list refused.
      await recusado(
        {
          method: 'PUT',
          url: `${est(1)}/grupos-opcao/${kit.idgrupoopcao}/opcoes/ordem/`,
          payload: { ids: [o2.idopcao] },
        },
        400,
        {
          ids: [M.ordemIncompleta],
        },
      );
      expect(
        (
          await call({
            method: 'PUT',
            url: `${est(1)}/grupos-opcao/${kit.idgrupoopcao}/opcoes/ordem/`,
            payload: { ids: [o2.idopcao, o1.idopcao] },
          })
        ).statusCode,
      ).toBe(204);
      // The Kit's options may not all go while it is on a product.
      expect((await call({ method: 'DELETE', url: `${est(1)}/opcoes/${o1.idopcao}/` })).statusCode).toBe(204);
      await recusado({ method: 'DELETE', url: `${est(1)}/opcoes/${o2.idopcao}/` }, 409, {
        detail: M.kitSemOpcoes,
      });
      await recusado(
        {
          method: 'PUT',
          url: `${est(1)}/opcoes/${o2.idopcao}/`,
          payload: { descricao: 'Refri', preco: 300, stindisponivel: 2 },
        },
        400,
        { stindisponivel: [M.kitSemOpcoes] },
      );
      // A group without quantities cannot keep an option whose default is 2.
      const multi = (
        await call({
          method: 'POST',
          url: `${est(1)}/grupos-opcao/`,
          payload: { ...GRUPO, multiplo: true, qtdmultiplomax: 5 },
        })
      ).json<{
        idgrupoopcao: number;
      }>();
      await call({
        method: 'POST',
        url: `${est(1)}/grupos-opcao/${multi.idgrupoopcao}/opcoes/`,
        payload: { descricao: 'Queijo', preco: 200, qtdpadrao: 2 },
      });
      await recusado(
        {
          method: 'PUT',
          url: `${est(1)}/grupos-opcao/${multi.idgrupoopcao}/`,
          payload: { ...GRUPO, qtdmultiplomax: 5 },
        },
        400,
        {
          multiplo: [M.padraoNaoMultiplo],
        },
      );
      // A group is built step by step: its first option is accepted below its minimum, but the
      // group goes on a product only once its minimum can be met.
      const dois = (
        await call({
          method: 'POST',
          url: `${est(1)}/grupos-opcao/`,
          payload: { ...GRUPO, multiplo: true, qtdmultiplomin: 2, qtdmultiplomax: 2 },
        })
      ).json<{ idgrupoopcao: number }>();
      const vazioLink = await call({
        method: 'POST',
        url: `${est(1)}/produtos/310/grupos/`,
        payload: { idgrupoopcao: dois.idgrupoopcao },
      });
      expect(vazioLink.json()).toEqual({ idgrupoopcao: [M.minimoInalcancavel] });
      const primeira = await call({
        method: 'POST',
        url: `${est(1)}/grupos-opcao/${dois.idgrupoopcao}/opcoes/`,
        payload: { descricao: 'Sabor A', preco: 0 },
      });
      expect(primeira.statusCode).toBe(201);
      expect(
        (
          await call({
            method: 'POST',
            url: `${est(1)}/produtos/310/grupos/`,
            payload: { idgrupoopcao: dois.idgrupoopcao },
          })
        ).statusCode,
      ).toBe(200);
      await call({ method: 'DELETE', url: `${est(1)}/produtos/310/grupos/${dois.idgrupoopcao}/` });
      // Unlink and group order on a product.
      const d = await call({ method: 'DELETE', url: `${est(1)}/produtos/302/grupos/${kit.idgrupoopcao}/` });
      expect(d.json<ProdutoPainel>().grupoopcoes).not.toContain(kit.idgrupoopcao);
      const p302 = (await call({ url: `${est(1)}/produtos/302/` })).json<ProdutoPainel>();
      const inv = [...p302.grupoopcoes].reverse();
      expect(
        (
          await call({ method: 'PUT', url: `${est(1)}/produtos/302/grupos/ordem/`, payload: { ids: inv } })
        ).json<ProdutoPainel>().grupoopcoes,
      ).toEqual(inv);
    });

    it('a second instance on the same database serves the new menu right after a write', async () => {
      const outra = buildApp(testConfig({ rateLimit: false }), { db: ta.t.reopen() });
      await outra.ready();
      try {
        const ler = async (app: FastifyInstance) =>
          menuSchema
            .parse((await app.inject({ url: menuUrl(1) })).json())
            .grupos.flatMap((g) => g.produtos)
            .find((p) => p.idproduto === 310)?.preco;
        expect(await ler(outra)).toBe(3.5);
        const res = await call({
          method: 'PUT',
          url: `${est(1)}/produtos/310/`,
          payload: { idgrupo: 10, descricao: 'Água', preco: 400 },
        });
        expect(res.statusCode).toBe(200);
        expect(await ler(outra)).toBe(4);
        expect(await ler(ta.app)).toBe(4);
      } finally {
        await outra.close();
      }
    });
  });
});
