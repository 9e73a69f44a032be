/**
 * The brand's back-office calls (issue 23 part 4), under /painel/estabelecimento/{id}/marca/
 * (contract: @rango/domain/painel/marca).
 */
import { marcaSchema, type MarcaInput } from '@rango/domain/painel/marca';
import { queryOptions } from '@tanstack/react-query';
import { estPath, painelGet, painelPut, painelRequest } from '../../../api/client.ts';

export const marcaQuery = (id: number) =>
  queryOptions({
    queryKey: ['painel', id, 'marca'] as const,
    queryFn: ({ signal }) => painelGet(estPath(id, 'marca/'), marcaSchema, signal),
  });

export const marcaApi = {
  salvarCor: (id: number, b: MarcaInput) => painelPut(estPath(id, 'marca/'), b, marcaSchema),
  /** The logo's bytes; a type the server would not route as an image goes as bytes all the same. */
  enviarLogo: (id: number, logo: File) =>
    painelPut(estPath(id, 'marca/logo/'), logo, marcaSchema, {
      contentType: logo.type.startsWith('image/') ? logo.type : 'application/octet-stream',
    }),
  removerLogo: (id: number) => painelRequest(estPath(id, 'marca/logo/'), marcaSchema, { method: 'DELETE' }),
};
