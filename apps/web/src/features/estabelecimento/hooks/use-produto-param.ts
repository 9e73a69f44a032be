import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

function pushedByCard(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'produtoAberto' in state;
}

/**
 * The drawer lives in the URL: `?item={idproduto}` (and `&indice=N` to edit cart item N).
 * Cards push the entry, so Back closes the drawer; closing goes Back over that entry, or
 * removes the params in place when the page was entered with them (a shared link, the cart).
 */
export function useProdutoParam() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const item = params.get('item');
  const indice = params.get('indice');

  const close = useCallback(() => {
    if (pushedByCard(location.state)) {
      void navigate(-1);
      return;
    }
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete('item');
        next.delete('indice');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [location.state, navigate, setParams]);

  const idproduto = item !== null && /^\d+$/.test(item) ? Number(item) : null;
  const indiceNum = indice !== null && /^\d+$/.test(indice) ? Number(indice) : null;
  return { item, idproduto, indice: indiceNum, close, locationKey: location.key };
}
