import { STATUS } from '@rango/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AGORA, CONFIG, emMin, haMin, pedidoPainel } from '../testing/fixtures.ts';
import { renderPainel } from '../../../testing/render.tsx';
import { PedidoCard } from './pedido-card.tsx';

function cardDe(over: Parameters<typeof pedidoPainel>[0], agora = AGORA) {
  const onAbrir = vi.fn();
  renderPainel(
    <PedidoCard
      pedido={pedidoPainel(over)}
      agora={agora}
      config={CONFIG}
      tocando={false}
      onAbrir={onAbrir}
    />,
  );
  return { botao: screen.getByRole('button'), onAbrir };
}

describe('PedidoCard', () => {
  it('reads as one sentence: number, wait, customer, delivery, total, payment and change', () => {
    const { botao, onAbrir } = cardDe({ id: 1, dthrpedido: haMin(3) });
    expect(botao).toHaveTextContent('#4001');
    expect(botao).toHaveTextContent('Aguardando aceite há 3 min');
    expect(botao).toHaveTextContent('Ana Souza');
    expect(botao).toHaveTextContent('Entrega');
    expect(botao).toHaveTextContent('R$ 47,00');
    expect(botao).toHaveTextContent('Cobrar na entrega · Dinheiro');
    expect(botao).toHaveTextContent('Troco para R$ 50,00 (levar R$ 3,00)');
    botao.click();
    expect(onAbrir).toHaveBeenCalledWith(1);
  });

  it('flags a new order red past the acceptance limit, in words as well as colour', () => {
    const { botao } = cardDe({ dthrpedido: haMin(CONFIG.aceite_limite_min) });
    expect(botao).toHaveAttribute('data-alerta', 'vermelho');
    expect(botao).toHaveTextContent(`Aguardando aceite há ${CONFIG.aceite_limite_min} min (atrasado)`);
  });

  it('turns an accepted order amber, then red, past the owner’s thresholds', () => {
    const { botao } = cardDe({ status: STATUS.Confirmado, dthrpedido: haMin(CONFIG.alerta_amarelo_min - 1) });
    expect(botao).toHaveAttribute('data-alerta', 'normal');
    expect(botao).toHaveTextContent(`Há ${CONFIG.alerta_amarelo_min - 1} min`);
    expect(botao).not.toHaveTextContent('(atenção)');
  });

  it.each([
    [10, 'amarelo', '(atenção)'],
    [19, 'amarelo', '(atenção)'],
    [20, 'vermelho', '(atrasado)'],
    [75, 'vermelho', '(atrasado)'],
  ])('%i min after it was placed it is %s', (min, alerta, texto) => {
    const { botao } = cardDe({ status: STATUS.Confirmado, dthrpedido: haMin(min) });
    expect(botao).toHaveAttribute('data-alerta', alerta);
    expect(botao).toHaveTextContent(texto);
  });

  it('says paid online, a scheduled time and the estimate', () => {
    const { botao } = cardDe({
      status: STATUS.Confirmado,
      tipo: 'TOGO',
      entregue_as: emMin(90),
      previsao_em: emMin(20),
      pagamento: { online: true, descricao: 'Pix', tipo: 'pix', estado: 'pago', troco_para: null },
    });
    expect(botao).toHaveTextContent('Retirada');
    expect(botao).toHaveTextContent('Agendado para 13:30');
    expect(botao).toHaveTextContent('Previsão 12:20');
    expect(botao).toHaveTextContent('Pago online · Pix');
    expect(botao).not.toHaveTextContent('Troco');
  });

  it.each([
    ['pendente', 'Online (não pago) · Pix'],
    ['estornado', 'Pago online e estornado · Pix'],
    ['estorno_pendente', 'Pago online, estorno em andamento · Pix'],
  ] as const)('says how an online payment %s stands', (estado, texto) => {
    const { botao } = cardDe({
      status: STATUS.Cancelado,
      pagamento: { online: true, descricao: 'Pix', tipo: 'pix', estado, troco_para: null },
    });
    expect(botao).toHaveTextContent(texto);
  });

  it('shows an order waiting for its payment without flagging it', () => {
    const { botao } = cardDe({ status: STATUS.PgtoPendente, dthrpedido: haMin(30) });
    expect(botao).toHaveAttribute('data-alerta', 'normal');
    expect(botao).toHaveTextContent('Aguardando pagamento há 30 min');
  });

  it('shows a cancelled order with its reason and no running timer', () => {
    const { botao } = cardDe({
      status: STATUS.Cancelado,
      historico: [
        { status: 0, datahora: haMin(30) },
        { status: 50, datahora: haMin(10), motivo: 'Item em falta' },
      ],
    });
    expect(botao).toHaveTextContent('Motivo: Item em falta');
    expect(botao).not.toHaveTextContent('Há ');
  });
});
