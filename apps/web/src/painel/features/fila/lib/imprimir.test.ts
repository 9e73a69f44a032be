import { describe, expect, it, vi } from 'vitest';
import { imprimirHtml } from './imprimir.ts';

describe('imprimirHtml', () => {
  it('prints the receipt from a hidden, sandboxed frame (one at a time)', async () => {
    const print = vi.fn();
    const obs = new MutationObserver(() => {
      const f = document.querySelector<HTMLIFrameElement>('iframe[data-cupom-impressao]');
      if (f?.contentWindow) f.contentWindow.print = print;
    });
    obs.observe(document.body, { childList: true });
    await imprimirHtml('<p>Cupom 1</p>');
    await imprimirHtml('<p>Cupom 2</p>');
    obs.disconnect();
    const frames = document.querySelectorAll<HTMLIFrameElement>('iframe[data-cupom-impressao]');
    expect(frames).toHaveLength(1);
    expect(frames[0]?.getAttribute('sandbox')).toBe('allow-same-origin allow-modals');
    expect(frames[0]?.getAttribute('aria-hidden')).toBe('true');
    expect(frames[0]?.srcdoc).toBe('<p>Cupom 2</p>');
    expect(print).toHaveBeenCalledTimes(2);
  });
});
