import { MSG_CARTAO, MSG_PEDIDO } from '@rango/domain';
import { describe, expect, it, vi } from 'vitest';
import { TokenizacaoError } from '../../../api/cartoes.ts';
import type { CartaoDados } from '../../../components/cartao-form/use-cartao-form.ts';
import type { CartaoPedido } from './build-pedido.ts';
import type { ResultadoMpi } from './mpi.ts';
import { pagarComCartaoNovo, type CartaoNovo, type PassosCartaoNovo } from './pagar-cartao-novo.ts';

const card: CartaoDados = {
  numero: '5200000000002151',
  cvv: '123',
  bandeira: 'Master',
  titular: 'ANA SOUZA',
  cnpjoucpf: '12345678901',
  expiracao: '05/2031',
  salvar: true,
};

const sucesso = (ref: string): ResultadoMpi => ({
  tipo: 'sucesso',
  autenticacao: { cavv: `cavv-${ref}`, xid: `xid-${ref}`, eci: '05', version: '2.2.0', referenceid: ref },
  codigo: null,
  mensagem: null,
});

/**
 * Fake steps: tokenisation answers `tok-n`; each authentication sends `eventos(n)` (the n-th
 * authentication's outcomes) on a task of its own, as the script does.
 */
function passos(eventos: (n: number) => ResultadoMpi[] = () => [sucesso('ref-1')]) {
  const enviados: CartaoPedido[] = [];
  const progresso: string[] = [];
  let tokens = 0;
  let autenticacoes = 0;
  const p = {
    tokenizar: vi.fn(async (): Promise<{ token: string; provedor: 'sandbox' | 'mercadopago' }> => ({
      token: `tok-${++tokens}`,
      provedor: 'sandbox',
    })),
    getToken3ds: vi.fn(async () => ({
      access_token: '3ds-token',
      token_type: 'bearer',
      expires_in: 600,
      script_url: '/bpmpi.js',
      environment: 'SDB',
    })),
    preencherCamposMpi: vi.fn(),
    carregarMpi: vi.fn(async () => undefined),
    autenticarMpi: vi.fn((onEvento: (r: ResultadoMpi) => void) => {
      const lista = eventos(autenticacoes++);
      setTimeout(() => lista.forEach(onEvento), 0);
    }),
    esquecerCartaoMpi: vi.fn(),
    progresso: (t: string) => progresso.push(t),
    submeter: (c: CartaoPedido) => enviados.push(c),
  } satisfies PassosCartaoNovo;
  return { p, enviados, progresso };
}

function pedido(over: Partial<CartaoNovo> = {}): CartaoNovo {
  return {
    card,
    debito: true,
    total: 6380,
    pedidoid: 'pedido-1',
    ultimaReferencia: { current: null },
    signal: new AbortController().signal,
    ...over,
  };
}

