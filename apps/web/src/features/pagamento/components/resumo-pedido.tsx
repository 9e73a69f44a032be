import {
  Alert,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { formatBRL, MSG_PEDIDO, textoEntregaGratis, type OrderTotals } from '@rango/domain';
import { IconInfoCircle, IconTicket } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { semQuebraMoeda } from '../../../lib/sem-quebra.ts';
import { openCartDrawer, type Cart } from '../../../stores/cart.ts';
import classes from './pagamento.module.css';

/** The minimum-order text: it describes 'Finalizar'. */
export const ID_PEDIDO_MINIMO = 'pedido-minimo';

function Linha({ label, children, strong }: { label: ReactNode; children: ReactNode; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 500} className={classes.money}>
        {children}
      </Text>
    </Group>
  );
}

interface ResumoPedidoProps {
  cart: Cart;
  nomeEstabelecimento: string;
  totals: OrderTotals;
  /** Delivery with a fee determined: the fee line shows. */
  mostrarTaxa: boolean;
  onCupom: () => void;
  /** The 'Finalizar' button (submits the form by id). */
  finalizar: ReactNode;
}

/**
 * 'Resumo do pedido': the minimum-order banner, items, subtotal, fee, coupon discount, total, the
 * free-delivery banner and 'Finalizar'.
 */
export function ResumoPedido({
  cart,
  nomeEstabelecimento,
  totals,
  mostrarTaxa,
  onCupom,
  finalizar,
}: ResumoPedidoProps) {
  const entregaGratis = mostrarTaxa ? textoEntregaGratis(totals.abonoFaltando) : null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="resumo-titulo">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h3" id="resumo-titulo">
            Resumo do pedido
          </Title>
          <Text size="sm" c="dimmed">
            {nomeEstabelecimento}
          </Text>
        </div>
        {/* At the top (issue 14): on a phone the summary follows the whole form, and below the
            items this was last, beside the 'Finalizar' it explains. */}
        {totals.pedidoMinimoFaltando !== null && (
          <Alert
            variant="light"
            color="yellow"
            p="xs"
            icon={<IconInfoCircle aria-hidden />}
            id={ID_PEDIDO_MINIMO}
          >
            {semQuebraMoeda(MSG_PEDIDO.pedidoMinimoTexto(formatBRL(totals.pedidoMinimoFaltando)))}
          </Alert>
        )}
        <ul className={classes.itens} aria-label="Itens do pedido">
          {cart.itens.map((item, i) => (
            <li key={`${i}-${item.idproduto}`} className={classes.item}>
              <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    <span aria-hidden="true">{item.quantidade}x </span>
                    <VisuallyHidden>{`${item.quantidade} ${item.quantidade === 1 ? 'unidade de' : 'unidades de'} `}</VisuallyHidden>
                    {item.descricao}
                  </Text>
                  {item.resumo.map((linha, j) => (
                    <Text key={j} size="sm" c="dimmed">
                      {linha}
                    </Text>
                  ))}
                  {item.observacoes.trim() !== '' && (
                    <Text size="sm" c="dimmed" fs="italic" style={{ overflowWrap: 'anywhere' }}>
                      Obs.: {item.observacoes}
                    </Text>
                  )}
                </div>
                <Text fw={600} className={classes.money}>
                  {formatBRL(item.preco_total)}
                </Text>
              </Group>
            </li>
          ))}
        </ul>
        <Group justify="flex-end">
          <Button variant="subtle" size="compact-sm" onClick={openCartDrawer}>
            Editar itens
          </Button>
        </Group>

        <UnstyledButton
          onClick={onCupom}
          aria-haspopup="dialog"
          style={{
            border: '1px dashed var(--mantine-color-gray-5)',
            borderRadius: 'var(--mantine-radius-md)',
            padding: 'var(--mantine-spacing-xs) var(--mantine-spacing-sm)',
          }}
        >
          <Group gap="xs" wrap="nowrap">
            <IconTicket size={20} aria-hidden />
            <Text size="sm" fw={600} style={{ flex: 1 }}>
              {cart.cupom ? `Cupom ${cart.cupom.codigo}` : 'Adicionar cupom de desconto'}
            </Text>
            {/* The action word is only visual: the button's name is its first text. */}
            <Text size="sm" c="brasa.8" fw={600} aria-hidden="true">
              {cart.cupom ? 'Alterar' : 'Adicionar'}
            </Text>
          </Group>
        </UnstyledButton>

        <Stack gap={4}>
          <Linha label="Subtotal">{formatBRL(totals.subtotal)}</Linha>
          {mostrarTaxa && totals.taxaEntrega !== null && (
            <Linha label={MSG_PEDIDO.taxaEntregaTitulo}>
              {totals.entregaGratis ? 'Grátis' : formatBRL(totals.taxaEntrega)}
            </Linha>
          )}
          {totals.desconto > 0 && (
            <Linha label="Desconto do cupom">{`- ${formatBRL(totals.desconto)}`}</Linha>
          )}
          <Linha label="Total" strong>
            {formatBRL(totals.total)}
          </Linha>
        </Stack>

        {entregaGratis && (
          <Alert variant="light" color="teal" p="xs" title={MSG_PEDIDO.entregaGratis}>
            {semQuebraMoeda(entregaGratis)}
          </Alert>
        )}
        {finalizar}
      </Stack>
    </Paper>
  );
}
