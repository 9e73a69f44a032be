import { areasEntregaSchema, estabelecimentoDetalheSchema, formasPgtoSchema } from '@rango/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS } from '../../test/db.ts';

const NOT_FOUND = { detail: 'Estabelecimento não encontrado.' };

describe.each(DIALECTS)('establishment routes on %s', (dialect) => {
  let ta: TestApp;
  beforeAll(async () => {
    ta = await openTestApp(dialect);
  });
  afterAll(async () => {
    await ta.close();
  });

  it('GET /controle/estabelecimento/:id/ answers the detail in the contract, money in reais', async () => {
    const res = await ta.app.inject('/api/ead/controle/estabelecimento/1/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = estabelecimentoDetalheSchema.parse(res.json());
    expect(body.id).toBe(1);
    expect(body.estabelecimento).toMatchObject({
      id: 101,
      apelidooufantasia: 'Pizzaria Teste',
      logo: '/api/ead/media/logos/pizzaria.svg',
      fone_set: [{ numero: '(11) 3333-4444' }, { numero: '(11) 98888-7777' }],
      endereco: { complemento: null, cidade: { descricao: 'São Paulo', uf: { sigla: 'SP' } } },
    });
    expect(body.pedidominimo).toBe(25.5);
    expect(body.lojaaberta).toBe(true);
    expect(body.horariofuncionamento_set).toEqual([
      { diadasemana: 1, abertura: '18:00:00', fechamento: '23:30:00' },
      { diadasemana: 5, abertura: '18:00:00', fechamento: '02:00:00' },
    ]);
    expect(body.taxaentrega_set).toEqual([
      {
        bairro: 'Centro',
        cidade: 'São Paulo',
        uf: 'SP',
        valor: 5.99,
        abonotaxaentrega_set: [{ valorminimo: 80 }],
      },
      { bairro: 'Sé', cidade: 'São Paulo', uf: 'SP', valor: 0, abonotaxaentrega_set: [] },
    ]);
  });

  it('answers the same without the trailing slash, and a closed store with empty sets', async () => {
    const res = await ta.app.inject('/api/ead/controle/estabelecimento/2');
    expect(res.statusCode).toBe(200);
    const body = estabelecimentoDetalheSchema.parse(res.json());
    expect(body.lojaaberta).toBe(false);
    expect(body.estabelecimento.fone_set).toEqual([]);
    expect(body.logo).toBeNull();
  });

  it('GET formapgto answers the payment methods', async () => {
    const res = await ta.app.inject('/api/ead/api/estabelecimento/1/formapgto/');
    expect(res.statusCode).toBe(200);
    const body = formasPgtoSchema.parse(res.json());
    expect(body).toEqual([
      { idformapgto: 30, descricao: 'Dinheiro', sttipopgto: 0, na_entrega: true, online: false },
      { idformapgto: 31, descricao: 'PIX', sttipopgto: 200, na_entrega: true, online: true },
      { idformapgto: 32, descricao: 'Crédito', sttipopgto: 60, na_entrega: true, online: true },
    ]);
    const empty = await ta.app.inject('/api/ead/api/estabelecimento/2/formapgto');
    expect(empty.json()).toEqual([]);
  });

  it('GET areas_entrega answers circles with fees in reais and nulls kept', async () => {
    const res = await ta.app.inject('/api/ead/api/estabelecimento/1/areas_entrega/');
    expect(res.statusCode).toBe(200);
    const body = areasEntregaSchema.parse(res.json());
    expect(body).toEqual([
      {
        idareaentrega: 40,
        idestabelecimento: 1,
        geo_data: { center: { lat: -23.56, lng: -46.64 }, radius: 8000.5 },
        taxaentrega: null,
        valorminimo: null,
      },
      {
        idareaentrega: 41,
        idestabelecimento: 1,
        geo_data: { center: { lat: -23.55052, lng: -46.633308 }, radius: 3000 },
        taxaentrega: 4.9,
        valorminimo: 60,
      },
    ]);
  });

  const paths = [
    (id: string) => `/api/ead/controle/estabelecimento/${id}/`,
    (id: string) => `/api/ead/api/estabelecimento/${id}/formapgto/`,
    (id: string) => `/api/ead/api/estabelecimento/${id}/areas_entrega/`,
    (id: string) => `/api/ead/api/estabelecimento/${id}/menu/`,
  ];
  it.each(['abc', '-1', '0', '999999', '1.5', '1e3', '99999999999', '%20'])(
    'answers 404 with the spec body for id %s on every establishment route',
    async (id) => {
      for (const path of paths) {
        const res = await ta.app.inject(path(id));
        expect(res.statusCode, path(id)).toBe(404);
        expect(res.json()).toEqual(NOT_FOUND);
      }
    },
  );
});
