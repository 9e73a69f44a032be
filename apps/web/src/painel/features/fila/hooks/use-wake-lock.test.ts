import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWakeLock } from './use-wake-lock.ts';

afterEach(() => {
  Reflect.deleteProperty(navigator, 'wakeLock');
});

describe('useWakeLock', () => {
  it('keeps the screen on, takes the lock again when the tab comes back, and releases it on leave', async () => {
    const sentinelas: { released: boolean; release: () => Promise<void> }[] = [];
    const request = vi.fn(async () => {
      const s = {
        released: false,
        release: async () => {
          s.released = true;
        },
      };
      sentinelas.push(s);
      return s;
    });
    Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
    const h = renderHook(() => useWakeLock());
    await act(async () => Promise.resolve());
    expect(request).toHaveBeenCalledWith('screen');
    // The browser let go while the tab was hidden.
    sentinelas[0]!.released = true;
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
      await Promise.resolve();
    });
    expect(request).toHaveBeenCalledTimes(2);
    h.unmount();
    await act(async () => Promise.resolve());
    expect(sentinelas[1]?.released).toBe(true);
  });
});
