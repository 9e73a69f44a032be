import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Campainha } from '../lib/som.ts';
import { audioFalso } from '../testing/audio.ts';
import { INTERVALO_TOQUE_MS, useCampainha, useToqueContinuo } from './use-campainha.ts';

let audio: ReturnType<typeof audioFalso>;
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function montar(tocando: boolean, estado: AudioContextState = 'running') {
  audio = audioFalso(estado);
  const Ctor = audio.Ctor;
  return renderHook(
    ({ t }) => {
      const c = useCampainha(() => new Campainha(() => new Ctor()));
      useToqueContinuo(t, c.liberado, c.tocar);
      return c;
    },
    { initialProps: { t: tocando } },
  );
}

describe('the new-order bell', () => {
  it('rings at once and keeps ringing until the order is acknowledged', () => {
    const h = montar(true);
    expect(audio.toques()).toBe(1);
    act(() => vi.advanceTimersByTime(INTERVALO_TOQUE_MS * 3));
    expect(audio.toques()).toBe(4);
    h.rerender({ t: false });
    act(() => vi.advanceTimersByTime(INTERVALO_TOQUE_MS * 5));
    expect(audio.toques()).toBe(4);
  });

  it('stays silent while the browser holds audio, and rings once a click unlocks it', async () => {
    const h = montar(true, 'suspended');
    act(() => vi.advanceTimersByTime(INTERVALO_TOQUE_MS * 2));
    expect(audio.toques()).toBe(0);
    expect(h.result.current.liberado).toBe(false);
    await act(async () => {
      document.dispatchEvent(new Event('pointerdown'));
      await Promise.resolve();
    });
    expect(h.result.current.liberado).toBe(true);
    expect(audio.toques()).toBe(1);
  });

  it('plays the alert with a different sound', () => {
    const h = montar(false);
    act(() => h.result.current.tocar('alerta'));
    expect(audio.alertas()).toBe(1);
    expect(audio.toques()).toBe(0);
  });

  it('says there is nothing to unlock where the browser has no Web Audio', () => {
    const { result } = renderHook(() => useCampainha(() => new Campainha(() => null)));
    expect(result.current.disponivel).toBe(false);
    expect(() => result.current.tocar('novo')).not.toThrow();
  });
});
