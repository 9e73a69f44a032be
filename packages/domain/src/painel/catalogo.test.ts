import { describe, expect, it } from 'vitest';
import {
  MSG_CATALOGO as M,
  areaInputSchema,
  cupomInputSchema,
  estabelecimentoInputSchema,
  grupoOpcaoInputSchema,
  excecoesHorarioInputSchema,
  formasPgtoInputSchema,
  horariosInputSchema,
  isCnpj,
  opcaoInputSchema,
  problemasExcecoes,
  problemasGrupo,
  produtoInputSchema,
} from './catalogo.ts';
import { ladosDaForma } from '../schemas.ts';

/** The refusals as `path → messages`, as the server answers them. */
function erros(r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string[]> = {};
  for (const i of r.error?.issues ?? []) (out[i.path.map(String).join('.')] ??= []).push(i.message);
  return out;
}

const grupo = {
  descricao: 'Tamanho',
  multiplo: false,
  qtdinclusa: 0,
  qtdmultiplomin: 1,
  qtdmultiplomax: 1,
  stprecopraticado: 0 as const,
  stnegagrupoopcao: 0,
};

describe('back office schemas', () => {
  it('establishment: CEP normalised, UF upper-case, estimate min ≤ max', () => {
    const base = {
      apelidooufantasia: ' Casa ',
      nomeourazaosocial: 'Casa Ltda',
      endereco: {
        rua: 'Rua A',
        numero: '1',
        bairro: 'Centro',
        complemento: '',
        cep: '01001000',
        cidade: 'São Paulo',
        uf: 'sp',
      },
      fones: ['(11) 3333-4444'],
      pedidominimo: 2000,
      previsaoentregamin: 30,
      previsaoentregamax: 50,
    };
    const ok = estabelecimentoInputSchema.parse(base);
    expect(ok.endereco).toMatchObject({ cep: '01001-000', uf: 'SP', complemento: null });
    expect(ok.apelidooufantasia).toBe('Casa');
    const r = estabelecimentoInputSchema.safeParse({
      ...base,
      endereco: { ...base.endereco, cep: '123', uf: 'XX' },
      previsaoentregamin: 60,
      pedidominimo: -1,
    });
    expect(erros(r)).toEqual({
      'endereco.cep': [M.cepInvalido],
      'endereco.uf': [M.ufInvalida],
      pedidominimo: [M.dinheiroInvalido],
      previsaoentregamin: [M.previsaoMinAcimaMax],
    });
    expect(erros(estabelecimentoInputSchema.safeParse({ ...base, previsaoentregamin: 60 }))).toEqual({
      previsaoentregamin: [M.previsaoMinAcimaMax],
    });
  });

  it('establishment contact: CNPJ by its check digits (stored as 14 digits), e-mail, WhatsApp; absent kept, empty cleared', () => {
    // Receita Federal's examples: the right check digits, then each one wrong.
    expect(isCnpj('11.222.333/0001-81')).toBe(true);
    expect(isCnpj('11222333000181')).toBe(true);
    expect(isCnpj('11.222.333/0001-82')).toBe(false);
    expect(isCnpj('11.222.333/0001-91')).toBe(false);
    expect(isCnpj('00.000.000/0000-00')).toBe(false);
    expect(isCnpj('1122233300018')).toBe(false);
    expect(isCnpj('11a222333000181')).toBe(false);
    const base = {
      apelidooufantasia: 'Casa',
      nomeourazaosocial: 'Casa Ltda',
      endereco: {
        rua: 'Rua A',
        numero: '1',
        bairro: 'Centro',
        complemento: '',
        cep: '01001000',
        cidade: 'São Paulo',
        uf: 'SP',
      },
      fones: [],
      pedidominimo: 0,
      previsaoentregamin: 30,
      previsaoentregamax: 50,
    };
    const semContato = estabelecimentoInputSchema.parse(base);
    expect('cnpj' in semContato).toBe(false);
    expect(
      estabelecimentoInputSchema.parse({
        ...base,
        cnpj: ' 11.222.333/0001-81 ',
        email_contato: 'Loja@Casa.com.br',
        whatsapp: '(11) 98888-7777',
      }),
    ).toMatchObject({
      cnpj: '11222333000181',
      email_contato: 'loja@casa.com.br',
      whatsapp: '(11) 98888-7777',
    });
    expect(
      estabelecimentoInputSchema.parse({ ...base, cnpj: '', email_contato: '', whatsapp: null }),
    ).toMatchObject({ cnpj: null, email_contato: null, whatsapp: null });
    expect(
      erros(
        estabelecimentoInputSchema.safeParse({
          ...base,
          cnpj: 11222333000181,
          email_contato: 'a@',
          whatsapp: '12',
        }),
      ),
    ).toEqual({
      cnpj: [M.cnpjInvalido],
      email_contato: [M.emailContatoInvalido],
      whatsapp: [M.telefoneInvalido],
    });
  });

  it('hours: past midnight and 24 h accepted; inverted and overlapping refused per row', () => {
    const ok = horariosInputSchema.safeParse({
      horarios: [
        { diadasemana: 5, abertura: '18:00', fechamento: '02:00', dia_seguinte: true },
        { diadasemana: 6, abertura: '02:00', fechamento: '04:00', dia_seguinte: false },
        { diadasemana: 0, abertura: '00:00', fechamento: '00:00', dia_seguinte: true },
      ],
    });
    expect(ok.success).toBe(true);
    const r = horariosInputSchema.safeParse({
      horarios: [
        { diadasemana: 1, abertura: '18:00', fechamento: '17:00', dia_seguinte: false },
        { diadasemana: 6, abertura: '20:00', fechamento: '01:00', dia_seguinte: true },
        { diadasemana: 0, abertura: '00:30', fechamento: '10:00', dia_seguinte: false },
        { diadasemana: 2, abertura: '25:00', fechamento: '10:00', dia_seguinte: false },
      ],
    });
    const e = erros(r);
    expect(e['horarios.3.abertura']).toEqual([M.horaInvalida]);
    // The type error stops the week's checks; without it both are reported.
    const r2 = horariosInputSchema.safeParse({
      horarios: [
        { diadasemana: 1, abertura: '18:00', fechamento: '17:00', dia_seguinte: false },
        { diadasemana: 6, abertura: '20:00', fechamento: '01:00', dia_seguinte: true },
        { diadasemana: 0, abertura: '00:30', fechamento: '10:00', dia_seguinte: false },
      ],
    });
    expect(erros(r2)).toEqual({
      'horarios.0.fechamento': [M.horarioInvertido],
      'horarios.2.abertura': [M.horarioSobreposto('sábado 20:00–01:00 (dia seguinte)')],
    });
  });

  it('circle: radius > 0, no minimum on a no-delivery zone', () => {
    expect(
      erros(areaInputSchema.safeParse({ lat: 0, lng: 0, raio: -5, taxaentrega: 500, valorminimo: null })),
    ).toEqual({
      raio: [M.raioInvalido],
    });
    expect(
      erros(areaInputSchema.safeParse({ lat: 0, lng: 0, raio: 50, taxaentrega: null, valorminimo: 100 })),
    ).toEqual({
      valorminimo: [M.minimoSemEntrega],
    });
    expect(
      areaInputSchema.safeParse({ lat: -23.5, lng: -46.6, raio: 3000, taxaentrega: null, valorminimo: null })
        .success,
    ).toBe(true);
  });

  it('product: absurd or negative price, offer at or above the price', () => {
    const p = { idgrupo: 1, descricao: 'Pizza', preco: 5000 };
    expect(produtoInputSchema.parse(p)).toMatchObject(p);
    expect(erros(produtoInputSchema.safeParse({ ...p, preco: -1 }))).toEqual({ preco: [M.dinheiroInvalido] });
    expect(erros(produtoInputSchema.safeParse({ ...p, preco: 10_000_001 }))).toEqual({
      preco: [M.dinheiroInvalido],
    });
    expect(erros(produtoInputSchema.safeParse({ ...p, preco: 12.5 }))).toEqual({
      preco: [M.dinheiroInvalido],
    });
    expect(erros(produtoInputSchema.safeParse({ ...p, precooferta: 5000 }))).toEqual({
      precooferta: [M.ofertaAcimaDoPreco],
    });
  });

  it('option group: min > max, included units outside mode 0; Kit without options', () => {
    expect(grupoOpcaoInputSchema.safeParse(grupo).success).toBe(true);
    expect(
      erros(grupoOpcaoInputSchema.safeParse({ ...grupo, qtdmultiplomin: 3, qtdmultiplomax: 2 })),
    ).toEqual({
      qtdmultiplomin: [M.minimoAcimaDoMaximo],
    });
    expect(erros(grupoOpcaoInputSchema.safeParse({ ...grupo, qtdinclusa: 1, stprecopraticado: 3 }))).toEqual({
      qtdinclusa: [M.inclusaSoNormal],
    });
    expect(erros(grupoOpcaoInputSchema.safeParse({ ...grupo, stprecopraticado: 5 }))).toEqual({
      stprecopraticado: [M.precoPraticadoInvalido],
    });
    expect(problemasGrupo({ ...grupo, stprecopraticado: 10 }, [])).toEqual([
      { campo: 'stprecopraticado', msg: M.kitSemOpcoes },
      { campo: 'qtdmultiplomin', msg: M.minimoInalcancavel },
    ]);
    expect(problemasGrupo({ ...grupo, qtdmultiplomin: 2 }, [{}])).toEqual([
      { campo: 'qtdmultiplomin', msg: M.minimoInalcancavel },
    ]);
    expect(problemasGrupo({ ...grupo, qtdmultiplomin: 0 }, [])).toEqual([]);
    expect(problemasGrupo({ ...grupo, stprecopraticado: 10 }, [{ stindisponivel: 0 }])).toEqual([]);
  });

  it('option: default above its maximum, adjustments in cents or percent', () => {
    const o = { descricao: 'Bacon', preco: 300 };
    expect(erros(opcaoInputSchema.safeParse({ ...o, qtdpadrao: 3, qtdmax: 2 }))).toEqual({
      qtdpadrao: [M.padraoAcimaDoMaximo],
    });
    expect(erros(opcaoInputSchema.safeParse({ ...o, valorafetaproduto: 1.5 }))).toEqual({
      valorafetaproduto: [M.ajusteInvalido],
    });
    expect(
      opcaoInputSchema.safeParse({ ...o, valorafetaproduto: 12.5, stpercentualafetaproduto: 1 }).success,
    ).toBe(true);
    expect(
      erros(opcaoInputSchema.safeParse({ ...o, valorafetaopcao: 2000, stpercentualafetaopcao: 1 })),
    ).toEqual({
      valorafetaopcao: [M.percentualAjusteInvalido],
    });
  });

  it('coupon: 150 % refused, fixed in cents, validity in order', () => {
    const c = { codigo: ' bem-vindo ', ehpercentual: true, desconto: 10 };
    expect(cupomInputSchema.parse(c).codigo).toBe('BEM-VINDO');
    expect(erros(cupomInputSchema.safeParse({ ...c, desconto: 150 }))).toEqual({
      desconto: [M.descontoPercentualInvalido],
    });
    expect(erros(cupomInputSchema.safeParse({ ...c, ehpercentual: false, desconto: 10.5 }))).toEqual({
      desconto: [M.descontoFixoInvalido],
    });
    expect(
      erros(
        cupomInputSchema.safeParse({
          ...c,
          valido_de: '2026-12-01T00:00:00Z',
          valido_ate: '2026-11-01T00:00:00Z',
        }),
      ),
    ).toEqual({ valido_ate: [M.validadeInvertida] });
    expect(erros(cupomInputSchema.safeParse({ ...c, codigo: 'com espaço' }))).toEqual({
      codigo: [M.codigoCupomInvalido],
    });
    for (const codigo of ['', '   ']) {
      expect(erros(cupomInputSchema.safeParse({ ...c, codigo }))).toEqual({ codigo: [M.obrigatorio] });
    }
  });
});

