import { Alert, Button, Stack, Text } from '@mantine/core';
import { MSG_PEDIDO } from '@rango/domain';
import { useEffect, useRef } from 'react';
import { usePedidosConcluidos } from '../api/get-pedidos-concluidos.ts';
import { ListaErro, ListaSkeleton, ListaVazia } from './lista-estados.tsx';
import { PedidoCard } from './pedido-card.tsx';
import { PedirDeNovoBotao } from './pedir-de-novo-botao.tsx';
import classes from './pedidos.module.css';

/**
 * The pages are offsets into a list that grows at the top (newest first): an order finished
 * between two loads pushes the last one of a page into the next. Each order is kept once, where
 * it first appeared.
 */
function unicos<T extends { id: number }>(pedidos: T[]): T[] {
  const vistos = new Set<number>();
  return pedidos.filter((p) => !vistos.has(p.id) && vistos.add(p.id));
}

/**
 * 'Concluídos': mounted (and so fetched) only once the tab is first opened; 10 a page from page
 * 0, 'Carregar mais' while the server has a next page.
 */
export function ConcluidosPanel() {
  const concluidos = usePedidosConcluidos();
  const lista = useRef<HTMLUListElement>(null);
  // After 'Carregar mais' the focus goes to the first new order, not back to the top.
  const focarDesde = useRef<number | null>(null);
  const pedidos = unicos(concluidos.data?.pages.flatMap((p) => p.results) ?? []);
  const total = Math.max(concluidos.data?.pages[0]?.count ?? 0, pedidos.length);

  useEffect(() => {
    const desde = focarDesde.current;
    if (desde === null || pedidos.length <= desde) return;
    focarDesde.current = null;
    const itens = lista.current?.querySelectorAll<HTMLElement>(':scope > li');
    itens?.[desde]?.querySelector<HTMLElement>('a')?.focus();
  }, [pedidos.length]);

  if (!concluidos.data) {
    if (concluidos.isError) {
      return (
        <ListaErro
          texto={MSG_PEDIDO.erroConcluidos}
          onRetry={() => void concluidos.refetch()}
          retrying={concluidos.isFetching}
        />
      );
    }
    return <ListaSkeleton label="Carregando os pedidos concluídos" />;
  }
  if (pedidos.length === 0) return <ListaVazia texto={MSG_PEDIDO.semConcluidos} />;

  const carregarMais = () => {
    focarDesde.current = pedidos.length;
    void concluidos.fetchNextPage();
  };

  return (
    <Stack gap="md">
      <ul className={classes.lista} aria-label={MSG_PEDIDO.concluidos} ref={lista}>
        {pedidos.map((p) => (
          <li key={p.id}>
            <PedidoCard pedido={p} />
            <div className={classes.acoes}>
              <PedirDeNovoBotao pedido={p} />
            </div>
          </li>
        ))}
      </ul>
      <Text size="sm" c="dimmed" ta="center" aria-live="polite">
        {pedidos.length} de {total} {total === 1 ? 'pedido' : 'pedidos'}
      </Text>
      {concluidos.isFetchNextPageError ? (
        <Alert color="red" role="alert" title={MSG_PEDIDO.erroConcluidos}>
          {MSG_PEDIDO.recarregarPagina}
        </Alert>
      ) : null}
      {concluidos.hasNextPage ? (
        <Button
          variant="light"
          onClick={carregarMais}
          loading={concluidos.isFetchingNextPage}
          style={{ alignSelf: 'center' }}
        >
          {MSG_PEDIDO.carregarMais}
        </Button>
      ) : null}
    </Stack>
  );
}
