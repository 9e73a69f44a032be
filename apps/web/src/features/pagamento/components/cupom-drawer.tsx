import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { couponDiscount, formatBRL, MAX_CUPOM_CODIGO, MSG_PEDIDO } from '@rango/domain';
import { useState, type FormEvent } from 'react';
import { AppDrawer } from '../../../shared/components/app-drawer.tsx';
import { MOBILE_QUERY } from '../../../config/breakpoints.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { cartSubtotal, useCart } from '../../../stores/cart.ts';
import { removeCupom, setCupom } from '../../../stores/cart-actions.ts';
import { useValidarCupom } from '../api/validar-cupom.ts';

/** The refusal text of POST /api/cupom/validar/: response.data.error (spec section 7). */
function textoRecusa(error: unknown): string {
  if (error instanceof ApiError) {
    const data = error.data as { error?: unknown } | undefined;
    if (typeof data?.error === 'string' && data.error.trim() !== '') return data.error;
    return error.message;
  }
  return MSG_PEDIDO.cupomIndisponivel;
}

interface CupomDrawerProps {
  opened: boolean;
  onClose: () => void;
  idEstabelecimento: number;
}

/**
 * The coupon drawer (spec sections 2, 5, 8): a code ('Insira um código.' when empty), checked by
 * the server, kept in the cart (it survives a reload) until removed.
 */
export function CupomDrawer({ opened, onClose, idEstabelecimento }: CupomDrawerProps) {
  const cart = useCart();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [codigo, setCodigo] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const validar = useValidarCupom();

  function fechar() {
    setErro(null);
    onClose();
  }

  function aplicar(e: FormEvent) {
    e.preventDefault();
    if (validar.isPending) return;
    const cupom = codigo.trim();
    if (cupom === '') {
      setErro(MSG_PEDIDO.insiraCodigo);
      return;
    }
    setErro(null);
    validar.mutate(
      { cupom, deliveryestabelecimento: idEstabelecimento },
      {
        onSuccess: (aplicado) => {
          setCupom(aplicado);
          setCodigo('');
          notifications.show({ color: 'green', message: MSG_PEDIDO.cupomAplicado });
          fechar();
        },
        onError: (error) => setErro(textoRecusa(error)),
      },
    );
  }

  const desconto = cart.cupom ? couponDiscount(cart.cupom, cartSubtotal(cart)) : 0;
  return (
    <AppDrawer
      opened={opened}
      onClose={fechar}
      position={isMobile ? 'bottom' : 'right'}
      size={isMobile ? 'auto' : 420}
      // A bottom sheet as tall as its content (Mantine has no 'auto' drawer size: it would fill the screen).
      styles={isMobile ? { content: { height: 'auto', maxHeight: '90dvh' } } : undefined}
      title={
        <Text component="span" fw={700} size="lg">
          Cupom de desconto
        </Text>
      }
      closeLabel="Fechar cupom"
    >
      <Stack gap="md" pb="md">
        {cart.cupom && (
          <Paper withBorder p="sm" radius="md" bg="teal.0">
            <Group justify="space-between" gap="xs">
              <div>
                <Text fw={700}>{cart.cupom.codigo}</Text>
                <Text size="sm">Desconto de {formatBRL(desconto)} neste pedido.</Text>
              </div>
              <Button variant="subtle" color="red" size="compact-sm" onClick={removeCupom}>
                Remover cupom
              </Button>
            </Group>
          </Paper>
        )}
        <form noValidate onSubmit={aplicar}>
          <Stack gap="sm">
            <TextInput
              label="Código do cupom"
              value={codigo}
              maxLength={MAX_CUPOM_CODIGO}
              autoCapitalize="characters"
              autoComplete="off"
              data-autofocus
              onChange={(e) => {
                setCodigo(e.currentTarget.value);
                if (erro) setErro(null);
              }}
              error={erro}
            />
            <Button type="submit" loading={validar.isPending}>
              {cart.cupom ? 'Trocar cupom' : 'Aplicar cupom'}
            </Button>
          </Stack>
        </form>
      </Stack>
    </AppDrawer>
  );
}