describe('dates with their own hours (holidays)', () => {
  const faixa = (abertura: string, fechamento: string, dia_seguinte = false) => ({
    abertura,
    fechamento,
    dia_seguinte,
  });

  it('takes a closed date and a date with ranges', () => {
    const r = excecoesHorarioInputSchema.safeParse({
      excecoes: [
        { data: '2026-12-25', fechado: true, faixas: [] },
        {
          data: '2026-12-31',
          fechado: false,
          faixas: [faixa('18:00', '23:00'), faixa('23:30', '02:00', true)],
        },
      ],
    });
    expect(r.success).toBe(true);
    expect(problemasExcecoes(r.data!.excecoes, '2026-12-01')).toEqual([]);
  });

  it('refuses a malformed or impossible date on its field', () => {
    const r = excecoesHorarioInputSchema.safeParse({
      excecoes: [
        { data: '25/12/2026', fechado: true, faixas: [] },
        { data: '2026-02-30', fechado: true, faixas: [] },
        { data: '2026-12-25', fechado: true, faixas: [faixa('25:00', '10:00')] },
      ],
    });
    expect(erros(r)).toEqual({
      'excecoes.0.data': [M.dataExcecaoInvalida],
      'excecoes.1.data': [M.dataExcecaoInvalida],
      'excecoes.2.faixas.0.abertura': [M.horaInvalida],
    });
  });

  it('a past date, a repeated date, an open date without ranges, inverted and overlapping ranges', () => {
    const p = problemasExcecoes(
      [
        { data: '2026-11-30', fechado: true, faixas: [] },
        { data: '2026-12-25', fechado: true, faixas: [] },
        { data: '2026-12-25', fechado: false, faixas: [faixa('18:00', '17:00')] },
        { data: '2026-12-31', fechado: false, faixas: [] },
        { data: '2027-01-01', fechado: false, faixas: [faixa('10:00', '14:00'), faixa('13:00', '15:00')] },
        // A closed date's ranges are ignored.
        { data: '2027-01-02', fechado: true, faixas: [faixa('18:00', '17:00')] },
      ],
      '2026-12-01',
    );
    expect(p).toEqual([
      { caminho: [0, 'data'], msg: M.dataExcecaoPassada },
      { caminho: [2, 'data'], msg: M.dataExcecaoRepetida },
      { caminho: [2, 'faixas', 0, 'fechamento'], msg: M.horarioInvertido },
      { caminho: [3, 'faixas'], msg: M.excecaoSemFaixas },
      { caminho: [4, 'faixas', 1, 'abertura'], msg: M.horarioSobreposto('10:00–14:00') },
    ]);
    // Today is not past.
    expect(problemasExcecoes([{ data: '2026-12-01', fechado: true, faixas: [] }], '2026-12-01')).toEqual([]);
    // Up to the end of next year (issue 20).
    expect(problemasExcecoes([{ data: '2027-12-31', fechado: true, faixas: [] }], '2026-12-01')).toEqual([]);
    expect(
      problemasExcecoes(
        [
          { data: '2028-01-01', fechado: true, faixas: [] },
          { data: '9999-12-31', fechado: true, faixas: [] },
        ],
        '2026-12-01',
      ),
    ).toEqual([
      { caminho: [0, 'data'], msg: 'Escolha uma data até 31/12/2027.' },
      { caminho: [1, 'data'], msg: M.dataExcecaoDistante('2027-12-31') },
    ]);
  });
});

