import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import AguardandoPagamentoPage from './aguardando-pagamento-page.tsx';

describe('/aguardando-pagamento', () => {
  const realParent = window.parent;
  afterEach(() => {
    Object.defineProperty(window, 'parent', { value: realParent, configurable: true });
    vi.restoreAllMocks();
  });

  it('inside an iframe, tells the parent window the callback page loaded', () => {
    const postMessage = vi.fn();
    Object.defineProperty(window, 'parent', { value: { postMessage }, configurable: true });
    renderWithProviders(<AguardandoPagamentoPage />);
    expect(screen.getByText('Aguarde...')).toBeInTheDocument();
    expect(postMessage).toHaveBeenCalledWith({ type: 'rango:callback-carregado' }, window.location.origin);
  });

  it('opened on its own, posts nothing', () => {
    const spy = vi.spyOn(window, 'postMessage');
    renderWithProviders(<AguardandoPagamentoPage />);
    expect(spy).not.toHaveBeenCalled();
  });
});
