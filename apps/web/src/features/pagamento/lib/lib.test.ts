import { MAX_CENTS, MSG_PEDIDO, type FormaPgto } from '@rango/domain';
import { describe, expect, it } from 'vitest';
import { diasAgendamento, horariosDoDia, instanteAgendado, isoAgendado } from './agendamento.ts';
import { classificarFalha, pedeNovaTaxa, pedeNovosPrecos } from './resultado-pedido.ts';
import { parseTroco } from './troco.ts';
import {
  NOVO_CARTAO,
  formasNaEntrega,
  formasOnline,
  pedeCartaoNovo,
  validarPagamento,
  type PagamentoValues,
} from './validar.ts';

// Wednesday 14 May 2025, 12:00 in São Paulo (UTC−3).
const AGORA = new Date('2025-05-14T15:00:00Z');
const noite = [0, 1, 2, 3, 4, 5, 6].map((d) => ({ diadasemana: d, abertura: '18:00', fechamento: '23:00' }));

describe('agendamento', () => {
  it("reads a day and time on the establishment's clock", () => {
    expect(instanteAgendado('2025-05-14', '19:30').toISOString()).toBe('2025-05-14T22:30:00.000Z');
    expect(isoAgendado('2025-05-14', '19:30')).toBe('2025-05-14T19:30:00-03:00');
    expect(new Date(isoAgendado('2025-05-14', '19:30')).getTime()).toBe(
      instanteAgendado('2025-05-14', '19:30').getTime(),
    );
  });

  it('offers only future times inside the hours, every 15 minutes', () => {
    const hoje = horariosDoDia('2025-05-14', noite, AGORA);
    expect(hoje[0]).toBe('18:00');
    expect(hoje.at(-1)).toBe('22:45');
    expect(hoje).toHaveLength(20);
    // 19:10 in São Paulo: 19:00 has passed, 19:15 has not.
    const depois = horariosDoDia('2025-05-14', noite, new Date('2025-05-14T22:10:00Z'));
    expect(depois[0]).toBe('19:15');
  });

  it('follows a period past midnight into the next day', () => {
    const madrugada = [{ diadasemana: 5, abertura: '22:00', fechamento: '02:00' }];
    // Friday 16 May 22:00 to Saturday 17 May 02:00.
    expect(horariosDoDia('2025-05-17', madrugada, AGORA)).toEqual([
      '00:00',
      '00:15',
      '00:30',
      '00:45',
      '01:00',
      '01:15',
      '01:30',
      '01:45',
    ]);
  });

  it('lists today and the next 7 days, the closed ones disabled', () => {
    const soQuinta = [{ diadasemana: 4, abertura: '11:00', fechamento: '15:00' }];
    const dias = diasAgendamento(soQuinta, AGORA);
    expect(dias).toHaveLength(8);
    expect(dias[0]).toEqual({ value: '2025-05-14', label: 'Hoje, 14/05', disabled: true });
    expect(dias[1]).toEqual({ value: '2025-05-15', label: 'Amanhã, 15/05', disabled: false });
    expect(dias[2]).toMatchObject({ label: 'Sexta-feira, 16/05', disabled: true });
    expect(dias[7]).toEqual({ value: '2025-05-21', label: 'Quarta-feira, 21/05', disabled: true });
  });

  it("a holiday closed all day is not offered; a date's own hours replace its weekday's", () => {
    const excecoes = [
      { data: '2025-05-15', abertura: null, fechamento: null },
      { data: '2025-05-16', abertura: '12:00', fechamento: '13:00' },
    ];
    const dias = diasAgendamento(noite, AGORA, excecoes);
    expect(dias[1]).toEqual({ value: '2025-05-15', label: 'Amanhã, 15/05', disabled: true });
    expect(dias[2]).toMatchObject({ value: '2025-05-16', disabled: false });
    expect(horariosDoDia('2025-05-16', noite, AGORA, excecoes)).toEqual(['12:00', '12:15', '12:30', '12:45']);
    expect(horariosDoDia('2025-05-17', noite, AGORA, excecoes)[0]).toBe('18:00');
  });

  it('stops 7 days from now', () => {
    const quarta = [{ diadasemana: 3, abertura: '11:00', fechamento: '15:00' }];
    expect(horariosDoDia('2025-05-21', quarta, AGORA)).toEqual(['11:00', '11:15', '11:30', '11:45', '12:00']);
  });
});

