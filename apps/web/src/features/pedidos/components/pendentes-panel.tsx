import { MSG_PEDIDO } from '@rango/domain';
import { usePedidosPendentes } from '../../../api/pedidos.ts';
import { ListaErro, ListaSkeleton, ListaVazia } from './lista-estados.tsx';
import { PedidoCard } from './pedido-card.tsx';
import classes from './pedidos.module.css';

/** 'Pendentes' (the default tab): the same query as the shell's badge. */
export function PendentesPanel() {
  const pendentes = usePedidosPendentes();
  if (pendentes.data) {
    if (pendentes.data.length === 0) return <ListaVazia texto={MSG_PEDIDO.semPendentes} />;
    return (
      <ul className={classes.lista} aria-label={MSG_PEDIDO.pendentes}>
        {pendentes.data.map((p) => (
          <li key={p.id}>
            <PedidoCard pedido={p} />
          </li>
        ))}
      </ul>
    );
  }
  if (pendentes.isError) {
    return (
      <ListaErro
        texto={MSG_PEDIDO.erroPendentes}
        onRetry={() => void pendentes.refetch()}
        retrying={pendentes.isFetching}
      />
    );
  }
  return <ListaSkeleton label="Carregando os pedidos pendentes" />;
}
