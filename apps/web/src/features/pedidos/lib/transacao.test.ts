import { STATUS } from '@rango/domain';
import { describe, expect, it } from 'vitest';
import { BR_CODE, QR_PNG, h, makePedidoOnline, makeTransacao } from '../testing/fixtures.ts';
import { parsePedidoJson } from './pedido-json.ts';
import {
  desfechoPagamento,
  estornoDoPedido,
  isCallbackPagamento,
  pagamentoPendente,
  quandoExpira,
  urlAutenticacao,
} from './transacao.ts';

const detalhe = (...args: Parameters<typeof makePedidoOnline>) => {
  const p = makePedidoOnline(...args);
  return { ...p, pedido_json: parsePedidoJson(p) };
};

const BANCO = 'https://banco.example/3ds/desafio?id=1';

describe('pagamentoPendente (spec section 4: which panel a pending order needs)', () => {
  it('a renewed PIX (issue 14): the latest charge', () => {
    const pedido = detalhe('pix', [h(STATUS.PgtoPendente)], { qrcode: BR_CODE, estado: 'expirado' });
    const nova = { ...pedido.transacoes[0]!, qrcode: `${BR_CODE}X`, estado: 'pendente' as const };
    expect(pagamentoPendente({ ...pedido, transacoes: [...pedido.transacoes, nova] })).toMatchObject({
      tipo: 'pix',
      qrcode: `${BR_CODE}X`,
    });
  });

  it('a PIX at status 10: the code, a data:image QR, the expiry and the amount', () => {
    const pedido = detalhe('pix', [h(STATUS.PgtoPendente)], {
      qrcode: BR_CODE,
      imagem_qrcode: QR_PNG,
      expira_em: '2025-05-12T22:30:00.000Z',
      valor: 4100,
    });
    expect(pagamentoPendente(pedido)).toEqual({
      tipo: 'pix',
      qrcode: BR_CODE,
      imagem: QR_PNG,
      expiraEm: '2025-05-12T22:30:00.000Z',
      valor: 4100,
      url: null,
    });
  });

  it('a PIX without its QR data, or with an image that is not a data:image URL', () => {
    const semQr = detalhe('pix', [h(STATUS.PgtoPendente)], { qrcode: '  ', imagem_qrcode: null });
    expect(pagamentoPendente(semQr)).toMatchObject({ tipo: 'pix', qrcode: null, imagem: null });
    const imagemEstranha = detalhe('pix', [h(STATUS.PgtoPendente)], {
      qrcode: BR_CODE,
      imagem_qrcode: 'https://evil.example/qr.png',
    });
    expect(pagamentoPendente(imagemEstranha)).toMatchObject({ qrcode: BR_CODE, imagem: null });
    // No transaction at all: still the PIX panel (with the QR problem), by the payment type.
    const semTransacao = { ...semQr, transacoes: [] };
    expect(pagamentoPendente(semTransacao)).toMatchObject({ tipo: 'pix', qrcode: null, valor: 4100 });
  });

  it('a debit at status 10 with the bank page url; relative urls resolve against the site', () => {
    expect(pagamentoPendente(detalhe('debito', [h(STATUS.PgtoPendente)], { url: BANCO }))).toEqual({
      tipo: 'debito',
      url: BANCO,
      cartao: 'debito',
    });
    const sandbox = detalhe('debito', [h(STATUS.PgtoPendente)], { url: '/api/ead/sandbox/3ds/banco/abc/' });
    expect(pagamentoPendente(sandbox)).toEqual({
      tipo: 'debito',
      url: `${window.location.origin}/api/ead/sandbox/3ds/banco/abc/`,
      cartao: 'debito',
    });
  });

  it("a credit card the bank challenged (Mercado Pago's 3-D Secure) opens the same authentication", () => {
    expect(
      pagamentoPendente(detalhe('debito', [h(STATUS.PgtoPendente)], { tipo: 'credito', url: BANCO })),
    ).toEqual({ tipo: 'debito', url: BANCO, cartao: 'credito' });
  });

  it.each([
    [
      'not pending any more',
      detalhe('debito', [h(STATUS.PgtoPendente), h(STATUS.Sincronizado, 1)], { url: BANCO }),
    ],
    ['a debit without url', detalhe('debito', [h(STATUS.PgtoPendente)], { url: null })],
    ['a javascript: url', detalhe('debito', [h(STATUS.PgtoPendente)], { url: 'javascript:alert(1)' })],
    [
      'a credit card without url',
      detalhe('debito', [h(STATUS.PgtoPendente)], { tipo: 'credito', url: null }),
    ],
    [
      'a PIX that was paid',
      detalhe('pix', [h(STATUS.PgtoPendente), h(STATUS.Sincronizado, 1)], { qrcode: BR_CODE }),
    ],
  ])('nothing for %s', (_, pedido) => {
    expect(pagamentoPendente(pedido)).toBeNull();
  });
});