describe('parseTroco', () => {
  it.each([
    ['50', 5000],
    ['50,5', 5050],
    ['50,00', 5000],
    ['R$ 1.000,50', 100050],
    ['1.500', 150000],
    ['50.25', 5025],
    ['', null],
    ['abc', null],
    ['10,123', null],
    ['-5', null],
  ])('%j → %j', (texto, cents) => {
    expect(parseTroco(texto)).toBe(cents);
  });
});

describe('validarPagamento', () => {
  const base: PagamentoValues = {
    agendar: false,
    data: '',
    hora: '',
    tipo: 'TOGO',
    observacoes: '',
    localEntrega: 'Quero encontrar o entregador.',
    aba: 'entrega',
    formapgto: '1',
    formaOnline: '',
    cartaoSalvo: '',
    troco: '100',
  };
  const ctx = {
    horarios: noite,
    agora: AGORA,
    formas: [
      { idformapgto: 1, descricao: 'Dinheiro', sttipopgto: 0 },
      { idformapgto: 2, descricao: 'Crédito', sttipopgto: 60 },
      { idformapgto: 3, descricao: 'Débito', sttipopgto: 61 },
      { idformapgto: 4, descricao: 'PIX', sttipopgto: 200 },
    ] satisfies FormaPgto[],
    total: 6380,
    temEndereco: false,
  };

  it('accepts a complete pickup paid in cash with change', () => {
    expect(validarPagamento(base, ctx)).toEqual({});
  });

  it('checks schedule, delivery, address, method and change', () => {
    expect(validarPagamento({ ...base, agendar: true, data: '2025-05-14', hora: '12:00' }, ctx)).toEqual({
      hora: MSG_PEDIDO.horarioInvalido,
    });
    expect(validarPagamento({ ...base, agendar: true, data: '2025-05-14', hora: '18:00' }, ctx)).toEqual({});
    expect(validarPagamento({ ...base, tipo: '' }, ctx)).toEqual({ tipo: MSG_PEDIDO.tipoEntregaObrigatorio });
    expect(validarPagamento({ ...base, tipo: 'DELIVERY', localEntrega: '' }, ctx)).toEqual({
      endereco: MSG_PEDIDO.enderecoObrigatorio,
      localEntrega: MSG_PEDIDO.localEntregaObrigatorio,
    });
    expect(validarPagamento({ ...base, formapgto: '' }, ctx)).toEqual({
      formapgto: MSG_PEDIDO.formaPgtoObrigatoria,
    });
    expect(validarPagamento({ ...base, troco: '' }, ctx)).toEqual({ troco: MSG_PEDIDO.trocoObrigatorio });
    expect(validarPagamento({ ...base, troco: '63,80' }, ctx)).toEqual({
      troco: MSG_PEDIDO.trocoMaiorQueTotal,
    });
    expect(validarPagamento({ ...base, troco: '63,81' }, ctx)).toEqual({});
  });

  it("online: a method of the tab's own (credit, debit, PIX; not cash), a saved card or 'Novo cartão'", () => {
    const online = { ...base, aba: 'online' as const, formapgto: '', troco: '' };
    expect(validarPagamento(online, ctx)).toEqual({ formaOnline: MSG_PEDIDO.formaPgtoObrigatoria });
    // Cash is no online method, whatever the other tab chose.
    expect(validarPagamento({ ...online, formaOnline: '1' }, ctx)).toEqual({
      formaOnline: MSG_PEDIDO.formaPgtoObrigatoria,
    });
    expect(validarPagamento({ ...online, formaOnline: '4' }, ctx)).toEqual({});
    expect(validarPagamento({ ...online, formaOnline: '3' }, ctx)).toEqual({});
    expect(validarPagamento({ ...online, formaOnline: '2' }, ctx)).toEqual({});
    expect(validarPagamento({ ...online, formaOnline: '2' }, { ...ctx, temCartoesSalvos: true })).toEqual({
      cartaoSalvo: MSG_PEDIDO.cartaoObrigatorio,
    });
    expect(
      validarPagamento(
        { ...online, formaOnline: '2', cartaoSalvo: NOVO_CARTAO },
        { ...ctx, temCartoesSalvos: true },
      ),
    ).toEqual({});
    // A new card is typed for debit, and for credit without a saved one chosen.
    const forma = (id: number) => ctx.formas.find((f) => f.idformapgto === id);
    expect(pedeCartaoNovo({ ...online, formaOnline: '3' }, forma(3), true)).toBe(true);
    expect(pedeCartaoNovo({ ...online, formaOnline: '2', cartaoSalvo: '7' }, forma(2), true)).toBe(false);
    expect(pedeCartaoNovo({ ...online, formaOnline: '2' }, forma(2), false)).toBe(true);
    expect(pedeCartaoNovo({ ...online, formaOnline: '4' }, forma(4), false)).toBe(false);
    expect(pedeCartaoNovo({ ...base, formapgto: '2' }, forma(2), false)).toBe(false);
  });

  it('offers the other drop-off places only with online payment', () => {
    const entrega = { ...base, tipo: 'DELIVERY' as const, localEntrega: 'Portão da casa / prédio.' };
    const c = { ...ctx, temEndereco: true };
    expect(validarPagamento(entrega, c)).toEqual({ localEntrega: MSG_PEDIDO.localEntregaObrigatorio });
    expect(validarPagamento({ ...entrega, aba: 'online', formaOnline: '4' }, c)).toEqual({});
  });

  it("refuses 'Troco para' above the most the server takes (MAX_CENTS, R$ 1.000.000,00), in Portuguese", () => {
    expect(MAX_CENTS).toBe(100_000_000);
    expect(validarPagamento({ ...base, troco: '1.000.000,00' }, ctx)).toEqual({});
    expect(validarPagamento({ ...base, troco: '1.000.000,01' }, ctx)).toEqual({
      troco: MSG_PEDIDO.trocoAltoDemais,
    });
    expect(validarPagamento({ ...base, troco: '99999999999' }, ctx)).toEqual({
      troco: MSG_PEDIDO.trocoAltoDemais,
    });
    expect(MSG_PEDIDO.trocoAltoDemais).toBe('O valor para troco é alto demais.');
  });
});

