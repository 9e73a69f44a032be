// Lazily loaded with the pending-orders query: never in a visitor's JS.
import '@mantine/core/styles/Notification.css';
import { Anchor, Notification } from '@mantine/core';
import { MSG_PEDIDO, currentStatus, isPagamentoPendente } from '@rango/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { usePedidosPendentes } from '../../../api/pedidos.ts';
import { paths } from '../../../config/paths.ts';
import classes from './aviso-pagamento-pendente.module.css';

/** /pedido and /pedido/{id}/: the notice would point at the page the customer is on. */
const emPaginaDePedidos = (pathname: string) => /^\/pedido(\/|$)/.test(pathname);

/**
 * Spec section 4: orders awaiting payment (current status 10). One: 'Você possui um pedido com
 * pagamento pendente.', opening that order; several: opening /pedido. Hidden on /pedido pages,
 * never closes by itself; closed by the customer, it stays closed until the set of orders changes.
 */
export function AvisoPagamentoPendente() {
  const { pathname } = useLocation();
  const pendentes = usePedidosPendentes();
  const [fechadoPara, setFechadoPara] = useState<string | null>(null);
  const aguardando = (pendentes.data ?? []).filter((p) => isPagamentoPendente(currentStatus(p.historico)));
  const chave = aguardando.map((p) => p.id).join(',');
  const primeiro = aguardando[0];
  if (!primeiro || emPaginaDePedidos(pathname) || fechadoPara === chave) return null;
  const um = aguardando.length === 1;
  return (
    <div className={classes.aviso}>
      <Notification
        color="yellow"
        icon={<IconAlertTriangle size={20} aria-hidden />}
        title={um ? MSG_PEDIDO.pagamentoPendenteUm : MSG_PEDIDO.pagamentoPendenteVarios}
        onClose={() => setFechadoPara(chave)}
        withBorder
      >
        <Anchor component={Link} to={um ? paths.pedido(primeiro.id) : paths.pedidos} size="sm">
          {um ? MSG_PEDIDO.pagamentoPendenteUmAcao : MSG_PEDIDO.pagamentoPendenteVariosAcao}
        </Anchor>
      </Notification>
    </div>
  );
}