describe('urlAutenticacao', () => {
  it.each([
    ['https://banco.example/a', 'https://banco.example/a'],
    ['http://localhost:3000/api/ead/sandbox/3ds/x', 'http://localhost:3000/api/ead/sandbox/3ds/x'],
    ['/x/', 'https://rango.example/x/'],
    ['javascript:alert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['http://[', null],
  ])('%s → %s', (url, esperado) => {
    expect(urlAutenticacao(url, 'https://rango.example')).toBe(esperado);
  });
});

describe('desfechoPagamento', () => {
  it.each([
    [null, null],
    [STATUS.Realizado, null],
    [STATUS.PgtoPendente, 'pendente'],
    [STATUS.PgtoConfirmado, 'pago'],
    [STATUS.Sincronizado, 'pago'],
    [STATUS.Confirmado, 'pago'],
    [STATUS.Concluido, 'pago'],
    [STATUS.Cancelado, 'negado'],
    [STATUS.CancelamentoSincronizado, 'negado'],
  ])('status %s → %s', (status, esperado) => {
    expect(desfechoPagamento(status)).toBe(esperado);
  });
});

describe('estornoDoPedido (a cancelled order paid online)', () => {
  const cancelado = [h(0), h(STATUS.Cancelado, 5, 'Acabou o pão')];
  const com = (estado: Parameters<typeof makeTransacao>[0], historico = cancelado) => ({
    historico,
    transacoes: [makeTransacao(estado)],
  });

  it('refunded, refund pending, never charged', () => {
    expect(estornoDoPedido(com({ estado: 'estornado', valor: 4100 }))).toEqual({
      estado: 'estornado',
      valor: 4100,
    });
    expect(estornoDoPedido(com({ estado: 'estorno_pendente' }))).toEqual({
      estado: 'estorno_pendente',
      valor: 4100,
    });
    expect(estornoDoPedido(com({ estado: 'negado' }))).toEqual({ estado: 'nada_cobrado' });
    expect(estornoDoPedido(com({ estado: 'expirado', tipo: 'pix' }))).toEqual({ estado: 'nada_cobrado' });
  });

  it('nothing without a transaction, for a paid order, or a denial not yet cancelled', () => {
    expect(estornoDoPedido({ historico: cancelado, transacoes: [] })).toBeNull();
    expect(estornoDoPedido(com({ estado: 'pago' }))).toBeNull();
    expect(estornoDoPedido(com({ estado: 'negado' }, [h(STATUS.PgtoPendente)]))).toBeNull();
    // A renewed PIX (issue 14): the latest charge, and a refunded one wherever it is.
    const renovado = (...estados: ('expirado' | 'pago' | 'estornado')[]) => ({
      historico: cancelado,
      transacoes: estados.map((estado) => makeTransacao({ estado, tipo: 'pix', valor: 4100 })),
    });
    expect(estornoDoPedido(renovado('expirado', 'estornado'))).toEqual({ estado: 'estornado', valor: 4100 });
    expect(estornoDoPedido(renovado('estornado', 'expirado'))).toEqual({ estado: 'estornado', valor: 4100 });
    expect(estornoDoPedido(renovado('expirado', 'expirado'))).toEqual({ estado: 'nada_cobrado' });
    expect(estornoDoPedido(renovado('expirado', 'pago'))).toBeNull();
  });
});

describe('quandoExpira', () => {
  const agora = new Date('2025-05-12T22:00:00.000Z');
  it("'às HH:mm' today (São Paulo), with the date on another day", () => {
    expect(quandoExpira('2025-05-12T22:30:00.000Z', agora)).toBe('às 19:30');
    expect(quandoExpira('2025-05-13T13:00:00.000Z', agora)).toBe('em 13/05/2025 às 10:00');
    expect(quandoExpira('amanhã', agora)).toBe('');
  });
});

describe('isCallbackPagamento (the message of /aguardando-pagamento)', () => {
  const origin = 'https://rango.example';
  it.each([
    [{ origin, data: { type: 'rango:callback-carregado' } }, true],
    [{ origin: 'https://evil.example', data: { type: 'rango:callback-carregado' } }, false],
    [{ origin, data: { tipo: 'rango-3ds', evento: 'success' } }, false],
    [{ origin, data: 'rango:callback-carregado' }, false],
    [{ origin, data: null }, false],
  ])('%j → %s', (event, esperado) => {
    expect(isCallbackPagamento(event, origin)).toBe(esperado);
  });
});
