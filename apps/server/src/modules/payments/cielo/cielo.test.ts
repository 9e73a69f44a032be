import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GatewayIndisponivelError, GatewayValidacaoError } from '../port.ts';
import type { CobrancaCartao, CobrancaPix } from '../port.ts';
import { createCieloGateway, HEADER_NOTIFICACAO, merchantOrderIdDe, requestIdDe } from './cielo.ts';
import type { CieloOptions } from './cielo.ts';
import { startCieloFake } from '../../../test/fakes/cielo.ts';
import type { CieloFake } from '../../../test/fakes/cielo.ts';

const MERCHANT_ID = randomUUID();
const MERCHANT_KEY = 'CHAVEDOLOJISTA0123456789ABCDEFGHIJKLMNOP';
const SOP = { clientId: randomUUID(), clientSecret: 'segredo-do-sop' };
const MPI = { clientId: randomUUID(), clientSecret: 'segredo-do-mpi' };
const SEGREDO_NOTIFICACAO = 'segredo-combinado-com-a-cielo';

// Luhn-valid numbers whose last digit picks the sandbox outcome.
const APROVADO = '4024007153763171';
const APROVADO_MASTER = '5551870000000131';
const NEGADO = '4000000000000002';
const CVV = '9157';

const futuro = `12/${new Date().getUTCFullYear() + 3}`;

let fake: CieloFake;

function opcoes(extra: Partial<CieloOptions> = {}): CieloOptions {
  return {
    merchantId: MERCHANT_ID,
    merchantKey: MERCHANT_KEY,
    apiUrl: fake.url,
    queryUrl: `${fake.url}/`,
    sopUrl: fake.url,
    sopOAuth: { url: `${fake.url}/oauth2/token`, ...SOP },
    mpi: {
      authUrl: fake.url,
      ...MPI,
      establishmentCode: '1006993069',
      merchantName: 'Rango Delivery',
      mcc: '5812',
      scriptUrl: 'https://mpisandbox.braspag.com.br/Scripts/BP.Mpi.3ds20.min.js',
      environment: 'SDB',
    },
    timeoutMs: 2000,
    notificationSecret: SEGREDO_NOTIFICACAO,
    ...extra,
  };
}

const gateway = (extra: Partial<CieloOptions> = {}) => createCieloGateway(opcoes(extra));

function cobranca(
  extra: Partial<CobrancaCartao> = {},
  cartao: Partial<CobrancaCartao['cartao']> = {},
): CobrancaCartao {
  return {
    chave: `t${randomUUID().replace(/-/g, '').slice(0, 20)}`,
    valor: 4590,
    tipo: 'credito',
    cartao: {
      numero: APROVADO,
      cvv: CVV,
      expiracao: futuro,
      titular: 'João da Silva',
      bandeira: 'Visa',
      ...cartao,
    },
    salvar: false,
    autenticacao: null,
    returnUrl: 'https://rango.example/aguardando-pagamento',
    comprador: { nome: 'João da Silva', cpf: '529.982.247-25' },
    softDescriptor: 'Sabor da Vila',
    ...extra,
  };
}

function pix(extra: Partial<CobrancaPix> = {}): CobrancaPix {
  return {
    chave: `p${randomUUID().replace(/-/g, '').slice(0, 20)}`,
    valor: 3200,
    comprador: { nome: 'Maria Souza', cpf: '52998224725' },
    expiraEmSegundos: 900,
    ...extra,
  };
}

const vendasDa = (chave: string) =>
  fake.vendas().filter((v) => v.merchantOrderId === merchantOrderIdDe(chave));
const postsDeVenda = () =>
  fake.requisicoes.filter((r) => r.method === 'POST' && /^\/1\/sales\/?$/.test(r.url)).length;

/** Everything an error carries that could reach a log or an error report. */
function tudoDoErro(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  return [
    String(e),
    e.message,
    e.stack ?? '',
    JSON.stringify(e, Object.getOwnPropertyNames(e)),
    String(e.cause ?? ''),
  ].join('\n');
}

async function erroDe(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('esperava um erro');
}