describe('pagarComCartaoNovo', () => {
  it('credit: tokenised, then submitted at once with the token (no 3-D Secure)', async () => {
    const { p, enviados, progresso } = passos();
    const fim = await pagarComCartaoNovo(pedido({ debito: false }), p);
    expect(fim).toEqual({ tipo: 'enviado' });
    expect(p.tokenizar).toHaveBeenCalledWith(card, expect.any(AbortSignal));
    expect(p.autenticarMpi).not.toHaveBeenCalled();
    expect(enviados).toEqual([
      {
        token: 'tok-1',
        bandeira: 'Master',
        titular: 'ANA SOUZA',
        cnpjoucpf: '12345678901',
        expiracao: '05/2031',
        final: '2151',
        tipo: 'CREDITO',
        salvar: true,
        autenticacao: null,
      },
    ]);
    expect(progresso).toEqual([MSG_PEDIDO.validandoCartao]);
  });

  it('debit on Mercado Pago: submitted at once, no 3-D Secure script (Mercado Pago challenges through the payment)', async () => {
    const { p, enviados } = passos();
    p.tokenizar.mockResolvedValueOnce({ token: 'mp-tok-1', provedor: 'mercadopago' });
    const fim = await pagarComCartaoNovo(pedido(), p);
    expect(fim).toEqual({ tipo: 'enviado' });
    expect(p.getToken3ds).not.toHaveBeenCalled();
    expect(p.carregarMpi).not.toHaveBeenCalled();
    expect(p.preencherCamposMpi).not.toHaveBeenCalled();
    expect(enviados).toEqual([
      expect.objectContaining({ token: 'mp-tok-1', tipo: 'DEBITO', salvar: false, autenticacao: null }),
    ]);
  });

  it('a refused tokenisation submits nothing and says why', async () => {
    const { p, enviados } = passos();
    const erro = new TokenizacaoError([{ Code: 126, Message: MSG_CARTAO.expiracaoInvalida }]);
    p.tokenizar.mockRejectedValueOnce(erro);
    const fim = await pagarComCartaoNovo(pedido(), p);
    expect(fim).toEqual({ tipo: 'tokenizacao-recusada', erro });
    expect(p.getToken3ds).not.toHaveBeenCalled();
    expect(enviados).toEqual([]);
  });

  it('debit success: the fields filled, submitted once with the authentication, the reference kept', async () => {
    // The script may send the same outcome twice.
    const { p, enviados, progresso } = passos(() => [sucesso('ref-1'), sucesso('ref-1')]);
    const ultimaReferencia = { current: null };
    const fim = await pagarComCartaoNovo(pedido({ ultimaReferencia }), p);
    expect(fim).toEqual({ tipo: 'enviado' });
    expect(p.preencherCamposMpi).toHaveBeenCalledWith({
      accesstoken: '3ds-token',
      ordernumber: 'pedido-1',
      totalamount: '6380',
      cardnumber: card.numero,
      cardexpirationmonth: '05',
      cardexpirationyear: '2031',
    });
    expect(p.carregarMpi).toHaveBeenCalledWith('/bpmpi.js', 'SDB', { signal: expect.any(AbortSignal) });
    await new Promise((r) => setTimeout(r, 5));
    expect(enviados).toHaveLength(1);
    // buildPedido sends `autenticacao` as the card's external_authentication.
    expect(enviados[0]).toMatchObject({
      token: 'tok-1',
      tipo: 'DEBITO',
      salvar: false,
      autenticacao: {
        cavv: 'cavv-ref-1',
        xid: 'xid-ref-1',
        eci: '05',
        version: '2.2.0',
        referenceid: 'ref-1',
      },
    });
    expect(ultimaReferencia.current).toBe('ref-1');
    expect(progresso).toEqual([MSG_PEDIDO.validandoCartao, MSG_PEDIDO.autenticandoDebito]);
  });

  it('failure and unenrolled are submitted too (the gateway decides)', async () => {
    const autenticacao = { cavv: null, xid: 'x', eci: '07', version: '2.2.0', referenceid: 'ref-f' };
    for (const tipo of ['falha', 'nao-participante'] as const) {
      const { p, enviados } = passos(() => [{ tipo, autenticacao, codigo: '5', mensagem: null }]);
      expect(await pagarComCartaoNovo(pedido(), p)).toEqual({ tipo: 'enviado' });
      expect(enviados.map((e) => e.autenticacao)).toEqual([autenticacao]);
    }
  });

  it.each([
    ['erro', MSG_PEDIDO.autenticacaoDebitoErro],
    ['desativado', MSG_PEDIDO.autenticacaoDebitoErro],
    ['bandeira-nao-suportada', MSG_CARTAO.debitoSomenteMasterVisa],
  ] as const)('3-D Secure %s: nothing submitted, the notice says why', async (tipo, aviso) => {
    const { p, enviados } = passos(() => [{ tipo, codigo: 'MPI900', mensagem: 'Erro' }]);
    expect(await pagarComCartaoNovo(pedido(), p)).toEqual({ tipo: 'autenticacao-recusada', aviso });
    expect(enviados).toEqual([]);
  });

  it('a 3-D Secure script that never gets ready: nothing submitted, the card number forgotten', async () => {
    const { p, enviados } = passos();
    p.carregarMpi.mockRejectedValueOnce(new Error('3DS script not ready'));
    expect(await pagarComCartaoNovo(pedido(), p)).toEqual({
      tipo: 'autenticacao-recusada',
      aviso: MSG_PEDIDO.autenticacaoDebitoErro,
    });
    expect(p.esquecerCartaoMpi).toHaveBeenCalled();
    expect(p.autenticarMpi).not.toHaveBeenCalled();
    expect(enviados).toEqual([]);
  });

  it("a second 'Finalizar' after a refused debit order authenticates again and sends only the new reference", async () => {
    // The second authentication first repeats the reference already submitted.
    const { p, enviados } = passos((n) =>
      n === 0 ? [sucesso('ref-1')] : [sucesso('ref-1'), sucesso('ref-2')],
    );
    const ultimaReferencia = { current: null };
    await pagarComCartaoNovo(pedido({ ultimaReferencia }), p);
    // (the order was refused by the gateway: the page calls again on the next 'Finalizar')
    await pagarComCartaoNovo(pedido({ ultimaReferencia }), p);
    expect(p.tokenizar).toHaveBeenCalledTimes(2);
    expect(p.autenticarMpi).toHaveBeenCalledTimes(2);
    expect(enviados.map((e) => [e.token, e.autenticacao?.referenceid])).toEqual([
      ['tok-1', 'ref-1'],
      ['tok-2', 'ref-2'],
    ]);
  });

  it('leaving the page while 3-D Secure waits ends it without submitting', async () => {
    const { p, enviados } = passos(() => []);
    const controller = new AbortController();
    const fim = pagarComCartaoNovo(pedido({ signal: controller.signal }), p);
    await vi.waitFor(() => expect(p.autenticarMpi).toHaveBeenCalled());
    controller.abort();
    expect(await fim).toEqual({ tipo: 'abortado' });
    expect(enviados).toEqual([]);
  });
});
