import { Group, Stack, Text, Title } from '@mantine/core';
import { STATUS, currentStatus, isFinalizado, temRecibo, timeline } from '@rango/domain';
import { IconCalendarTime, IconClockHour4 } from '@tabler/icons-react';
import { faixaPrevisao, formatData, formatDataHora, formatHora } from '../lib/datas.ts';
import type { PedidoDetalhe } from '../lib/pedido-json.ts';
import { CupomPedido } from './cupom-pedido.tsx';
import { PedidoTimeline } from './pedido-timeline.tsx';
import { StatusTag } from './status-tag.tsx';

/**
 * Spec section 4: the estimated time, as the range from the order time plus
 * previsaoentregamin–max minutes, or the scheduled date; gone once delivered or finished. After
 * the restaurant accepted the order with an estimate (issue 11), that time.
 */
function Previsao({ pedido }: { pedido: PedidoDetalhe }) {
  const atual = currentStatus(pedido.historico);
  if (isFinalizado(atual) || atual === STATUS.Entregue) return null;
  const gravado = pedido.pedido_json;
  const entrega = gravado.tipo === 'DELIVERY';
  if (gravado.entregue_as) {
    return (
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconCalendarTime size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm">
          {entrega ? 'Entrega agendada para ' : 'Retirada agendada para '}
          <Text span fw={700} size="sm">
            {formatDataHora(gravado.entregue_as)}
          </Text>
        </Text>
      </Group>
    );
  }
  // Issue 11: once the restaurant accepts with an estimate, that time replaces the spec's range.
  const faixa = pedido.previsao_em
    ? formatHora(pedido.previsao_em)
    : faixaPrevisao(pedido.dthrpedido, gravado.previsaoentregamin, gravado.previsaoentregamax);
  if (!faixa) return null;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <IconClockHour4 size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Text size="sm">
        {entrega ? 'Previsão de entrega: ' : 'Previsão para retirada: '}
        <Text span fw={700} size="sm">
          {faixa}
        </Text>
      </Text>
    </Group>
  );
}

/** The status panel: tag, message, estimated time, timeline and the receipt button. */
export function PedidoStatus({ pedido }: { pedido: PedidoDetalhe }) {
  const linha = timeline(pedido.historico, pedido.pedido_json.tipo);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="xs">
        <Title order={2} fz="md">
          Andamento
        </Title>
        <StatusTag historico={pedido.historico} size="lg" />
      </Group>
      {/* Polling moves the order along: the new message is read out as it changes. Hidden once
          cancelled (no message, and no gap above the timeline); a cancellation is final. */}
      <div role="status" aria-live="polite" hidden={!linha.mensagem}>
        {linha.mensagem ? (
          <Text fw={600} size="lg">
            {linha.mensagem}
          </Text>
        ) : null}
      </div>
      <Previsao pedido={pedido} />
      <PedidoTimeline timeline={linha} dia={formatData(pedido.dthrpedido)} />
      {temRecibo(pedido.historico) ? (
        <Group>
          <CupomPedido id={pedido.id} referencia={pedido.referencia} />
        </Group>
      ) : null}
    </Stack>
  );
}
