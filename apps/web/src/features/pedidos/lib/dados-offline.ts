import { FUSO_PADRAO } from '@rango/domain';
import { useEffect, useState } from 'react';

/** What the service worker (src/sw.ts) tells a page it answered from its cache. */
interface MensagemOffline {
  tipo: 'rango-offline';
  url: string;
  /** When the answer was stored (ms), or null when unknown. */
  em: number | null;
}

const ehMensagemOffline = (d: unknown): d is MensagemOffline =>
  typeof d === 'object' && d !== null && (d as MensagemOffline).tipo === 'rango-offline';

/**
 * The last stored answer the worker served per API path, heard from the moment this module
 * loads (with the orders' pages, before their first request: the page's banner mounts only
 * once the data is there, after the message). Cleared when the browser is back online.
 */
const servidas = new Map<string, number | null>();
const ouvintes = new Set<() => void>();
const avisar = () => ouvintes.forEach((f) => f());

if (typeof navigator !== 'undefined' && navigator.serviceWorker) {
  navigator.serviceWorker.addEventListener('message', (e: MessageEvent) => {
    if (!ehMensagemOffline(e.data)) return;
    servidas.set(new URL(e.data.url).pathname, e.data.em);
    avisar();
  });
  addEventListener('online', () => {
    servidas.clear();
    avisar();
  });
}

function ultimaServida(caminho: RegExp): number | null | undefined {
  let achada: number | null | undefined;
  for (const [path, em] of servidas) if (caminho.test(path)) achada = em;
  return achada;
}

/**
 * Offline, the service worker answers the orders' GETs with the last stored copy and says so:
 * this is when the data on screen matching `caminho` was stored (ms; null when unknown), or
 * undefined while the page shows fresh data. Back online the flag goes and the queries ask
 * again (React Query's refetch on reconnect).
 */
export function useDadosOffline(caminho: RegExp): number | null | undefined {
  const [em, setEm] = useState(() => ultimaServida(caminho));
  useEffect(() => {
    const ler = () => setEm(ultimaServida(caminho));
    ler();
    ouvintes.add(ler);
    return () => {
      ouvintes.delete(ler);
    };
  }, [caminho]);
  return em;
}

const hora = (ms: number) =>
  new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone: FUSO_PADRAO }).format(ms);

/** 'Sem conexão — mostrando dados de HH:mm' (issue 14). */
export const textoOffline = (em: number | null): string =>
  em === null
    ? 'Sem conexão — mostrando os últimos dados salvos'
    : `Sem conexão — mostrando dados de ${hora(em)}`;
