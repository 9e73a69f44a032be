import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { ShellLayout } from './shell-layout.tsx';

function Menu() {
  return (
    <>
      <Link to="?item=1001">Abrir produto</Link>
      <Link to="/outra">Outra página</Link>
    </>
  );
}

describe('ShellLayout scroll', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps the place in the menu when a product opens, and starts a new page at the top', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderWithProviders(
      <Routes>
        <Route element={<ShellLayout />}>
          <Route path="/estabelecimento/1" element={<Menu />} />
          <Route path="/outra" element={<p>Outra</p>} />
        </Route>
      </Routes>,
      { route: '/estabelecimento/1' },
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Abrir produto' }));
    expect(scrollTo).not.toHaveBeenCalled();
    await user.click(screen.getByRole('link', { name: 'Outra página' }));
    expect(await screen.findByText('Outra')).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
