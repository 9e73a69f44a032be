import { EVENTO, menuSchema } from '@rango/domain';
import { lojaPainelSchema } from '@rango/domain/painel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../db/migrations.ts';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS } from '../../test/db.ts';
import { novoEstabelecimento } from '../../test/catalogo.ts';
import {
  contagens,
  definirHorarios,
  montarPedido,
  novoCliente,
  pedidoUrl,
  produtosDoMenu,
} from '../orders/testing.ts';
import type { ClienteTeste } from '../orders/testing.ts';
import { staffBearer } from '../staff/testing.ts';
import { estabelecimentoAprovarCommand, estabelecimentosPendentesCommand } from './commands.ts';

const API = '/api/ead';
const NAO_ENCONTRADO = { detail: 'Estabelecimento não encontrado.' };
const painel = (id: number) => `${API}/painel/estabelecimento/${id}`;

/** The customer's reads of an establishment (spec section 7). */
const publicas = (id: number) => [
  `${API}/controle/estabelecimento/${id}/`,
  `${API}/api/estabelecimento/${id}/menu/`,
  `${API}/api/estabelecimento/${id}/formapgto/`,
  `${API}/api/estabelecimento/${id}/areas_entrega/`,
];

describe.each(DIALECTS)('establishment approval (APROVACAO_ESTABELECIMENTOS) on %s', (dialect) => {
  describe('switch on', () => {
    let ta: TestApp;
    let dono: { authorization: string };
    let maria: ClienteTeste;
    beforeAll(async () => {
      ta = await openTestApp(dialect, { aprovacaoEstabelecimentos: true, rateLimit: false });
      dono = await staffBearer(ta.app, ta.t.db, 1, 'dona@cantina.test', 'dono');
      maria = await novoCliente(ta.app, ta.t.db);
    });
    afterAll(async () => ta?.close());

    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      ta.app.inject({ method, url, headers: dono, ...(payload === undefined ? {} : { payload }) });

    it('a new establishment answers customers 404 and takes no order until the operator approves it; its owner sets it up meanwhile', async () => {
      const criado = await call(
        'POST',
        `${API}/painel/estabelecimentos/`,
        novoEstabelecimento('Cantina Nova'),
      );
      expect(criado.statusCode, criado.body).toBe(201);
      const id = criado.json<{ id: number }>().id;

      // The owner sets it up in the back office as usual.
      const editado = await call(
        'PUT',
        `${painel(id)}/dados/`,
        novoEstabelecimento('Cantina da Vila', { pedidominimo: 1000 }),
      );
      expect(editado.statusCode, editado.body).toBe(200);
      expect(editado.json<{ apelidooufantasia: string }>().apelidooufantasia).toBe('Cantina da Vila');
      const cat = await call('POST', `${painel(id)}/categorias/`, { descricao: 'Massas' });
      expect(cat.statusCode, cat.body).toBe(201);
      const idgrupo = cat.json<{ idgrupo: number }>().idgrupo;
      const prod = await call('POST', `${painel(id)}/produtos/`, {
        idgrupo,
        descricao: 'Lasanha',
        preco: 3900,
      });
      expect(prod.statusCode, prod.body).toBe(201);
      const formas = await call('PUT', `${painel(id)}/formas-pagamento/`, {
        formas: [{ descricao: 'Dinheiro', sttipopgto: 0 }],
      });
      expect(formas.statusCode, formas.body).toBe(200);
      const dinheiro = formas.json<{ formas: { idformapgto: number }[] }>().formas[0]!.idformapgto;
      await definirHorarios(ta.t.db, id);
      expect((await call('GET', `${painel(id)}/cardapio/`)).statusCode).toBe(200);

      // The panel says it waits; an approved establishment's state does not carry the flag.
      const loja = await call('GET', `${painel(id)}/loja/`);
      expect(loja.statusCode).toBe(200);
      expect(lojaPainelSchema.parse(loja.json()).aguardando_aprovacao).toBe(true);
      expect(lojaPainelSchema.parse((await call('GET', `${painel(1)}/loja/`)).json())).not.toHaveProperty(
        'aguardando_aprovacao',
      );

      // Customers: as if it did not exist. The seeded establishment is public.
      for (const url of publicas(id)) {
        const res = await ta.app.inject({ url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual(NAO_ENCONTRADO);
      }
      for (const url of publicas(1)) expect((await ta.app.inject({ url })).statusCode, url).toBe(200);
      const cupom = await ta.app.inject({
        method: 'POST',
        url: `${API}/api/cupom/validar/`,
        headers: maria.headers,
        payload: { cupom: 'BEMVINDO', deliveryestabelecimento: id },
      });
      expect(cupom.statusCode).toBe(404);
      expect(cupom.json()).toEqual(NAO_ENCONTRADO);
      // An order is refused (priced here from the seeded menu: the app cannot read this one, and
      // the establishment is looked up before its products).
      const outros = await produtosDoMenu(ta.app, 1);
      const pedidoAntes = montarPedido(outros, {
        idestabelecimento: id,
        itens: [{ produto: [...outros.keys()][0]!, quantidade: 1 }],
        formapgto: { id: dinheiro, sttipopgto: 0, descricao: 'Dinheiro' },
      });
      const antes = await contagens(ta.t.db);
      const recusado = await ta.app.inject({
        method: 'POST',
        url: pedidoUrl(id),
        headers: maria.headers,
        payload: pedidoAntes,
      });
      expect(recusado.statusCode).toBe(404);
      expect(recusado.json()).toEqual(NAO_ENCONTRADO);
      expect(await contagens(ta.t.db)).toEqual(antes);

      // The operator's list and approval.
      const lista = await estabelecimentosPendentesCommand(ta.t.db);
      expect(lista).toContain(`${id}  Cantina da Vila (São Paulo/SP)`);
      expect(lista).toContain('dona@cantina.test');
      expect(await estabelecimentoAprovarCommand(ta.t.db, [String(id)])).toBe(
        `Estabelecimento ${id} (Cantina da Vila) aprovado: cardápio e pedidos liberados aos clientes.`,
      );
      expect(await estabelecimentosPendentesCommand(ta.t.db)).toBe(
        'Nenhum estabelecimento aguardando aprovação.',
      );
      expect(await estabelecimentoAprovarCommand(ta.t.db, [String(id)])).toBe(
        `Estabelecimento ${id} (Cantina da Vila) já estava aprovado.`,
      );
      await expect(estabelecimentoAprovarCommand(ta.t.db, ['999999'])).rejects.toThrow(
        'Estabelecimento 999999 não encontrado.',
      );
      await expect(estabelecimentoAprovarCommand(ta.t.db, ['abc'])).rejects.toThrow(
        'Id de estabelecimento inválido: abc',
      );
      // Its open panels hear it (they read the store's state again: the notice goes).
      const eventos = await ta.t.db
        .selectFrom('evento')
        .select('tipo')
        .where('idestabelecimento', '=', id)
        .where('tipo', '=', EVENTO.loja)
        .execute();
      expect(eventos).toHaveLength(1);
      expect(lojaPainelSchema.parse((await call('GET', `${painel(id)}/loja/`)).json())).not.toHaveProperty(
        'aguardando_aprovacao',
      );

      // Now public: its menu, and an order on it.
      for (const url of publicas(id)) expect((await ta.app.inject({ url })).statusCode, url).toBe(200);
      const menu = menuSchema.parse((await ta.app.inject({ url: publicas(id)[1]! })).json());
      expect(menu.grupos.flatMap((g) => g.produtos).map((p) => p.descricao)).toEqual(['Lasanha']);
      const pedido = montarPedido(await produtosDoMenu(ta.app, id), {
        idestabelecimento: id,
        itens: [{ produto: prod.json<{ idproduto: number }>().idproduto, quantidade: 1 }],
        formapgto: { id: dinheiro, sttipopgto: 0, descricao: 'Dinheiro' },
      });
      const aceito = await ta.app.inject({
        method: 'POST',
        url: pedidoUrl(id),
        headers: maria.headers,
        payload: pedido,
      });
      expect(aceito.statusCode, aceito.body).toBe(201);
    });
  });

  describe('switch off (the default)', () => {
    let ta: TestApp;
    let dono: { authorization: string };
    beforeAll(async () => {
      ta = await openTestApp(dialect);
      dono = await staffBearer(ta.app, ta.t.db, 1, 'dona@cantina.test', 'dono');
    });
    afterAll(async () => ta?.close());

    it('a new establishment is public at once and nothing waits for approval', async () => {
      const criado = await ta.app.inject({
        method: 'POST',
        url: `${API}/painel/estabelecimentos/`,
        headers: dono,
        payload: novoEstabelecimento('Cantina Nova'),
      });
      expect(criado.statusCode, criado.body).toBe(201);
      const id = criado.json<{ id: number }>().id;
      for (const url of publicas(id)) expect((await ta.app.inject({ url })).statusCode, url).toBe(200);
      const loja = await ta.app.inject({ url: `${painel(id)}/loja/`, headers: dono });
      expect(lojaPainelSchema.parse(loja.json())).not.toHaveProperty('aguardando_aprovacao');
      expect(await estabelecimentosPendentesCommand(ta.t.db)).toBe(
        'Nenhum estabelecimento aguardando aprovação.',
      );
    });

    it('0020 counts every establishment already there (the seeded ones) as approved', async () => {
      const m = migrations['0020_estabelecimento_aprovado']!;
      await m.down!(ta.t.db);
      await m.up(ta.t.db);
      const rows = await ta.t.db.selectFrom('estabelecimento').select('aprovado').execute();
      expect(rows.length).toBeGreaterThan(2);
      expect(rows.every((r) => r.aprovado === 1)).toBe(true);
    });
  });
});
