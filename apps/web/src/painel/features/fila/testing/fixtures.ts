import type { PedidoGravado } from '@rango/domain';
import { PAINEL_CONFIG_PADRAO, type PainelConfig, type PedidoPainel } from '@rango/domain/painel';

export const AGORA = Date.parse('2025-03-10T15:00:00.000Z');
export const haMin = (min: number, agora = AGORA) => new Date(agora - min * 60_000).toISOString();
export const emMin = (min: number, agora = AGORA) => new Date(agora + min * 60_000).toISOString();

export const CONFIG: PainelConfig = { ...PAINEL_CONFIG_PADRAO };

export function gravado(over: Partial<PedidoGravado> = {}): PedidoGravado {
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
        preco_total: 4600,
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
        valor: 4700,
      },
    ],
    previsaoentregamax: 50,
    previsaoentregamin: 30,
    subtotal: 4600,
    taxa_entrega: 600,
    tipo: 'DELIVERY',
    total: 4700,
    endereco_togo: null,
    codigo_cupom: 'BEMVINDO',
    cupom: { codigo: 'BEMVINDO', ehpercentual: false, desconto: 5, limitedesconto: 0 },
    abono_taxa_entrega: null,
    ...over,
  };
}

/** An order as the panel reads it: new (Realizado) delivery paid in cash, placed a minute ago. */
export function pedidoPainel(over: Partial<PedidoPainel> = {}): PedidoPainel {
  const id = over.id ?? 101;
  const status = over.status ?? 0;
  const dthrpedido = over.dthrpedido ?? haMin(1);
  return {
    id,
    referencia: String(4000 + id),
    status,
    tipo: 'DELIVERY',
    total: 4700,
    dthrpedido,
    entregue_as: null,
    previsao_em: null,
    cliente: 'Ana Souza',
    telefone: '11987654321',
    pedido: gravado(),
    historico: [{ status, datahora: dthrpedido }],
    pagamento: { online: false, descricao: 'Dinheiro', tipo: null, estado: null, troco_para: 5000 },
    canal: 'rango',
    erro_canal: null,
    ...over,
  };
}
