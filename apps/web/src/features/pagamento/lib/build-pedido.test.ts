import { pedidoInputSchema, type FormaPgto } from '@rango/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearCart, getCart } from '../../../stores/cart.ts';
import { cliente, detalhe, fillCart, menu } from '../testing/fixtures.ts';
import { buildPedido, produtosPorId, type DadosPedido, type PagamentoOnline } from './build-pedido.ts';

const NUMERO = '5200000000002235';
const CVV = '123';

const credito: FormaPgto = { idformapgto: 12, descricao: 'Cartão de Crédito', sttipopgto: 60 };
const debito: FormaPgto = { idformapgto: 13, descricao: 'Cartão de Débito', sttipopgto: 61 };
const pix: FormaPgto = { idformapgto: 14, descricao: 'PIX', sttipopgto: 200 };

beforeEach(async () => {
  await fillCart();
});
afterEach(() => clearCart());

function dados(forma: FormaPgto, online: PagamentoOnline | null): DadosPedido {
  return {
    cart: getCart(),
    produtos: produtosPorId(menu.grupos),
    detalhe,
    cliente,
    telefone: '11987654321',
    tipo: 'TOGO',
    endereco: null,
    entregueAs: null,
    observacoes: '',
    localEntrega: null,
    forma,
    online,
    trocoPara: null,
    numeroPedido: 1234,
  };
}

function pagamento(forma: FormaPgto, online: PagamentoOnline | null) {
  const r = buildPedido(dados(forma, online));
  if (!r.ok) throw new Error(r.erros.join());
  // The server's own schema takes it.
  expect(pedidoInputSchema.safeParse(r.pedido).success).toBe(true);
  const texto = JSON.stringify(r.pedido);
  expect(texto).not.toContain(NUMERO);
  expect(texto).not.toContain(NUMERO.slice(0, 12));
  expect(texto).not.toContain(`"${CVV}"`);
  return r.pedido.pagamentos[0];
}

const autenticacao = { cavv: 'AAAB', xid: 'x1', eci: '05', version: '2.2.0', referenceid: 'ref-1' };

describe('buildPedido, online payment (issue 5)', () => {
  it('a new credit card: the token, the masked number, no CVV, prepaid', () => {
    expect(
      pagamento(credito, {
        tipo: 'CARTAO',
        cartao: {
          token: 'tok-novo',
          bandeira: 'Master',
          titular: ' Ana Souza ',
          cnpjoucpf: '123.456.789-01',
          expiracao: '05/2031',
          final: NUMERO,
          tipo: 'CREDITO',
          salvar: true,
          autenticacao: null,
        },
      }),
    ).toEqual({
      formapgto_id: 12,
      formapgto_sttipopgto: 60,
      descricaoFormaPgto: 'Cartão de Crédito',
      pre_pago: true,
      tipo: 'CARTAO',
      troco_para: null,
      valor: 6380,
      cartao: {
        token: 'tok-novo',
        bandeira: 'Master',
        titular: 'Ana Souza',
        cnpjoucpf: '12345678901',
        expiracao: '05/2031',
        tipo: 'CREDITO',
        salvar: true,
        numero: '************2235',
        cvv: null,
        external_authentication: null,
      },
    });
  });

  it("a saved card: its token and its '************1234'", () => {
    expect(
      pagamento(credito, {
        tipo: 'CARTAO',
        cartao: {
          token: 'tok-salvo',
          bandeira: 'Visa',
          titular: 'Ana Souza',
          cnpjoucpf: '12345678901',
          expiracao: null,
          final: '************1111',
          tipo: 'CREDITO',
          salvar: false,
          autenticacao: null,
        },
      })?.cartao,
    ).toMatchObject({ token: 'tok-salvo', numero: '************1111', expiracao: null, salvar: false });
  });

  it('debit: DEBITO with the 3-D Secure data', () => {
    const p = pagamento(debito, {
      tipo: 'CARTAO',
      cartao: {
        token: 'tok-debito',
        bandeira: 'Master',
        titular: 'Ana Souza',
        cnpjoucpf: '12345678901',
        expiracao: '05/2031',
        final: NUMERO,
        tipo: 'DEBITO',
        salvar: false,
        autenticacao,
      },
    });
    expect(p).toMatchObject({ formapgto_sttipopgto: 61, pre_pago: true, tipo: 'CARTAO' });
    expect(p?.cartao).toMatchObject({ tipo: 'DEBITO', cvv: null, external_authentication: autenticacao });
  });

  it('PIX: no card', () => {
    expect(pagamento(pix, { tipo: 'PIX' })).toEqual({
      formapgto_id: 14,
      formapgto_sttipopgto: 200,
      descricaoFormaPgto: 'PIX',
      pre_pago: true,
      tipo: 'PIX',
      troco_para: null,
      valor: 6380,
      cartao: null,
    });
  });

  it('on delivery: not prepaid, no type', () => {
    expect(pagamento(credito, null)).toMatchObject({ pre_pago: false, tipo: null, cartao: null });
  });
});
