import { useEffect, useState } from 'react';
import { useCliente } from '../../../api/cliente.ts';
import { useEstabelecimento } from '../../../api/get-estabelecimento.ts';
import { useFormasPgto } from '../../../api/get-formas-pgto.ts';
import { useMenu } from '../../../api/get-menu.ts';
import { repriceWithMenu } from '../../../lib/cart-item.ts';
import { repriceItems, useCart } from '../../../stores/cart.ts';
import { restartPedidoId } from '../../../stores/cart-actions.ts';

/** Ticks every 30 s so the offered times and the closed-store notice follow the clock. */
function useAgora(): Date {
  const [agora, setAgora] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setAgora(new Date()), 30_000);
    return () => clearInterval(t);
  }, []);
  return agora;
}

/**
 * What the checkout reads (the establishment, its menu and payment methods, the customer) and
 * the cart kept in step with it: re-priced from today's menu, with an order id.
 */
export function useCheckoutDados(id: number) {
  const cart = useCart();
  const detalheQ = useEstabelecimento(id);
  const menuQ = useMenu(id);
  const formasQ = useFormasPgto(id);
  const clienteQ = useCliente();
  const agora = useAgora();

  // The summary and the order show what the engine computes from today's menu.
  useEffect(() => {
    if (menuQ.data) repriceItems(id, repriceWithMenu(menuQ.data));
  }, [menuQ.data, id]);
  // A cart from an older version may lack its order id.
  useEffect(() => {
    if (!cart.pedidoid) restartPedidoId();
  }, [cart.pedidoid]);

  return {
    cart,
    agora,
    detalheQ,
    menuQ,
    formasQ,
    clienteQ,
    carregando: detalheQ.isPending || menuQ.isPending || formasQ.isPending || clienteQ.isPending,
    erro: detalheQ.error ?? menuQ.error ?? formasQ.error ?? clienteQ.error,
    tentarDeNovo: () => {
      void detalheQ.refetch();
      void menuQ.refetch();
      void formasQ.refetch();
      void clienteQ.refetch();
    },
  };
}
