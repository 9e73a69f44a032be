/**
 * Desktop notifications for new orders. Permission is asked once, from a button that says why
 * (never on load: browsers penalise a prompt nobody asked for, and people refuse it).
 */
import { useCallback, useState } from 'react';

type Permissao = NotificationPermission | 'indisponivel';

const permissaoAtual = (): Permissao =>
  typeof window === 'undefined' || !('Notification' in window) ? 'indisponivel' : Notification.permission;

export function useNotificacoes() {
  const [permissao, setPermissao] = useState<Permissao>(permissaoAtual);

  const pedir = useCallback(async () => {
    if (permissaoAtual() === 'indisponivel') return;
    try {
      setPermissao(await Notification.requestPermission());
    } catch {
      setPermissao(permissaoAtual());
    }
  }, []);

  /** Shows one notification (one per order: the tag replaces a repeat); a click brings the tab forward. */
  const notificar = useCallback((titulo: string, corpo: string, tag: string, aoClicar: () => void) => {
    if (permissaoAtual() !== 'granted') return;
    try {
      const n = new Notification(titulo, { body: corpo, tag, lang: 'pt-BR' });
      n.onclick = () => {
        window.focus();
        aoClicar();
        n.close();
      };
    } catch {
      // Some mobile browsers only notify through a service worker: the bell and title remain.
    }
  }, []);

  return { permissao, pedir, notificar };
}