beforeAll(async () => {
  fake = await startCieloFake({ merchantId: MERCHANT_ID, merchantKey: MERCHANT_KEY, sop: SOP, mpi: MPI });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
});

describe('cartão de crédito', () => {
  it('aprova com captura (status 2), em centavos, com as credenciais e o RequestId derivado da chave', async () => {
    const req = cobranca();
    const r = await gateway().cobrarCartao(req);
    expect(r).toMatchObject({
      estado: 'pago',
      returnCode: '6',
      authenticationUrl: null,
      cardToken: null,
      pix: null,
    });
    expect(r.paymentId).toMatch(/^[0-9a-f-]{36}$/);
    const [venda] = vendasDa(req.chave);
    expect(venda).toMatchObject({ tipo: 'CreditCard', amount: 4590, status: 2, paymentId: r.paymentId });
    expect(venda?.payment.CreditCard).toMatchObject({ CardNumber: '402400******3171', Brand: 'Visa' });
    const post = fake.requisicoes.filter((x) => x.method === 'POST' && x.url.startsWith('/1/sales')).at(-1);
    expect(post?.headers['merchantid']).toBe(MERCHANT_ID);
    expect(post?.headers['merchantkey']).toBe(MERCHANT_KEY);
    expect(post?.headers['requestid']).toBe(requestIdDe(req.chave));
    expect(requestIdDe(req.chave)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('negado (final 2): estado negado com o ReturnCode 05 e a mensagem da Cielo', async () => {
    const r = await gateway().cobrarCartao(cobranca({}, { numero: NEGADO }));
    expect(r).toMatchObject({ estado: 'negado', returnCode: '05', returnMessage: 'Não Autorizada' });
  });

  it('erro 126 vira GatewayValidacaoError com o texto da spec, e nada é cobrado', async () => {
    const req = cobranca({}, { expiracao: '01/2020' });
    const e = await erroDe(gateway().cobrarCartao(req));
    expect(e).toBeInstanceOf(GatewayValidacaoError);
    expect((e as GatewayValidacaoError).erros).toEqual([
      { Code: 126, Message: 'Data de expiração é inválida' },
    ]);
    expect((e as Error).message).toContain('Data de expiração é inválida');
    expect(vendasDa(req.chave)).toHaveLength(0);
  });

  it('SaveCard devolve o CardToken, e o token paga uma nova compra', async () => {
    const g = gateway();
    const salvo = await g.cobrarCartao(cobranca({ salvar: true }));
    expect(salvo.estado).toBe('pago');
    expect(salvo.cardToken).toMatch(/^[0-9a-f-]{36}$/);

    const req = cobranca({}, { token: salvo.cardToken, numero: null, cvv: null, expiracao: null });
    const r = await g.cobrarCartao(req);
    expect(r.estado).toBe('pago');
    expect(r.cardToken).toBeNull();
    expect(vendasDa(req.chave)[0]?.payment.CreditCard).toMatchObject({ CardToken: salvo.cardToken });

    expect(await g.consultarToken(salvo.cardToken!)).toEqual({
      token: salvo.cardToken,
      bandeira: 'Visa',
      final: '3171',
      titular: 'Joao da Silva',
      expiracao: futuro,
    });
  });

  it('um token que a Cielo não conhece é recusado', async () => {
    const e = await erroDe(gateway().cobrarCartao(cobranca({}, { token: randomUUID(), numero: null })));
    expect(e).toBeInstanceOf(GatewayValidacaoError);
    expect((e as GatewayValidacaoError).erros[0]?.Code).toBe(180);
  });
});

describe('cartão de débito', () => {
  it('sem autenticação externa: pendente com a AuthenticationUrl do banco; a decisão do banco paga', async () => {
    const g = gateway();
    const r = await g.cobrarCartao(cobranca({ tipo: 'debito' }));
    expect(r.estado).toBe('pendente');
    expect(r.authenticationUrl).toBe(`${fake.url}/fake/autenticacao/${r.paymentId}`);
    expect(fake.concluirAutenticacao(r.paymentId!, true)).toBe(true);
    expect(await g.consultar(r.paymentId!)).toMatchObject({ estado: 'pago', paymentId: r.paymentId });
  });

  it('com ExternalAuthentication (3-D Secure no navegador): pago na hora', async () => {
    const req = cobranca(
      {
        tipo: 'debito',
        autenticacao: {
          cavv: 'AAABB2gHA1B5EFNjWQcDAAAAAAB=',
          xid: 'Uk5ZanBHcWw2RjRCbEN5dGtiMTB=',
          eci: '5',
          version: '2',
          referenceid: randomUUID(),
        },
      },
      { numero: APROVADO_MASTER, bandeira: 'Master' },
    );
    const r = await gateway().cobrarCartao(req);
    expect(r).toMatchObject({ estado: 'pago', authenticationUrl: null });
    const venda = vendasDa(req.chave)[0];
    expect(venda?.tipo).toBe('DebitCard');
    expect(venda?.payment.ExternalAuthentication).toMatchObject({
      Eci: '5',
      Version: '2',
      ReferenceId: req.autenticacao?.referenceid,
    });
  });
});

describe('PIX', () => {
  it('gera o BR Code e a imagem; expira quando dissemos; a Cielo recebe a validade', async () => {
    const g = gateway();
    const antes = Date.now();
    const req = pix();
    const r = await g.criarPix(req);
    expect(r.estado).toBe('pendente');
    expect(r.pix?.qrcode).toMatch(/^000201/);
    expect(r.pix?.imagem).toMatch(/^data:image\/png;base64,iVBOR/);
    const expira = Date.parse(r.pix!.expiraEm);
    expect(expira).toBeGreaterThanOrEqual(antes + 900_000);
    expect(expira).toBeLessThanOrEqual(Date.now() + 900_000);
    const venda = vendasDa(req.chave)[0];
    expect(venda).toMatchObject({ tipo: 'Pix', amount: 3200 });
    expect(venda?.payment).toMatchObject({ QrCodeExpiration: 900, Provider: 'Cielo2' });

    expect(fake.pagarPix(r.paymentId!)).toBe(true);
    expect((await g.consultar(r.paymentId!))?.estado).toBe('pago');
  });

  it('a validade não passa das 24 h da Cielo', async () => {
    const r = await gateway({ pixProvider: null }).criarPix(pix({ expiraEmSegundos: 3 * 86_400 }));
    expect(Date.parse(r.pix!.expiraEm)).toBeLessThanOrEqual(Date.now() + 86_400_000);
  });
});

describe('consultas', () => {
  it('consultar: o pagamento por PaymentId; null para um id desconhecido ou que não é da Cielo', async () => {
    const g = gateway();
    const r = await g.cobrarCartao(cobranca());
    expect(await g.consultar(r.paymentId!)).toMatchObject({
      paymentId: r.paymentId,
      estado: 'pago',
      returnCode: '6',
    });
    expect(await g.consultar(randomUUID())).toBeNull();
    expect(await g.consultar('../../1/card')).toBeNull();
  });

  it('consultarPorChave: acha pela MerchantOrderId; null quando não há', async () => {
    const g = gateway();
    const req = cobranca({}, { numero: NEGADO });
    const r = await g.cobrarCartao(req);
    expect(await g.consultarPorChave(req.chave)).toMatchObject({ paymentId: r.paymentId, estado: 'negado' });
    expect(await g.consultarPorChave('nuncausada123')).toBeNull();
  });

  it('uma consulta sem resposta é GatewayIndisponivelError', async () => {
    fake.falharConsultas(503);
    await expect(gateway().consultar(randomUUID())).rejects.toBeInstanceOf(GatewayIndisponivelError);
    await expect(gateway().consultarPorChave('qualquer')).rejects.toBeInstanceOf(GatewayIndisponivelError);
  });
});

describe('estorno', () => {
  it('estorna; estornar de novo continua estornado, sem erro', async () => {
    const g = gateway();
    const r = await g.cobrarCartao(cobranca());
    expect(await g.estornar(r.paymentId!, 4590)).toMatchObject({
      paymentId: r.paymentId,
      estado: 'estornado',
    });
    expect(await g.estornar(r.paymentId!, 4590)).toMatchObject({
      paymentId: r.paymentId,
      estado: 'estornado',
    });
    expect(fake.requisicoes.filter((x) => x.url === `/1/sales/${r.paymentId}/void?amount=4590`)).toHaveLength(
      2,
    );
    expect((await g.consultar(r.paymentId!))?.estado).toBe('estornado');
  });

  it('um pagamento negado não se estorna: GatewayValidacaoError 309', async () => {
    const g = gateway();
    const r = await g.cobrarCartao(cobranca({}, { numero: NEGADO }));
    const e = await erroDe(g.estornar(r.paymentId!, 4590));
    expect(e).toBeInstanceOf(GatewayValidacaoError);
    expect((e as GatewayValidacaoError).erros[0]?.Code).toBe(309);
  });
});

describe('idempotência: sem resposta, consulta pela chave e nunca cobra de novo', () => {
  it('a venda é registrada e a resposta atrasa além do tempo: devolve o pagamento achado, uma única venda', async () => {
    fake.atrasarProximaVenda(1500);
    const req = cobranca();
    const postsAntes = postsDeVenda();
    const r = await gateway({ timeoutMs: 300 }).cobrarCartao(req);
    expect(r.estado).toBe('pago');
    expect(vendasDa(req.chave)).toHaveLength(1);
    expect(r.paymentId).toBe(vendasDa(req.chave)[0]?.paymentId);
    expect(postsDeVenda() - postsAntes).toBe(1);
  });

  it('PIX atrasado também: acha o pagamento e mantém a nossa validade', async () => {
    fake.atrasarProximaVenda(1500);
    const req = pix();
    const r = await gateway({ timeoutMs: 300 }).criarPix(req);
    expect(r.estado).toBe('pendente');
    expect(r.pix?.qrcode).toMatch(/^000201/);
    expect(Date.parse(r.pix!.expiraEm)).toBeLessThanOrEqual(Date.now() + 900_000);
    expect(vendasDa(req.chave)).toHaveLength(1);
  });

  it('500 depois de registrar: devolve o pagamento achado', async () => {
    fake.falharProximaVenda(500, { registrar: true });
    const req = cobranca();
    const r = await gateway().cobrarCartao(req);
    expect(r.estado).toBe('pago');
    expect(vendasDa(req.chave)).toHaveLength(1);
  });

  it('500 sem venda: GatewayIndisponivelError, sem segundo POST', async () => {
    fake.falharProximaVenda(500);
    const req = cobranca();
    const postsAntes = postsDeVenda();
    await expect(gateway().cobrarCartao(req)).rejects.toBeInstanceOf(GatewayIndisponivelError);
    expect(vendasDa(req.chave)).toHaveLength(0);
    expect(postsDeVenda() - postsAntes).toBe(1);
    expect(
      fake.requisicoes.some((x) => x.url === `/1/sales?merchantOrderId=${merchantOrderIdDe(req.chave)}`),
    ).toBe(true);
  });

  it('sem conexão com a API: consulta e, sem pagamento, GatewayIndisponivelError', async () => {
    const req = cobranca();
    await expect(gateway({ apiUrl: 'http://127.0.0.1:9' }).cobrarCartao(req)).rejects.toBeInstanceOf(
      GatewayIndisponivelError,
    );
    expect(
      fake.requisicoes.some((x) => x.url === `/1/sales?merchantOrderId=${merchantOrderIdDe(req.chave)}`),
    ).toBe(true);
  });

  it('a consulta de reconciliação também falha: GatewayIndisponivelError', async () => {
    fake.falharProximaVenda(502, { registrar: true });
    fake.falharConsultas(503);
    await expect(gateway().cobrarCartao(cobranca())).rejects.toBeInstanceOf(GatewayIndisponivelError);
  });
});

describe('número e CVV nunca aparecem num erro', () => {
  it('uma resposta da Cielo que ecoa o cartão é limpa', async () => {
    fake.ecoarCartaoNoErro();
    const e = await erroDe(gateway().cobrarCartao(cobranca()));
    expect(e).toBeInstanceOf(GatewayValidacaoError);
    const tudo = tudoDoErro(e);
    expect(tudo).toContain('213');
    expect(tudo).not.toContain(APROVADO);
    expect(tudo).not.toContain(CVV);
  });

  it('uma falha de rede que carrega o corpo da requisição não passa adiante', async () => {
    const fetchQueVaza: typeof fetch = async (_url, init) => {
      throw new TypeError(`falhou: ${String(init?.body)}`);
    };
    const e = await erroDe(gateway({ fetch: fetchQueVaza }).cobrarCartao(cobranca()));
    expect(e).toBeInstanceOf(GatewayIndisponivelError);
    const tudo = tudoDoErro(e);
    expect(tudo).not.toContain(APROVADO);
    expect(tudo).not.toContain(CVV);
  });

  it('a tokenização recusada não devolve o número', async () => {
    const e = await erroDe(
      gateway().tokenizarCartao({
        numero: '4024007153763172',
        expiracao: futuro,
        titular: 'Ana',
        bandeira: 'Visa',
      }),
    );
    expect(e).toBeInstanceOf(GatewayValidacaoError);
    expect((e as GatewayValidacaoError).erros[0]?.Code).toBe(213);
    expect(tudoDoErro(e)).not.toContain('4024007153763172');
  });
});

describe('cofre de cartões', () => {
  it('tokenizarCartao guarda o cartão; consultarToken devolve bandeira, final, titular e validade', async () => {
    const g = gateway();
    const t = await g.tokenizarCartao({
      numero: APROVADO_MASTER,
      expiracao: futuro,
      titular: 'Ana Lima',
      bandeira: 'Master',
    });
    expect(t).toMatchObject({ bandeira: 'Master', final: '0131', titular: 'Ana Lima', expiracao: futuro });
    expect(await g.consultarToken(t.token)).toEqual({ ...t, titular: 'Ana Lima' });
    expect(await g.consultarToken(randomUUID())).toBeNull();
    expect(
      await g.cobrarCartao(cobranca({}, { token: t.token, numero: null, bandeira: 'Master' })),
    ).toMatchObject({
      estado: 'pago',
    });
  });

  it('validade vencida na tokenização: 126 com o texto da spec', async () => {
    const e = await erroDe(
      gateway().tokenizarCartao({ numero: APROVADO, expiracao: '02/2021', titular: 'Ana', bandeira: 'Visa' }),
    );
    expect((e as GatewayValidacaoError).erros).toEqual([
      { Code: 126, Message: 'Data de expiração é inválida' },
    ]);
  });
});

describe('Silent Order Post (tokenização no navegador)', () => {
  it('OAuth2 + AccessToken: o navegador posta o cartão na url e recebe um CardToken que a Cielo conhece', async () => {
    const g = gateway();
    const t = await g.tokenizacaoNavegador();
    expect(t.url).toBe(`${fake.url}/post/api/public/v1/card`);
    expect(t.expiresIn).toBe(1200);
    const res = await fetch(t.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        AccessToken: t.accessToken,
        HolderName: 'Ana Lima',
        RawNumber: APROVADO,
        Expiration: futuro,
        SecurityCode: CVV,
        EnableTokenize: true,
      }),
    });
    expect(res.status).toBe(201);
    const { CardToken } = (await res.json()) as { CardToken: string };
    expect(await g.consultarToken(CardToken)).toMatchObject({
      bandeira: 'Visa',
      final: '3171',
      titular: 'Ana Lima',
    });
  });

  it('sem credenciais do SOP, ou com credenciais erradas: GatewayIndisponivelError', async () => {
    await expect(gateway({ sopOAuth: undefined }).tokenizacaoNavegador()).rejects.toBeInstanceOf(
      GatewayIndisponivelError,
    );
    await expect(
      gateway({
        sopOAuth: { url: `${fake.url}/oauth2/token`, clientId: SOP.clientId, clientSecret: 'errado' },
      }).tokenizacaoNavegador(),
    ).rejects.toBeInstanceOf(GatewayIndisponivelError);
  });
});

