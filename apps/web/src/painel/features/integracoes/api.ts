/** The webhooks' calls (issue 24 part 2): the paths live here only. */
import {
  entregaSchema,
  entregasSchema,
  reenviadasSchema,
  webhookComSegredoSchema,
  webhookSchema,
  webhooksSchema,
  type EntregaStatus,
  type WebhookInput,
} from '@rango/domain/painel/webhooks';
import { queryOptions } from '@tanstack/react-query';
import { estPath, painelDelete, painelGet, painelPost, painelPut } from '../../api/client.ts';

const base = (id: number, resto = '') => estPath(id, `webhooks/${resto}`);

export const webhooksQuery = (id: number) =>
  queryOptions({
    queryKey: ['painel', id, 'webhooks'] as const,
    queryFn: ({ signal }) => painelGet(base(id), webhooksSchema, signal),
  });

export const entregasQuery = (id: number, idwebhook: number, status: EntregaStatus | null, pagina: number) =>
  queryOptions({
    queryKey: ['painel', id, 'webhooks', idwebhook, 'entregas', status, pagina] as const,
    queryFn: ({ signal }) => {
      const q = new URLSearchParams({ pagina: String(pagina) });
      if (status) q.set('status', status);
      return painelGet(base(id, `${idwebhook}/entregas/?${q.toString()}`), entregasSchema, signal);
    },
    // The log follows the deliveries as the job sends them.
    refetchInterval: 3000,
  });

export const criarWebhook = (id: number, v: WebhookInput) => painelPost(base(id), v, webhookComSegredoSchema);
export const mudarWebhook = (id: number, idwebhook: number, v: WebhookInput) =>
  painelPut(base(id, `${idwebhook}/`), v, webhookSchema);
export const excluirWebhook = (id: number, idwebhook: number) => painelDelete(base(id, `${idwebhook}/`));
export const novoSegredo = (id: number, idwebhook: number) =>
  painelPost(base(id, `${idwebhook}/segredo/`), {}, webhookComSegredoSchema);
export const enviarTeste = (id: number, idwebhook: number) =>
  painelPost(base(id, `${idwebhook}/teste/`), {}, entregaSchema);
export const reenviarEntrega = (id: number, idwebhook: number, identrega: number) =>
  painelPost(base(id, `${idwebhook}/entregas/${identrega}/reenviar/`), {}, entregaSchema);
export const reenviarDesde = (id: number, idwebhook: number, desde: string) =>
  painelPost(base(id, `${idwebhook}/reenviar/`), { desde }, reenviadasSchema);
