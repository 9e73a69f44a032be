import { notifications } from '@mantine/notifications';
import { MSG } from '@rango/domain';

/** 'CARRINHO: Seu carrinho está sem itens =(' (spec section 2); one at a time, by its id. */
export function showEmptyCartNotice(): void {
  notifications.show({ id: 'carrinho-vazio', title: MSG.carrinhoVazioTitulo, message: MSG.carrinhoVazio });
}
