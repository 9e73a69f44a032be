import { marcaSchema, type Marca } from '@rango/domain/painel/marca';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, apiGet } from '../lib/api-client.ts';
import { aplicarMarca } from '../lib/marca-documento.ts';

/** GET /api/estabelecimento/{id}/marca/ — the restaurant's colour, logo and manifest (public). */
export function getMarca(id: number, signal?: AbortSignal): Promise<Marca> {
  return apiGet(`/api/estabelecimento/${id}/marca/`, marcaSchema, signal);
}

/**
 * Draws the page in establishment `id`'s brand while it is on screen (lib/marca-documento.ts),
 * for the pages that learn their establishment from their data (an order, the cart). Returns the
 * brand, for its logo; undefined until it is read (or when it cannot be: the page stays Rango's).
 */
export function useMarca(id: number | undefined): Marca | undefined {
  const { data } = useQuery({
    // Public: kept across a login or logout (lib/customer-queries.ts).
    queryKey: ['estabelecimento', id, 'marca'],
    queryFn: ({ signal }) => getMarca(id!, signal),
    enabled: id !== undefined,
    staleTime: 5 * 60_000,
    // Once more after a network or server error; an unknown establishment (404) answers at once.
    // (Not get-estabelecimento's helper: sharing it splits that file out of the menu's chunk.)
    retry: (n, e) => n < 1 && !(e instanceof ApiError && e.status !== undefined && e.status < 500),
  });
  const cor = data?.cor;
  const manifesto = data?.manifesto;
  useEffect(() => {
    if (id === undefined || cor === undefined || manifesto === undefined) return;
    return aplicarMarca(id, { cor, manifesto });
  }, [id, cor, manifesto]);
  return data;
}
