import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG_PEDIDO } from '@rango/domain';

/** A notice of the order's submission: spec section 8, they stay until closed. */
export function notificar(title: string | undefined, message: string, color = 'red'): void {
  notifications.show({ color, title, message, autoClose: false });
}

/**
 * 'Finalizar' pressed below the minimum order (issue 14): the button looks disabled but answers.
 * One notice however often it is pressed.
 */
export function avisarPedidoMinimo(texto: string): void {
  notifications.show({
    id: 'aviso-pedido-minimo',
    color: 'yellow',
    title: MSG_PEDIDO.pedidoMinimoTitulo,
    message: texto,
    autoClose: false,
  });
}

const ID_DUPLICADO = 'pedido-duplicado';

/** 'Pedido duplicado' (spec section 8) with 'Limpar Carrinho', which `onLimpar` carries out. */
export function avisarPedidoDuplicado(msg: string, onLimpar: () => void): void {
  notifications.show({
    id: ID_DUPLICADO,
    color: 'red',
    autoClose: false,
    message: (
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{msg}</Text>
        {/* Red 9: white on the filled red 7 is 3.8:1 (axe color-contrast); on red 9, 5.4:1. */}
        <Button
          size="compact-sm"
          color="red.9"
          onClick={() => {
            notifications.hide(ID_DUPLICADO);
            onLimpar();
          }}
        >
          {MSG_PEDIDO.limparCarrinho}
        </Button>
      </Stack>
    ),
  });
}