describe('classificarFalha (spec section 8)', () => {
  it.each([
    [undefined, undefined, { tipo: 'rede' }],
    [422, { detail: 'x' }, { tipo: 'loja-fechada' }],
    [500, { detail: 'x' }, { tipo: 'ops' }],
    [404, { detail: 'x' }, { tipo: 'ops' }],
    [400, { codigo: 102 }, { tipo: 'pedido-minimo', msg: MSG_PEDIDO.pedidoMinimoPadrao }],
    [
      400,
      { codigo: 106, msg: 'm', extra: { codigo: 100, msg: 'do extra' } },
      { tipo: 'pagamento-online', msg: 'do extra' },
    ],
    [400, { codigo: 106 }, { tipo: 'pagamento-online', msg: MSG_PEDIDO.pagamentoOnlinePadrao }],
    [400, { codigo: 106, msg: 'm', extra: { codigo: 100 } }, { tipo: 'pagamento-online', msg: 'm' }],
    // Inner 500 with Code 126: the fixed text, whatever the msgs say.
    [
      400,
      {
        codigo: 106,
        msg: 'Falha',
        extra: { codigo: 500, msg: 'Erro do gateway', errors: [{ Code: 114 }, { Code: 126, Message: 'x' }] },
      },
      { tipo: 'pagamento-online', msg: 'Data de expiração é inválida' },
    ],
    [
      400,
      { codigo: 106, extra: { codigo: 500, msg: 'Erro do gateway', errors: [{ Code: 114 }] } },
      { tipo: 'pagamento-online', msg: 'Erro do gateway' },
    ],
    [
      400,
      { codigo: 106, msg: 'Falha', extra: { codigo: 500, errors: [{ Code: 114 }] } },
      { tipo: 'pagamento-online', msg: 'Erro inesperado na transação' },
    ],
    // Inner 501: the gateway's ReturnMessage.
    [
      400,
      {
        codigo: 106,
        msg: 'Falha',
        extra: {
          codigo: 501,
          msg: 'Recusado',
          Payment: { ReturnCode: '57', ReturnMessage: 'Cartão Expirado' },
        },
      },
      { tipo: 'pagamento-online', msg: 'Cartão Expirado' },
    ],
    [
      400,
      { codigo: 106, extra: { codigo: 501, Payment: { ReturnCode: '05' } } },
      { tipo: 'pagamento-online', msg: 'Erro inesperado na transação' },
    ],
    [400, { codigo: 103, msg: 'Este cupom expirou.' }, { tipo: 'cupom', msg: 'Este cupom expirou.' }],
    [400, { codigo: 104 }, { tipo: 'cupom', msg: MSG_PEDIDO.cupomIndisponivel }],
    [
      400,
      { codigo: 105, extra: { status_code: 409 } },
      { tipo: 'duplicado', msg: MSG_PEDIDO.pedidoDuplicadoPadrao },
    ],
    [
      400,
      { codigo: 105, msg: 'x', non_field_errors: [{ codigo: 1101, msg: 'taxa' }, 'texto solto'] },
      {
        tipo: 'recusado',
        erros: [
          { codigo: 1101, msg: 'taxa' },
          { codigo: null, msg: 'texto solto' },
        ],
      },
    ],
    [400, { entregue_as: ['Horário inválido'] }, { tipo: 'campos', campos: { hora: 'Horário inválido' } }],
    [
      400,
      { 'pagamentos.0.troco_para': ['baixo'], telefone: ['curto'] },
      { tipo: 'campos', campos: { troco: 'baixo', telefone: 'curto' } },
    ],
    [400, { cpf_pagador: ['inválido'] }, { tipo: 'recusado', erros: [{ codigo: null, msg: 'inválido' }] }],
    [400, {}, { tipo: 'ops' }],
  ])('%s %j', (status, body, esperado) => {
    expect(classificarFalha(status, body)).toEqual(esperado);
  });

  it('tells fee refusals from price refusals', () => {
    expect(pedeNovaTaxa(1101)).toBe(true);
    expect(pedeNovaTaxa(1102)).toBe(true);
    expect(pedeNovaTaxa(1202)).toBe(false);
    expect(pedeNovosPrecos(1202)).toBe(true);
    expect(pedeNovosPrecos(1403)).toBe(true);
    expect(pedeNovosPrecos(1101)).toBe(false);
    expect(pedeNovosPrecos(null)).toBe(false);
  });
});

