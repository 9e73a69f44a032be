import { Group, Paper, Stack, Text } from '@mantine/core';
import { MSG_PEDIDO, formatBRL, type PedidoFetched } from '@rango/domain';
import { Component, useMemo, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatDataHora } from '../lib/datas.ts';
import { parsePedidoJson } from '../lib/pedido-json.ts';
import { EstabelecimentoLogo } from './estabelecimento-logo.tsx';
import classes from './pedidos.module.css';
import { StatusTag } from './status-tag.tsx';

/** One order of the lists, leading to its tracking page. Throws when its `pedido` text is unreadable. */
function PedidoCardView({ pedido }: { pedido: PedidoFetched }) {
  const gravado = useMemo(() => parsePedidoJson(pedido), [pedido]);
  const nome = pedido.estabelecimento.apelidooufantasia;
  return (
    <Paper
      component={Link}
      to={paths.pedido(pedido.id)}
      withBorder
      radius="md"
      p="md"
      className={classes.card}
    >
      <Group wrap="nowrap" align="flex-start" gap="md">
        <EstabelecimentoLogo nome={nome} logo={pedido.estabelecimento.logo} size={48} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={700} className={classes.nome}>
            {nome}
          </Text>
          <Text size="sm" c="dimmed">
            Pedido #{pedido.referencia} · {formatDataHora(pedido.dthrpedido)}
          </Text>
          {gravado.entregue_as ? (
            <Text size="sm" c="dimmed">
              Agendado para {formatDataHora(gravado.entregue_as)}
            </Text>
          ) : null}
          <Group justify="space-between" align="center" gap="xs" mt={2}>
            <Text size="sm" fw={600}>
              {formatBRL(gravado.total)}
            </Text>
            <StatusTag historico={pedido.historico} />
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

/** Spec section 2: a card that fails to render says so instead of breaking the list. */
export function PedidoCardErro({ referencia }: { referencia: string }) {
  return (
    <Paper withBorder radius="md" p="md" className={classes.cardErro}>
      <Text fw={700} size="sm" c="red.9">
        {MSG_PEDIDO.problemaComPedido(referencia)}
      </Text>
      <Text size="sm" mt={4}>
        {MSG_PEDIDO.erroExibirPedido}
      </Text>
    </Paper>
  );
}

interface BoundaryProps {
  referencia: string;
  children: ReactNode;
}

/** Each card in its own boundary: one broken order never hides the others. */
class PedidoCardBoundary extends Component<BoundaryProps, { falhou: boolean }> {
  override state = { falhou: false };

  static getDerivedStateFromError(): { falhou: boolean } {
    return { falhou: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.falhou ? <PedidoCardErro referencia={this.props.referencia} /> : this.props.children;
  }
}

export function PedidoCard({ pedido }: { pedido: PedidoFetched }) {
  return (
    // Keyed by the text: a later answer with a readable order gets a fresh try.
    <PedidoCardBoundary key={pedido.pedido} referencia={pedido.referencia}>
      <PedidoCardView pedido={pedido} />
    </PedidoCardBoundary>
  );
}