describe('token do 3-D Secure', () => {
  it('Basic com client id e secret; devolve bearer, validade em segundos, script e ambiente', async () => {
    const t = await gateway().tokenMpi();
    expect(t).toMatchObject({
      token_type: 'bearer',
      script_url: 'https://mpisandbox.braspag.com.br/Scripts/BP.Mpi.3ds20.min.js',
      environment: 'SDB',
    });
    expect(t.access_token.length).toBeGreaterThan(20);
    expect(t.expires_in).toBeGreaterThan(3500);
    expect(t.expires_in).toBeLessThanOrEqual(3600);
    const pedido = fake.requisicoes.filter((x) => x.url === '/v2/auth/token').at(-1);
    expect(pedido?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${MPI.clientId}:${MPI.clientSecret}`).toString('base64')}`,
    );
  });

  it('o servidor recusa o secret errado: GatewayIndisponivelError', async () => {
    const o = opcoes();
    await expect(gateway({ mpi: { ...o.mpi, clientSecret: 'errado' } }).tokenMpi()).rejects.toBeInstanceOf(
      GatewayIndisponivelError,
    );
  });
});

describe('notificação da Cielo', () => {
  const id = randomUUID();
  const corpo = { RecurrentPaymentId: null, PaymentId: id, ChangeType: '1' };

  it('com o segredo certo devolve o PaymentId', () => {
    expect(gateway().lerNotificacao(corpo, { [HEADER_NOTIFICACAO]: SEGREDO_NOTIFICACAO })).toBe(id);
    expect(
      gateway().lerNotificacao(JSON.stringify(corpo), { 'X-Rango-Notification-Secret': SEGREDO_NOTIFICACAO }),
    ).toBe(id);
  });

  it('segredo errado, ausente, repetido, ou não configurado: null', () => {
    expect(gateway().lerNotificacao(corpo, { [HEADER_NOTIFICACAO]: 'outro' })).toBeNull();
    expect(gateway().lerNotificacao(corpo, { [HEADER_NOTIFICACAO]: `${SEGREDO_NOTIFICACAO}x` })).toBeNull();
    expect(gateway().lerNotificacao(corpo, {})).toBeNull();
    expect(
      gateway().lerNotificacao(corpo, { [HEADER_NOTIFICACAO]: [SEGREDO_NOTIFICACAO, 'outro'] }),
    ).toBeNull();
    expect(
      gateway({ notificationSecret: undefined }).lerNotificacao(corpo, { [HEADER_NOTIFICACAO]: '' }),
    ).toBeNull();
  });

  it('corpo malformado: null', () => {
    const h = { [HEADER_NOTIFICACAO]: SEGREDO_NOTIFICACAO };
    const g = gateway();
    expect(g.lerNotificacao('{não é json', h)).toBeNull();
    expect(g.lerNotificacao(null, h)).toBeNull();
    expect(g.lerNotificacao([corpo], h)).toBeNull();
    expect(g.lerNotificacao({ ChangeType: '1' }, h)).toBeNull();
    expect(g.lerNotificacao({ PaymentId: '../../1/card' }, h)).toBeNull();
    expect(g.lerNotificacao({ PaymentId: 42 }, h)).toBeNull();
  });
});

describe('merchantOrderIdDe', () => {
  it('uma chave que cabe passa igual; as outras cabem em 25 letras e dígitos, sem colidir', () => {
    expect(merchantOrderIdDe('pedido123t1')).toBe('pedido123t1');
    const comHifen = merchantOrderIdDe('pedido-123-t1');
    expect(comHifen).toMatch(/^[A-Za-z0-9]{1,25}$/);
    expect(comHifen).not.toBe(merchantOrderIdDe('pedido123t1'));
    expect(comHifen).toBe(merchantOrderIdDe('pedido-123-t1'));
    const longa = randomUUID();
    expect(merchantOrderIdDe(longa)).toMatch(/^[A-Za-z0-9]{25}$/);
    // Another key that differs in its last character only (a UUID ending in '0' once made them equal).
    const vizinha = `${longa.slice(0, -1)}${longa.endsWith('0') ? '1' : '0'}`;
    expect(merchantOrderIdDe(longa)).not.toBe(merchantOrderIdDe(vizinha));
  });
});
