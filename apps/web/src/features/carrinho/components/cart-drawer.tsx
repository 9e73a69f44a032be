import '../../../components/overlay-styles.ts';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatBRL, MSG, MSG_PEDIDO, textoEntregaGratis } from '@rango/domain';
import { IconInfoCircle, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { AppDrawer } from '../../../shared/components/app-drawer.tsx';
import { MOBILE_QUERY } from '../../../config/breakpoints.ts';
import { paths } from '../../../config/paths.ts';
import { semQuebraMoeda } from '../../../lib/sem-quebra.ts';
import { cartTotals, clearCart, removeItem, useCart, useCartDrawer } from '../../../stores/cart.ts';
import type { EntregaEstimada, EntregaEstimadaKey } from '../../../stores/entrega-estimada.ts';
import { CartItemRow } from './cart-item-row.tsx';
import classes from './cart.module.css';
import { showEmptyCartNotice } from './empty-cart-notice.ts';

function TotalLine({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 500}>
        {value}
      </Text>
    </Group>
  );
}

/** The cart drawer (spec section 2): items with edit and remove, totals, 'Finalizar pedido'. */
export function CartDrawer() {
  const cart = useCart();
  const { opened, close } = useCartDrawer();
  const navigate = useNavigate();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [confirmingClear, setConfirmingClear] = useState(false);
  const clearButton = useRef<HTMLButtonElement>(null);
  const totals = cartTotals(cart);
  // The domain's texts (spec section 5), as checkout shows them.
  const entregaGratis = textoEntregaGratis(totals.abonoFaltando);
  const est = cart.estabelecimento;
  const empty = cart.itens.length === 0;
  // Issue 14: the gaps as items are added. Free delivery from the agreed fee's waiver, else from
  // the estimate the menu showed for this establishment.
  // Read from the cache without useQuery: its module would be one more chunk for the menu to list.
  const queryClient = useQueryClient();
  const chave: EntregaEstimadaKey = ['entrega-estimada'];
  const estimada = useSyncExternalStore(
    (onChange) => queryClient.getQueryCache().subscribe(onChange),
    () => queryClient.getQueryData<EntregaEstimada | null>(chave),
  );
  const abonoCents =
    cart.abono !== null
      ? totals.abonoFaltando
      : cart.taxaentrega === null && est && estimada?.idEstabelecimento === est.id
        ? estimada.abonoCents
        : null;
  const faltaGratis =
    abonoCents !== null &&
    abonoCents > totals.subtotal &&
    (cart.taxaentrega ?? estimada?.taxaCents ?? 0) !== 0
      ? abonoCents - totals.subtotal
      : null;

  // An empty cart has no drawer (spec: the empty cart is a notification); when the last item
  // goes, here or in another tab, close it and say so.
  useEffect(() => {
    if (opened && empty) {
      close();
      showEmptyCartNotice();
    }
  }, [opened, empty, close]);

  function onClose() {
    setConfirmingClear(false);
    close();
  }

  function go(to: string) {
    onClose();
    void navigate(to);
  }

  return (
    <AppDrawer
      opened={opened && !empty}
      onClose={onClose}
      position="right"
      size={isMobile ? '100%' : 512}
      title={
        <Text component="span" fw={700} size="lg">
          Seu pedido em {est?.nome ?? ''}
        </Text>
      }
      classNames={{ content: classes.drawerContent, body: classes.drawerBody }}
      closeLabel="Fechar carrinho"
    >
      <ul className={classes.itemList} aria-label="Itens do pedido">
        {cart.itens.map((item, index) => (
          <CartItemRow
            // Items have no id of their own; the index is what edit and remove address.
            key={`${index}-${item.idproduto}`}
            item={item}
            onEdit={() => est && go(paths.produto(est.id, item.idproduto, index))}
            onRemove={() => removeItem(index)}
          />
        ))}
      </ul>

      <div className={classes.footer}>
        <Stack gap="xs">
          {confirmingClear ? (
            <Group justify="space-between" gap="xs" role="group" aria-label="Confirmar limpeza do carrinho">
              <Text size="sm" fw={600}>
                Remover todos os itens?
              </Text>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  // The question replaces the button that asked it: keep the keyboard user in place.
                  autoFocus
                  onClick={() => {
                    setConfirmingClear(false);
                    requestAnimationFrame(() => clearButton.current?.focus());
                  }}
                >
                  Cancelar
                </Button>
                <Button
                  size="xs"
                  color="red"
                  onClick={() => {
                    setConfirmingClear(false);
                    clearCart();
                  }}
                >
                  Sim, limpar
                </Button>
              </Group>
            </Group>
          ) : (
            <Group justify="flex-end">
              <Button
                ref={clearButton}
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => setConfirmingClear(true)}
              >
                Limpar carrinho
              </Button>
            </Group>
          )}

          <TotalLine label="Subtotal" value={formatBRL(totals.subtotal)} />
          {totals.taxaEntrega !== null && (
            <TotalLine
              label="Taxa de entrega"
              value={totals.entregaGratis ? 'Grátis' : formatBRL(totals.taxaEntrega)}
            />
          )}
          {totals.desconto > 0 && <TotalLine label="Desconto" value={`- ${formatBRL(totals.desconto)}`} />}
          <TotalLine label="Total" value={formatBRL(totals.total)} strong />

          {entregaGratis && (
            <Text size="sm" c="teal.8" fw={600}>
              {semQuebraMoeda(entregaGratis)}
            </Text>
          )}
          {faltaGratis !== null && (
            <Text size="sm" c="teal.9">
              {semQuebraMoeda(`Faltam ${formatBRL(faltaGratis)} para entrega grátis.`)}
            </Text>
          )}
          {totals.pedidoMinimoFaltando !== null && (
            <Alert
              variant="light"
              color="yellow"
              icon={<IconInfoCircle aria-hidden />}
              p="xs"
              id="carrinho-pedido-minimo"
            >
              <Text size="sm" fw={600}>
                {semQuebraMoeda(
                  `Faltam ${formatBRL(totals.pedidoMinimoFaltando - totals.subtotal)} para o pedido mínimo.`,
                )}
              </Text>
              <Text size="sm">
                {semQuebraMoeda(MSG_PEDIDO.pedidoMinimoTexto(formatBRL(totals.pedidoMinimoFaltando)))}
              </Text>
            </Alert>
          )}

          <Button
            size="md"
            fullWidth
            disabled={totals.pedidoMinimoFaltando !== null}
            aria-describedby={totals.pedidoMinimoFaltando !== null ? 'carrinho-pedido-minimo' : undefined}
            onClick={() => go(paths.pagamento)}
          >
            {MSG.finalizarPedido}
          </Button>
        </Stack>
      </div>
    </AppDrawer>
  );
}
