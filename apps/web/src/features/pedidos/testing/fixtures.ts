import type { HistoricoEntry, PedidoFetched, PedidoGravado, Transacao } from '@rango/domain';

export function makeGravado(over: Partial<PedidoGravado> = {}): PedidoGravado {
  return {
    pedido_id: '6f1c1e3a-6f5e-4d4e-9a3e-0d1c2b3a4f5e',
    entregue_as: null,
    ajuste: 0,
    desconto: 500,
    cliente: {
      cpf: null,
      external_id: null,
      nome: 'Ana Souza',
      telefone: '11987654321',
      endereco: {
        id: 7,
        cep: '01414-001',
        rua: 'Rua Haddock Lobo',
        numero: '595',
        bairro: 'Cerqueira César',
        cidade: 'São Paulo',
        uf: 'SP',
        complemento: 'Apto 12',
        detalhe: 'Portão azul',
      },
    },
    cpf_pagador: null,
    deliveryestabelecimento_id: 1,
    itens: [
      {
        produto_id: 10,
        descricao: 'X-Burguer',
        quantidade: 2,
        preco_unit: 2000,
        preco_total: 4000,
        ajuste: 0,
        observacoes: 'Sem cebola',
        subitens: [
          {
            grupoopcao_id: 3,
            stprecopraticado: 0,
            sub_subitens: [
              {
                opcao_id: 31,
                descricao: 'Bacon',
                preco_unit: 300,
                preco_total: 300,
                quantidade: 1,
                quantidade_adicionada: 1,
                ajuste: 0,
              },
            ],
          },
        ],
      },
    ],
    observacoes: 'Tocar a campainha',
    numero_pedido: 4321,
    origem: 'web',
    pagamentos: [
      {
        descricaoFormaPgto: 'Dinheiro',
        formapgto_id: 1,
        formapgto_sttipopgto: 0,
        pre_pago: false,
        tipo: null,
        troco_para: 5000,
        valor: 4100,
      },
    ],
    previsaoentregamax: 50,
    previsaoentregamin: 30,
    subtotal: 4000,
    taxa_entrega: 600,
    tipo: 'DELIVERY',
    total: 4100,
    endereco_togo: 'Quero encontrar o entregador.',
    codigo_cupom: 'BEMVINDO',
    cupom: { codigo: 'BEMVINDO', ehpercentual: false, desconto: 5, limitedesconto: 0 },
    abono_taxa_entrega: null,
    ...over,
  };
}

/** 19:00 on 12/05/2025 in São Paulo (UTC-3). */
export const DTHR = '2025-05-12T22:00:00.000Z';

/** History entries `minutes` after the order. */
export const h = (status: number, minutes = 0, motivo?: string): HistoricoEntry => ({
  status,
  datahora: new Date(Date.parse(DTHR) + minutes * 60_000).toISOString(),
  ...(motivo === undefined ? {} : { motivo }),
});

export function makePedido(
  over: Partial<Omit<PedidoFetched, 'pedido'>> & { gravado?: Partial<PedidoGravado>; pedido?: string } = {},
): PedidoFetched {
  const { gravado, pedido, ...rest } = over;
  const id = rest.id ?? 101;
  return {
    id,
    referencia: String(gravado?.numero_pedido ?? 4321),
    estabelecimento: {
      id: 1,
      apelidooufantasia: 'Burger da Vila',
      logo: null,
      endereco: {
        rua: 'Rua Augusta',
        numero: '1500',
        bairro: 'Consolação',
        complemento: null,
        cidade: { descricao: 'São Paulo', uf: { descricao: 'São Paulo' } },
      },
      fone_set: [{ numero: '(11) 3333-4444' }],
    },
    deliveryestabelecimento: 1,
    pedido: pedido ?? JSON.stringify(makeGravado(gravado)),
    historico: [h(0)],
    transacoes: [],
    dthrpedido: DTHR,
    ...rest,
  };
}

/** A payment transaction of order 101 (issue 5), R$ 41,00, pending. */
export function makeTransacao(over: Partial<Transacao> = {}): Transacao {
  return {
    url: null,
    qrcode: null,
    imagem_qrcode: null,
    pedido: 101,
    deliveryestabelecimento: 1,
    tipo: 'credito',
    estado: 'pendente',
    expira_em: null,
    valor: 4100,
    ...over,
  };
}

/** A BR Code as the sandbox makes them (the panel only shows and copies it). */
export const BR_CODE =
  '00020101021226830014br.gov.bcb.pix2561sandbox.rango.local/pix/v2/cobv/7d9f0c2ab1e34f5c8a6b1d2e3f4a5b6c52040000530398654044100' +
  '5802BR5915Burger da Vila6009Sao Paulo62070503***6304ABCD';

/** A 1 × 1 PNG as the QR image. */
export const QR_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** The order's payment entry for online payment (issue 5): PIX (200) or a debit card (61). */
export function pagamentoOnline(tipo: 'pix' | 'debito'): PedidoGravado['pagamentos'][number] {
  return tipo === 'pix'
    ? {
        descricaoFormaPgto: 'PIX',
        formapgto_id: 9,
        formapgto_sttipopgto: 200,
        pre_pago: true,
        tipo: 'PIX',
        troco_para: null,
        valor: 4100,
        cartao: null,
      }
    : {
        descricaoFormaPgto: 'Débito',
        formapgto_id: 8,
        formapgto_sttipopgto: 61,
        pre_pago: true,
        tipo: 'CARTAO',
        troco_para: null,
        valor: 4100,
        cartao: { bandeira: 'Visa', numero: '************2503' },
      };
}

/** Order 101 paid online with `tipo`, at the history given, with its transaction. */
export function makePedidoOnline(
  tipo: 'pix' | 'debito',
  historico: HistoricoEntry[],
  transacao: Partial<Transacao> = {},
): PedidoFetched {
  return makePedido({
    historico,
    gravado: { pagamentos: [pagamentoOnline(tipo)] },
    transacoes: [makeTransacao({ tipo, ...transacao })],
  });
}
