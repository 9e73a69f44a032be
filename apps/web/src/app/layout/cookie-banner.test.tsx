import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Link } from 'react-router';
import { renderWithProviders } from '../../test/render.tsx';
import { CookieBanner } from './cookie-banner.tsx';

function clearConsent() {
  document.cookie = 'is_cookies_aceitos=; max-age=0; path=/';
}

function Page() {
  return (
    <>
      <Link to="/privacy">Privacidade</Link>
      <CookieBanner />
    </>
  );
}

describe('CookieBanner', () => {
  afterEach(clearConsent);

  it('shows without the cookie; Ok hides it and sets the cookie', async () => {
    renderWithProviders(<Page />);
    expect(screen.getByRole('region', { name: 'Aviso de cookies' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ok' }));
    expect(screen.queryByRole('region', { name: 'Aviso de cookies' })).not.toBeInTheDocument();
    expect(document.cookie).toContain('is_cookies_aceitos=true');
  });

  it('stays hidden when the cookie is set', () => {
    document.cookie = 'is_cookies_aceitos=true; path=/';
    renderWithProviders(<Page />);
    expect(screen.queryByRole('button', { name: 'Ok' })).not.toBeInTheDocument();
  });

  it('reappears after the cookie is removed and the route changes', async () => {
    renderWithProviders(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Ok' }));
    clearConsent();
    expect(screen.queryByRole('button', { name: 'Ok' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Privacidade' }));
    expect(await screen.findByRole('button', { name: 'Ok' })).toBeInTheDocument();
  });

  it("'Mais informações' opens the cookie policy", async () => {
    renderWithProviders(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Mais informações' }));
    const dialog = await screen.findByRole('dialog', { name: 'Política de cookies' });
    expect(await screen.findByText('carrinho')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('is_cookies_aceitos');
  });
});
