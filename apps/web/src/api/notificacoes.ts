/**
 * How the customer hears about orders (issue 22): the channels chosen (GET/PUT
 * /controle/cliente/notificacoes/) and this device's Web Push subscription (POST/DELETE
 * /controle/cliente/notificacoes/push/, with the server's VAPID key from
 * /controle/notificacoes/chave-publica/). Only the order page and /cliente (lazy chunks) import
 * this module: nothing of it reaches the menu route's JS.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiGet, apiRequest } from '../lib/api-client.ts';
import { useIsLoggedIn } from '../stores/session.ts';

export type CanalNotificacao = 'email' | 'push' | 'whatsapp';
/** Where a choice is made: /cliente, the order page after ordering, or the checkout. */
export type OrigemConsentimento = 'cliente' | 'pedido' | 'checkout';

const notificacoesSchema = z.object({
  canais: z.array(
    z.object({
      // A string, not z.enum: the enum's helper would land in the app's entry chunk (the menu route's JS).
      canal: z.string(),
      ativo: z.boolean(),
      origem: z.string(),
      atualizado_em: z.string(),
      /** WhatsApp: the mobile number (E.164) the messages go to. */
      telefone: z.optional(z.nullable(z.string())),
    }),
  ),
  dispositivos: z.number(),
});
export type Notificacoes = z.infer<typeof notificacoesSchema>;

const PATH = '/controle/cliente/notificacoes/';
const PUSH_PATH = '/controle/cliente/notificacoes/push/';

export const notificacoesQueryOptions = () =>
  queryOptions({
    queryKey: ['notificacoes'] as const,
    queryFn: ({ signal }) => apiGet(PATH, notificacoesSchema, signal),
    staleTime: 60_000,
  });

export function useNotificacoes() {
  return useQuery({ ...notificacoesQueryOptions(), enabled: useIsLoggedIn() });
}

/** A channel's recorded choice (made or revoked), if any. */
export const escolhaDe = (n: Notificacoes | undefined, canal: CanalNotificacao) =>
  n?.canais.find((c) => c.canal === canal);

/** Whether a channel is chosen (a revoked or never-made choice: false). */
export const escolhido = (n: Notificacoes | undefined, canal: CanalNotificacao | string): boolean =>
  n?.canais.some((c) => c.canal === canal && c.ativo) ?? false;

/** This browser can receive Web Push (service worker, Push API and notifications). */
export function pushSuportado(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

export class PushNegadoError extends Error {
  constructor() {
    super('As notificações estão bloqueadas neste navegador. Libere nas configurações do site.');
  }
}

function chaveBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/**
 * Asks the browser's permission (only ever from a click), subscribes this device with the
 * server's key and sends the subscription to the server.
 */
async function ativarPush(): Promise<void> {
  const permissao = await Notification.requestPermission();
  if (permissao !== 'granted') throw new PushNegadoError();
  const { chave } = await apiGet('/controle/notificacoes/chave-publica/', z.object({ chave: z.string() }));
  const registro = await navigator.serviceWorker.ready;
  const existente = await registro.pushManager.getSubscription();
  const assinatura =
    existente ??
    (await registro.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: chaveBytes(chave),
    }));
  await apiRequest(PUSH_PATH, z.unknown(), { method: 'POST', body: assinatura.toJSON() });
}

/** Removes this device's subscription (here and at the server). */
async function desativarPush(): Promise<void> {
  if (!pushSuportado()) return;
  const registro = await navigator.serviceWorker.getRegistration();
  const assinatura = await registro?.pushManager.getSubscription();
  if (!assinatura) return;
  await apiRequest(PUSH_PATH, z.unknown(), {
    method: 'DELETE',
    body: { endpoint: assinatura.endpoint },
  }).catch(() => undefined);
  await assinatura.unsubscribe();
}

/** Chooses or revokes a channel; turning push on subscribes this device first. */
export function useEscolherCanal(origem: OrigemConsentimento) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      canal,
      ativo,
      telefone,
    }: {
      canal: CanalNotificacao;
      ativo: boolean;
      /** WhatsApp: another mobile than the account's. */
      telefone?: string | undefined;
    }) => {
      if (canal === 'push') {
        if (ativo) await ativarPush();
        else await desativarPush();
      }
      return apiRequest(PATH, notificacoesSchema, {
        method: 'PUT',
        body: { canal, ativo, origem, ...(telefone ? { telefone } : {}) },
      });
    },
    onSuccess: (dados) => queryClient.setQueryData(notificacoesQueryOptions().queryKey, dados),
  });
}
