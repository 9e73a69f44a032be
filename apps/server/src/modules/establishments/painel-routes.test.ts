import { MSG_PEDIDO, estabelecimentoDetalheSchema, isStoreOpen, menuSchema, wallClock } from '@rango/domain';
import type { PedidoInput } from '@rango/domain';
import { MSG_PAINEL } from '@rango/domain/painel';
import {
  MSG_CATALOGO as M,
  areaPainelSchema,
  estabelecimentoConfigSchema,
  dataMaxExcecao,
  excecoesHorarioSchema,
  horariosSchema,
} from '@rango/domain/painel/catalogo';
import type { ProdutoPainel } from '@rango/domain/painel/catalogo';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app.ts';
import { est, GRUPO, menuUrl, painelDeTeste } from '../../test/painel.ts';
import type { Bearer } from '../../test/painel.ts';
import { DIALECTS } from '../../test/db.ts';
import { definirHorarios, montarPedido, pedidoUrl, produtosDoMenu } from '../orders/testing.ts';
import type { ClienteTeste } from '../orders/testing.ts';
import { API } from '../staff/testing.ts';
import { novoEstabelecimento } from '../../test/catalogo.ts';

const NOVO = novoEstabelecimento('Cantina Nova');

describe.each(DIALECTS)('back office routes on %s', (dialect) => {
  const { painel, call, versao, cardapio, eventosMenu, recusado } = painelDeTeste(dialect);
  let ta: TestApp;
  let dono: Bearer;
  let atendente: Bearer;
  let outroDono: Bearer;
  let maria: ClienteTeste;
  beforeAll(() => ({ ta, dono, atendente, outroDono, maria } = painel));

  describe('guard', () => {
    it('401 without a staff token; 404 for another establishment; 403 for an attendant', async () => {
      const url = `${est(1)}/cardapio/`;
      expect((await ta.app.inject({ url })).statusCode).toBe(401);
      expect((await ta.app.inject({ url, headers: maria.headers })).statusCode).toBe(401);
      const outro = await call({ url }, outroDono);
      expect(outro.statusCode).toBe(404);
      expect(outro.json()).toEqual({ detail: MSG_PAINEL.semAcesso });
      const at = await call(
        { method: 'POST', url: `${est(1)}/categorias/`, payload: { descricao: 'X' } },
        atendente,
      );
      expect(at.statusCode).toBe(403);
      expect(at.json()).toEqual({ detail: MSG_PAINEL.semPermissao });
      expect((await call({ url: `${est(1)}/cupons/` }, atendente)).statusCode).toBe(403);
    });

    it("another establishment's product, group, option, area and coupon answer 404", async () => {
      const h = outroDono;
      const cat = (
        await call({ method: 'POST', url: `${est(2)}/categorias/`, payload: { descricao: 'Lanches' } }, h)
      ).json<{
        idgrupo: number;
      }>();
      const p = (
        await call(
          {
            method: 'POST',
            url: `${est(2)}/produtos/`,
            payload: { idgrupo: cat.idgrupo, descricao: 'X-Burger', preco: 2500 },
          },
          h,
        )
      ).json<ProdutoPainel>();
      const g = (await call({ method: 'POST', url: `${est(2)}/grupos-opcao/`, payload: GRUPO }, h)).json<{
        idgrupoopcao: number;
      }>();
      const o = (
        await call(
          {
            method: 'POST',
            url: `${est(2)}/grupos-opcao/${g.idgrupoopcao}/opcoes/`,
            payload: { descricao: 'Grande', preco: 0 },
          },
          h,
        )
      ).json<{ idopcao: number }>();
      const a = (
        await call(
          {
            method: 'POST',
            url: `${est(2)}/areas/`,
            payload: { lat: -23.5, lng: -46.6, raio: 2000, taxaentrega: 500, valorminimo: null },
          },
          h,
        )
      ).json<{ idareaentrega: number }>();
      const c = (
        await call(
          {
            method: 'POST',
            url: `${est(2)}/cupons/`,
            payload: { codigo: 'LANCHE', ehpercentual: true, desconto: 10 },
          },
          h,
        )
      ).json<{
        id: number;
      }>();
      for (const [method, url] of [
        ['GET', `${est(1)}/produtos/${p.idproduto}/`],
        ['DELETE', `${est(1)}/produtos/${p.idproduto}/`],
        ['PUT', `${est(1)}/categorias/${cat.idgrupo}/`],
        ['GET', `${est(1)}/grupos-opcao/${g.idgrupoopcao}/`],
        ['DELETE', `${est(1)}/opcoes/${o.idopcao}/`],
        ['DELETE', `${est(1)}/areas/${a.idareaentrega}/`],
        ['DELETE', `${est(1)}/cupons/${c.id}/`],
        ['GET', `${est(1)}/produtos/abc/`],
      ] as const) {
        const res = await call({ method, url, payload: method === 'PUT' ? { descricao: 'Y' } : undefined });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      // Linking a group of another establishment: the field says it is not found; nothing saved.
      await recusado(
        {
          method: 'POST',
          url: `${est(1)}/produtos/`,
          payload: { idgrupo: 10, descricao: 'Suco', preco: 800, grupoopcoes: [g.idgrupoopcao] },
        },
        400,
        { grupoopcoes: [M.grupoNaoEncontrado] },
      );
    });
  });

  describe('establishment', () => {
    it('a staff member creates an establishment: they own it, it starts empty, the customer menu is empty', async () => {
      const bad = await call(
        {
          method: 'POST',
          url: `${API}/painel/estabelecimentos/`,
          payload: { ...NOVO, endereco: { ...NOVO.endereco, cep: '1' } },
        },
        atendente,
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ 'endereco.cep': [M.cepInvalido] });
      const res = await call(
        { method: 'POST', url: `${API}/painel/estabelecimentos/`, payload: NOVO },
        atendente,
      );
      expect(res.statusCode, res.body).toBe(201);
      const e = estabelecimentoConfigSchema.parse(res.json());
      expect(e).toMatchObject({
        apelidooufantasia: 'Cantina Nova',
        fones: ['(11) 3333-4444'],
        pedidominimo: 2000,
      });
      // The attendant of establishment 1 is the owner of the new one.
      const dados = await call({ url: `${est(e.id)}/dados/` }, atendente);
      expect(dados.statusCode).toBe(200);
      expect(await cardapio(e.id, atendente)).toEqual({
        menu_versao: e.menu_versao,
        categorias: [],
        gruposopcao: [],
      });
      const menu = await ta.app.inject({ url: menuUrl(e.id) });
      expect(menuSchema.parse(menu.json())).toEqual({ grupos: [] });
      expect((await call({ url: `${est(e.id)}/dados/` }, dono)).statusCode).toBe(404);
      expect(
        (await ta.app.inject({ method: 'POST', url: `${API}/painel/estabelecimentos/`, payload: NOVO }))
          .statusCode,
      ).toBe(401);
    });

    it('settings: saved with the version moved and an event; refusals per field, nothing saved', async () => {
      const v0 = await versao();
      const res = await call({
        method: 'PUT',
        url: `${est(1)}/dados/`,
        payload: { ...NOVO, apelidooufantasia: 'Pizzaria Renovada', pedidominimo: 1000 },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(estabelecimentoConfigSchema.parse(res.json()).apelidooufantasia).toBe('Pizzaria Renovada');
      expect(await versao()).toBe(v0 + 1);
      expect((await eventosMenu()).at(-1)).toEqual({
        idestabelecimento: 1,
        dados: JSON.stringify({ menu_versao: v0 + 1 }),
      });
      const detalhe = await ta.app.inject({ url: `${API}/controle/estabelecimento/1/` });
      expect(detalhe.json()).toMatchObject({
        estabelecimento: { apelidooufantasia: 'Pizzaria Renovada' },
        pedidominimo: 10,
      });
      await recusado(
        {
          method: 'PUT',
          url: `${est(1)}/dados/`,
          payload: { ...NOVO, previsaoentregamin: 90, pedidominimo: -5, fones: ['abc'] },
        },
        400,
        {
          previsaoentregamin: [M.previsaoMinAcimaMax],
          pedidominimo: [M.dinheiroInvalido],
          'fones.0': [M.telefoneInvalido],
        },
      );
    });

    it("the store's point (from the address form's CEP lookup): stored, kept when absent, cleared with null; out of range or half refused", async () => {
      // As the settings test left it (later tests order small amounts).
      const base = { ...NOVO, apelidooufantasia: 'Pizzaria Renovada', pedidominimo: 1000 };
      const put = (extra: object) =>
        call({ method: 'PUT', url: `${est(1)}/dados/`, payload: { ...base, ...extra } });
      expect(estabelecimentoConfigSchema.parse((await put({})).json())).toMatchObject({
        lat: null,
        lng: null,
      });
      const r = await put({ lat: -23.5617, lng: -46.6559 });
      expect(r.statusCode, r.body).toBe(200);
      expect(estabelecimentoConfigSchema.parse(r.json())).toMatchObject({ lat: -23.5617, lng: -46.6559 });
      // A client that does not send it keeps it.
      expect((await put({})).json()).toMatchObject({ lat: -23.5617, lng: -46.6559 });
      await recusado(
        { method: 'PUT', url: `${est(1)}/dados/`, payload: { ...base, lat: -91, lng: 200 } },
        400,
        {
          lat: [M.latitudeInvalida],
          lng: [M.longitudeInvalida],
        },
      );
      await recusado(
        { method: 'PUT', url: `${est(1)}/dados/`, payload: { ...base, lat: -23.5, lng: null } },
        400,
        {
          lng: [M.coordenadasJuntas],
        },
      );
      expect((await put({ lat: null, lng: null })).json()).toMatchObject({ lat: null, lng: null });
    });

    it('hours: the week replaced at once; overlapping and inverted ranges refused with the row', async () => {
      const semana = {
        horarios: [
          { diadasemana: 5, abertura: '18:00', fechamento: '02:00', dia_seguinte: true },
          { diadasemana: 6, abertura: '00:00', fechamento: '00:00', dia_seguinte: true },
          { diadasemana: 1, abertura: '11:00', fechamento: '14:00', dia_seguinte: false },
          { diadasemana: 1, abertura: '18:00', fechamento: '23:00', dia_seguinte: false },
        ],
      };
      await recusado(
        {
          method: 'PUT',
          url: `${est(1)}/horarios/`,
          payload: {
            horarios: [
              ...semana.horarios,
              { diadasemana: 1, abertura: '13:00', fechamento: '12:00', dia_seguinte: false },
            ],
          },
        },
        400,
        {
          'horarios.1.abertura': [M.horarioSobreposto('sexta 18:00–02:00 (dia seguinte)')],
          'horarios.4.fechamento': [M.horarioInvertido],
        },
      );
      // Friday past midnight runs into Saturday's 24 h.
      const res = await call({ method: 'PUT', url: `${est(1)}/horarios/`, payload: semana });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        'horarios.1.abertura': [M.horarioSobreposto('sexta 18:00–02:00 (dia seguinte)')],
      });
      semana.horarios[0]!.fechamento = '00:00';
      const ok = await call({ method: 'PUT', url: `${est(1)}/horarios/`, payload: semana });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(horariosSchema.parse(ok.json()).horarios).toEqual([
        { diadasemana: 1, abertura: '11:00', fechamento: '14:00', dia_seguinte: false },
        { diadasemana: 1, abertura: '18:00', fechamento: '23:00', dia_seguinte: false },
        { diadasemana: 5, abertura: '18:00', fechamento: '00:00', dia_seguinte: true },
        { diadasemana: 6, abertura: '00:00', fechamento: '00:00', dia_seguinte: true },
      ]);
      const detalhe = await ta.app.inject({ url: `${API}/controle/estabelecimento/1/` });
      expect(detalhe.json<{ horariofuncionamento_set: unknown[] }>().horariofuncionamento_set).toHaveLength(
        4,
      );
      await definirHorarios(ta.t.db, 1);
    });

    it('holidays: dates closed or with their own ranges; past, repeated, inverted refused on the field; the customer sees the store closed that date', async () => {
      const dia = (n: number) => wallClock(new Date(Date.now() + n * 86_400_000)).data;
      const hoje = dia(0);
      const url = `${est(1)}/horarios/excecoes/`;
      const faixa = (abertura: string, fechamento: string) => ({ abertura, fechamento, dia_seguinte: false });
      expect((await call({ url }, atendente)).statusCode).toBe(403);
      expect((await call({ url }, outroDono)).statusCode).toBe(404);
      await recusado(
        {
          method: 'PUT',
          url,
          payload: {
            excecoes: [
              { data: dia(-1), fechado: true, faixas: [] },
              { data: dia(3), fechado: true, faixas: [] },
              { data: dia(3), fechado: false, faixas: [faixa('18:00', '17:00')] },
              { data: dia(4), fechado: false, faixas: [] },
              { data: dia(5), fechado: false, faixas: [faixa('10:00', '14:00'), faixa('13:00', '15:00')] },
            ],
          },
        },
        400,
        {
          'excecoes.0.data': [M.dataExcecaoPassada],
          'excecoes.2.data': [M.dataExcecaoRepetida],
          'excecoes.2.faixas.0.fechamento': [M.horarioInvertido],
          'excecoes.3.faixas': [M.excecaoSemFaixas],
          'excecoes.4.faixas.1.abertura': [M.horarioSobreposto('10:00–14:00')],
        },
      );
      await recusado(
        {
          method: 'PUT',
          url,
          payload: { excecoes: [{ data: '25/12/2026', fechado: true, faixas: [faixa('25:00', '10:00')] }] },
        },
        400,
        { 'excecoes.0.data': [M.dataExcecaoInvalida], 'excecoes.0.faixas.0.abertura': [M.horaInvalida] },
      );
      // Issue 20: up to the end of next year.
      const max = dataMaxExcecao(hoje);
      await recusado(
        {
          method: 'PUT',
          url,
          payload: {
            excecoes: [
              { data: '9999-12-31', fechado: true, faixas: [] },
              { data: dia(800), fechado: true, faixas: [] },
            ],
          },
        },
        400,
        {
          'excecoes.0.data': [M.dataExcecaoDistante(max)],
          'excecoes.1.data': [M.dataExcecaoDistante(max)],
        },
      );
      await recusado({ method: 'PUT', url, payload: { excecoes: 'x' } }, 400, {
        excecoes: [M.valorInvalido],
      });
      expect((await call({ url })).json()).toEqual({ excecoes: [] });

      // Today closed all day (the store is otherwise open 24 h), a date ahead with two ranges.
      const ok = await call({
        method: 'PUT',
        url,
        payload: {
          excecoes: [
            { data: dia(5), fechado: false, faixas: [faixa('18:00', '23:00'), faixa('11:00', '14:00')] },
            { data: hoje, fechado: true, faixas: [faixa('11:00', '14:00')] },
          ],
        },
      });
      expect(ok.statusCode, ok.body).toBe(200);
      const esperado = {
        excecoes: [
          { data: hoje, fechado: true, faixas: [] },
          { data: dia(5), fechado: false, faixas: [faixa('11:00', '14:00'), faixa('18:00', '23:00')] },
        ],
      };
      expect(excecoesHorarioSchema.parse(ok.json())).toEqual(esperado);
      expect((await call({ url })).json()).toEqual(esperado);

      const detalhe = async () =>
        estabelecimentoDetalheSchema.parse(
          (await ta.app.inject({ url: `${API}/controle/estabelecimento/1/` })).json(),
        );
      const d = await detalhe();
      expect(d.horarioexcecao_set).toEqual([
        { data: hoje, abertura: null, fechamento: null },
        { data: dia(5), abertura: '11:00:00', fechamento: '14:00:00' },
        { data: dia(5), abertura: '18:00:00', fechamento: '23:00:00' },
      ]);
      // FECHADO for the customer, out of hours for the panel, an order now refused.
      expect(isStoreOpen(d)).toBe(false);
      const loja = await call({ url: `${est(1)}/loja/` });
      expect(loja.json<{ no_horario: boolean }>().no_horario).toBe(false);
      const pedido = () => montarPedido(produtos, { itens: [{ produto: 311, quantidade: 5 }] });
      const produtos = await produtosDoMenu(ta.app, 1);
      const agora = await ta.app.inject({
        method: 'POST',
        url: pedidoUrl(1),
        payload: pedido(),
        headers: maria.headers,
      });
      expect(agora.statusCode).toBe(422);
      expect(agora.json()).toEqual({ detail: MSG_PEDIDO.lojaFechadaTexto });
      // Scheduled on the special date: only inside its own ranges.
      const em = (n: number, hhmm: string) => new Date(`${dia(n)}T${hhmm}:00-03:00`).toISOString();
      const agendado = (entregue_as: string) =>
        ta.app.inject({
          method: 'POST',
          url: pedidoUrl(1),
          payload: { ...pedido(), entregue_as },
          headers: maria.headers,
        });
      const fora = await agendado(em(5, '16:00'));
      expect(fora.statusCode).toBe(400);
      expect(fora.json()).toEqual({ entregue_as: [MSG_PEDIDO.horarioInvalido] });
      const dentro = await agendado(em(5, '12:00'));
      expect(dentro.statusCode, dentro.body).toBe(201);

      // Without the dates the store opens again.
      const limpo = await call({ method: 'PUT', url, payload: { excecoes: [] } });
      expect(limpo.json()).toEqual({ excecoes: [] });
      const d2 = await detalhe();
      expect(d2.horarioexcecao_set).toBeUndefined();
      expect(isStoreOpen(d2)).toBe(true);
    });

    it('delivery circles and neighbourhood fees: CRUD and refusals', async () => {
      // No MAPA_TILES_URL here: the panel draws no map; the owner's route only.
      const mapa = await call({ url: `${est(1)}/areas/mapa/` });
      expect(mapa.statusCode).toBe(200);
      expect(mapa.json()).toEqual({ tiles: null, atribuicao: '' });
      expect((await call({ url: `${est(1)}/areas/mapa/` }, atendente)).statusCode).toBe(403);
      await recusado(
        {
          method: 'POST',
          url: `${est(1)}/areas/`,
          payload: { lat: -23.5, lng: -46.6, raio: -10, taxaentrega: 500, valorminimo: null },
        },
        400,
        { raio: [M.raioInvalido] },
      );
      const criada = await call({
        method: 'POST',
        url: `${est(1)}/areas/`,
        payload: { lat: -23.5, lng: -46.6, raio: 500, taxaentrega: null, valorminimo: null },
      });
      expect(criada.statusCode).toBe(201);
      const area = areaPainelSchema.parse(criada.json());
      const mudada = await call({
        method: 'PUT',
        url: `${est(1)}/areas/${area.idareaentrega}/`,
        payload: { lat: -23.5, lng: -46.6, raio: 800, taxaentrega: 300, valorminimo: 5000 },
      });
      expect(mudada.json()).toMatchObject({ raio: 800, taxaentrega: 300, valorminimo: 5000 });
      const publicas = await ta.app.inject({ url: `${API}/api/estabelecimento/1/areas_entrega/` });
      expect(publicas.json()).toContainEqual(
        expect.objectContaining({ idareaentrega: area.idareaentrega, taxaentrega: 3, valorminimo: 50 }),
      );
      expect(
        (await call({ method: 'DELETE', url: `${est(1)}/areas/${area.idareaentrega}/` })).statusCode,
      ).toBe(204);
      expect(
        (await call({ method: 'DELETE', url: `${est(1)}/areas/${area.idareaentrega}/` })).statusCode,
      ).toBe(404);

      const taxa = { bairro: 'Pinheiros', cidade: 'São Paulo', uf: 'sp', valor: 700, valorminimo: 6000 };
      const t = await call({ method: 'POST', url: `${est(1)}/taxas-bairro/`, payload: taxa });
      expect(t.statusCode, t.body).toBe(201);
      expect(t.json()).toMatchObject({ bairro: 'Pinheiros', uf: 'SP', valor: 700, valorminimo: 6000 });
      await recusado(
        { method: 'POST', url: `${est(1)}/taxas-bairro/`, payload: { ...taxa, bairro: 'PINHEIROS' } },
        400,
        {
          bairro: [M.bairroRepetido],
        },
      );
      const id = t.json<{ id: number }>().id;
      const sem = await call({
        method: 'PUT',
        url: `${est(1)}/taxas-bairro/${id}/`,
        payload: { ...taxa, valorminimo: null },
      });
      expect(sem.json()).toMatchObject({ valorminimo: null });
      expect((await call({ method: 'DELETE', url: `${est(1)}/taxas-bairro/${id}/` })).statusCode).toBe(204);
    });

    it('payment methods: ids kept, new ones added, missing ones removed; an unknown id refused', async () => {
      const antes = (await call({ url: `${est(1)}/formas-pagamento/` })).json<{
        formas: { idformapgto: number; descricao: string; sttipopgto: number }[];
      }>();
      expect(antes.formas.length).toBeGreaterThan(1);
      const [primeira] = antes.formas;
      await recusado(
        {
          method: 'PUT',
          url: `${est(1)}/formas-pagamento/`,
          payload: { formas: [{ idformapgto: 99999, descricao: 'X', sttipopgto: 0 }] },
        },
        400,
        { 'formas.0.idformapgto': [M.formaNaoEncontrada] },
      );
      await recusado(
        {
          method: 'PUT',
          url: `${est(1)}/formas-pagamento/`,
          payload: { formas: [{ descricao: 'Vale', sttipopgto: 7 }] },
        },
        400,
        {
          'formas.0.sttipopgto': [M.tipoPgtoInvalido],
        },
      );
      const res = await call({
        method: 'PUT',
        url: `${est(1)}/formas-pagamento/`,
        payload: {
          formas: [
            { ...primeira, descricao: 'Dinheiro vivo' },
            { descricao: 'PIX na entrega', sttipopgto: 200 },
          ],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const depois = res.json<{ formas: { idformapgto: number; descricao: string }[] }>().formas;
      expect(depois).toHaveLength(2);
      expect(depois[0]).toMatchObject({ idformapgto: primeira!.idformapgto, descricao: 'Dinheiro vivo' });
      const publicas = await ta.app.inject({ url: `${API}/api/estabelecimento/1/formapgto/` });
      expect(publicas.json()).toHaveLength(2);
      // Put the fixture's methods back for the order tests below.
      const volta = await call({
        method: 'PUT',
        url: `${est(1)}/formas-pagamento/`,
        payload: {
          formas: [
            primeira!,
            ...antes.formas.slice(1).map((f) => ({ descricao: f.descricao, sttipopgto: f.sttipopgto })),
          ],
        },
      });
      expect(volta.statusCode).toBe(200);
      await ta.t.db
        .updateTable('formapgto')
        .set({ descricao: 'Crédito' })
        .where('descricao', '=', 'Crédito')
        .execute();
    });
    it('payment methods: where each is offered (na entrega / online) is kept, refused when wrong, and followed by order placement', async () => {
      type Forma = {
        idformapgto: number;
        descricao: string;
        sttipopgto: number;
        na_entrega: boolean;
        online: boolean;
      };
      const antes = (await call({ url: `${est(1)}/formas-pagamento/` })).json<{ formas: Forma[] }>().formas;
      // Before any choice: the old behaviour (cash only on delivery).
      expect(antes.map((f) => [f.sttipopgto, f.na_entrega, f.online])).toEqual([
        [0, true, false],
        [200, true, true],
        [60, true, true],
      ]);
      const url = `${est(1)}/formas-pagamento/`;
      const com = (mudar: Record<number, Partial<Forma>>) => ({
        formas: antes.map((f) => ({ ...f, ...mudar[f.sttipopgto] })),
      });
      await recusado({ method: 'PUT', url, payload: com({ 0: { online: true } }) }, 400, {
        'formas.0.online': [M.dinheiroOnline],
      });
      await recusado(
        { method: 'PUT', url, payload: com({ 60: { na_entrega: false, online: false } }) },
        400,
        {
          'formas.2.na_entrega': [M.formaSemLado],
        },
      );

      // PIX online only; credit on delivery only (the card machine).
      const v0 = await versao();
      const res = await call({
        method: 'PUT',
        url,
        payload: com({ 200: { na_entrega: false }, 60: { online: false } }),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await versao()).toBe(v0 + 1);
      const depois = res.json<{ formas: Forma[] }>().formas;
      expect(depois.map((f) => [f.idformapgto, f.na_entrega, f.online])).toEqual([
        [antes[0]!.idformapgto, true, false],
        [antes[1]!.idformapgto, false, true],
        [antes[2]!.idformapgto, true, false],
      ]);
      expect((await call({ url })).json()).toEqual({ formas: depois });
      const publicas = await ta.app.inject({ url: `${API}/api/estabelecimento/1/formapgto/` });
      expect(publicas.json()).toEqual(
        depois.map((f) => ({
          idformapgto: f.idformapgto,
          descricao: f.descricao,
          sttipopgto: f.sttipopgto,
          na_entrega: f.na_entrega,
          online: f.online,
        })),
      );

      // Placement trusts the stored choice, not the client.
      const produtos = await produtosDoMenu(ta.app, 1);
      const pedido = (forma: Forma, online: boolean): PedidoInput => {
        const p = montarPedido(produtos, {
          itens: [{ produto: 311, quantidade: 5 }],
          formapgto: { id: forma.idformapgto, sttipopgto: forma.sttipopgto, descricao: forma.descricao },
        });
        if (online) {
          Object.assign(p.pagamentos[0]!, {
            pre_pago: true,
            tipo: forma.sttipopgto === 200 ? 'PIX' : 'CARTAO',
            troco_para: null,
            cartao:
              forma.sttipopgto === 200
                ? null
                : {
                    numero: '4111111111111111',
                    bandeira: 'Visa',
                    cvv: '123',
                    expiracao: '12/2030',
                    titular: 'MARIA',
                  },
          });
        }
        return p;
      };
      const pedidos = async () =>
        (await ta.t.db.selectFrom('pedido').select('id').where('idestabelecimento', '=', 1).execute()).length;
      const antesPedidos = await pedidos();
      const fazer = (p: PedidoInput) =>
        ta.app.inject({ method: 'POST', url: pedidoUrl(1), payload: p, headers: maria.headers });
      const pixNaEntrega = await fazer(pedido(depois[1]!, false));
      expect(pixNaEntrega.statusCode, pixNaEntrega.body).toBe(400);
      expect(pixNaEntrega.json()).toEqual({ pagamentos: [MSG_PEDIDO.formaPgtoNaoAceitaNaEntrega] });
      const creditoOnline = await fazer(pedido(depois[2]!, true));
      expect(creditoOnline.statusCode, creditoOnline.body).toBe(400);
      expect(creditoOnline.json()).toMatchObject({
        codigo: 106,
        msg: 'Forma de pagamento não aceita para pagamento online.',
        extra: { codigo: 100 },
      });
      expect(await pedidos()).toBe(antesPedidos);

      // Put the fixture's choice back (the old behaviour) for the tests below.
      const volta = await call({ method: 'PUT', url, payload: { formas: antes } });
      expect(volta.statusCode, volta.body).toBe(200);
    });
  });
});
