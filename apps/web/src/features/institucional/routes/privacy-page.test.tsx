import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import PrivacyPage from './privacy-page.tsx';
import TermsPage from './terms-page.tsx';

describe('policy pages', () => {
  it('privacy opens in English and switches to Português', async () => {
    renderWithProviders(<PrivacyPage />);
    const english = screen.getByRole('tab', { name: 'English' });
    const portugues = screen.getByRole('tab', { name: 'Português' });
    expect(english).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible();
    await userEvent.click(portugues);
    expect(portugues).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Política de Privacidade', level: 2 })).toBeVisible();
    expect(screen.getByText(/Você pode excluir sua conta/)).toBeVisible();
  });

  it('terms have the same tabs', async () => {
    renderWithProviders(<TermsPage />);
    expect(screen.getByRole('heading', { name: 'Terms of Use' })).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'Português' }));
    expect(screen.getByRole('heading', { name: 'Termos de Uso', level: 2 })).toBeVisible();
  });
});