describe('formasOnline / formasNaEntrega: each tab lists what the owner offers there (issue 12)', () => {
  const dinheiro: FormaPgto = { idformapgto: 1, descricao: 'Dinheiro', sttipopgto: 0 };
  const credito: FormaPgto = { idformapgto: 2, descricao: 'Crédito', sttipopgto: 60 };
  const debito: FormaPgto = { idformapgto: 3, descricao: 'Débito', sttipopgto: 61 };
  const pix: FormaPgto = { idformapgto: 4, descricao: 'PIX', sttipopgto: 200 };
  const ids = (f: FormaPgto[]) => f.map((x) => x.idformapgto);

  it('without the flags (an older server): every method on delivery; credit, debit and PIX online', () => {
    const todas = [dinheiro, credito, debito, pix];
    expect(ids(formasNaEntrega(todas))).toEqual([1, 2, 3, 4]);
    expect(ids(formasOnline(todas))).toEqual([2, 3, 4]);
  });

  it('with them: the card machine on delivery only, PIX online only, cash never online', () => {
    const formas: FormaPgto[] = [
      { ...dinheiro, na_entrega: true, online: true },
      { ...credito, na_entrega: true, online: false },
      { ...debito, na_entrega: true, online: true },
      { ...pix, na_entrega: false, online: true },
    ];
    expect(ids(formasNaEntrega(formas))).toEqual([1, 2, 3]);
    expect(ids(formasOnline(formas))).toEqual([3, 4]);
    expect(formasOnline(formas.map((f) => ({ ...f, online: false })))).toEqual([]);
  });

  it('a method chosen on the wrong tab is no choice', () => {
    const formas: FormaPgto[] = [
      { ...dinheiro, na_entrega: true, online: false },
      { ...pix, na_entrega: false, online: true },
    ];
    const base: PagamentoValues = {
      agendar: false,
      data: '',
      hora: '',
      tipo: 'TOGO',
      observacoes: '',
      localEntrega: 'Quero encontrar o entregador.',
      aba: 'entrega',
      formapgto: '4',
      formaOnline: '1',
      cartaoSalvo: '',
      troco: '',
    };
    const ctx = { horarios: noite, agora: AGORA, formas, total: 6380, temEndereco: false };
    expect(validarPagamento(base, ctx)).toEqual({ formapgto: MSG_PEDIDO.formaPgtoObrigatoria });
    expect(validarPagamento({ ...base, aba: 'online' }, ctx)).toEqual({
      formaOnline: MSG_PEDIDO.formaPgtoObrigatoria,
    });
  });
});
