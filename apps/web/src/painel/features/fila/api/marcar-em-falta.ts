/**
 * 'Em falta' from an order's item or option: PUT …/produto|opcao/{id}/disponibilidade/. The menu
 * shows it unavailable at once; the panels learn it from the 'disponibilidade' event.
 */
import { z } from 'zod/mini';
import { estPath, painelPut } from '../../../api/client.ts';

const respostaSchema = z.object({ stindisponivel: z.int() });

export type AlvoEmFalta = { tipo: 'produto'; id: number } | { tipo: 'opcao'; id: number };

export const marcarEmFalta = (idest: number, alvo: AlvoEmFalta, emFalta: boolean) =>
  painelPut(
    estPath(idest, `${alvo.tipo}/${alvo.id}/disponibilidade/`),
    { stindisponivel: emFalta ? 1 : 0 },
    respostaSchema,
  );