describe('formasPgtoInputSchema: where each method is offered (issue 12)', () => {
  const forma = (sttipopgto: number, lados: { na_entrega?: unknown; online?: unknown } = {}) => ({
    descricao: `Forma ${sttipopgto}`,
    sttipopgto,
    ...lados,
  });

  it('takes the flags, and keeps the old behaviour when they are left out', () => {
    const r = formasPgtoInputSchema.safeParse({
      formas: [
        forma(0),
        forma(60, { na_entrega: true, online: false }),
        forma(200, { na_entrega: false, online: true }),
        forma(61),
      ],
    });
    expect(erros(r)).toEqual({});
    expect(r.data?.formas.map((f) => [f.na_entrega, f.online])).toEqual([
      [undefined, undefined],
      [true, false],
      [false, true],
      [undefined, undefined],
    ]);
    expect(ladosDaForma({ sttipopgto: 0 })).toEqual({ naEntrega: true, online: false });
    expect(ladosDaForma({ sttipopgto: 61 })).toEqual({ naEntrega: true, online: true });
    // Cash stored as online (a row written before the check) is still not online.
    expect(ladosDaForma({ sttipopgto: 0, na_entrega: true, online: true }).online).toBe(false);
  });

  it('refuses cash online and a method offered nowhere, on the field', () => {
    const r = formasPgtoInputSchema.safeParse({
      formas: [
        forma(0, { online: true }),
        forma(60, { na_entrega: false, online: false }),
        forma(200, { na_entrega: false }),
        forma(0, { na_entrega: false }),
      ].map((f, i) => ({ ...f, descricao: `F${i}` })),
    });
    expect(erros(r)).toEqual({
      'formas.0.online': [M.dinheiroOnline],
      'formas.1.na_entrega': [M.formaSemLado],
      'formas.3.na_entrega': [M.formaSemLado],
    });
    expect(erros(formasPgtoInputSchema.safeParse({ formas: [forma(61, { online: 'sim' })] }))).toEqual({
      'formas.0.online': [M.valorInvalido],
    });
  });
});
