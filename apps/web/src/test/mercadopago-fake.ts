import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { EventosCampo, OpcoesCampoSeguro, TipoCampoSeguro } from '../api/mercadopago-sdk.ts';

export interface CampoFake {
  tipo: TipoCampoSeguro;
  opcoes: OpcoesCampoSeguro | undefined;
  container: string | null;
  iframe: HTMLIFrameElement | null;
  ouvintes: Partial<Record<keyof EventosCampo, ((d: unknown) => void)[]>>;
  updates: unknown[];
  emitir<E extends keyof EventosCampo>(e: E, d: EventosCampo[E]): void;
}

/**
 * Stands in for Mercado Pago's SDK v2 as documented (fields.md): `new MercadoPago(pk)`,
 * `fields.create(type, options)` → mount/unmount/on/update, `fields.createCardToken`. Mounting puts
 * an iframe in the container, as the real one does; events are sent by the test (`emitir`).
 */
export function sdkFake(token: (d: unknown) => Promise<unknown> = async () => ({ id: 'tok-0123456789' })) {
  const campos: CampoFake[] = [];
  const construidos: unknown[][] = [];
  const createCardToken = vi.fn(token);
  class MercadoPago {
    constructor(...args: unknown[]) {
      construidos.push(args);
    }
    fields = {
      create: (tipo: TipoCampoSeguro, opcoes?: OpcoesCampoSeguro) => {
        const c: CampoFake = {
          tipo,
          opcoes,
          container: null,
          iframe: null,
          ouvintes: {},
          updates: [],
          emitir(e, d) {
            act(() => {
              for (const cb of this.ouvintes[e] ?? []) cb(d);
            });
          },
        };
        const campo = {
          mount(id: string) {
            const el = document.getElementById(id);
            if (!el) throw new Error(`no container ${id}`);
            if (campos.some((x) => x.tipo === tipo && x.iframe)) throw new Error(`${tipo} already mounted`);
            c.container = id;
            c.iframe = document.createElement('iframe');
            c.iframe.title = opcoes?.srLabel ?? '';
            el.appendChild(c.iframe);
            return campo;
          },
          unmount() {
            c.iframe?.remove();
            c.iframe = null;
          },
          on(e: keyof EventosCampo, cb: (d: unknown) => void) {
            (c.ouvintes[e] ??= []).push(cb);
            return campo;
          },
          update(p: unknown) {
            c.updates.push(p);
            return campo;
          },
        };
        campos.push(c);
        return campo;
      },
      createCardToken,
    };
  }
  vi.stubGlobal('MercadoPago', MercadoPago);
  const montado = (tipo: TipoCampoSeguro) => campos.findLast((c) => c.tipo === tipo && c.iframe !== null);
  return { campos, construidos, createCardToken, montado };
}
