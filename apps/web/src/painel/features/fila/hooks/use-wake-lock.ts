import { useEffect } from 'react';

/**
 * Keeps the tablet's screen on while the queue is open (Screen Wake Lock, where the browser has
 * it). The browser drops the lock when the tab is hidden; it is taken again when it comes back.
 */
export function useWakeLock(): void {
  useEffect(() => {
    const wl = typeof navigator === 'undefined' ? undefined : navigator.wakeLock;
    if (!wl) return;
    let lock: WakeLockSentinel | null = null;
    let ativo = true;
    const pedir = async () => {
      if (!ativo || document.visibilityState !== 'visible' || (lock && !lock.released)) return;
      try {
        const l = await wl.request('screen');
        if (ativo) lock = l;
        else void l.release();
      } catch {
        // Refused (battery saver, not visible): the screen follows its own settings.
      }
    };
    const aoMudar = () => void pedir();
    void pedir();
    document.addEventListener('visibilitychange', aoMudar);
    return () => {
      ativo = false;
      document.removeEventListener('visibilitychange', aoMudar);
      void lock?.release().catch(() => undefined);
    };
  }, []);
}
