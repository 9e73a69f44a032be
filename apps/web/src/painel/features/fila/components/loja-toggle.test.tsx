import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearStaffSession, setStaffTokens } from '../../../session.ts';
import { renderPainel } from '../../../testing/render.tsx';
import { servidorPainel } from '../testing/servidor.ts';
import { LojaToggle, estadoLojaTexto, proximaMeiaNoite } from './loja-toggle.tsx';

afterEach(() => {
  clearStaffSession();
  vi.unstubAllGlobals();
});

describe('estadoLojaTexto and proximaMeiaNoite', () => {
  const agora = Date.parse('2025-03-10T15:00:00Z'); // 12:00 in São Paulo
  it('says open, closed, closed until a time today or tomorrow', () => {
    expect(estadoLojaTexto(true, null, agora)).toBe('Loja aberta');
    expect(estadoLojaTexto(false, null, agora)).toBe('Loja fechada');
    expect(estadoLojaTexto(false, '2025-03-10T17:30:00Z', agora)).toBe('Loja fechada até 14:30');
    expect(estadoLojaTexto(false, '2025-03-11T03:00:00Z', agora)).toBe('Loja fechada até amanhã, 00:00');
  });

  it('closes until the next midnight on the establishments’ clock', () => {
    expect(proximaMeiaNoite(agora).toISOString()).toBe('2025-03-11T03:00:00.000Z');
  });
});

describe('LojaToggle', () => {
  it('a store awaiting the platform’s approval is not shown as open', async () => {
    setStaffTokens({ access: 'tok', refresh: 'r' }, { newSession: true });
    servidorPainel([], { aguardandoAprovacao: true });
    renderPainel(<LojaToggle idest={7} agora={Date.now()} />);
    expect(await screen.findByText('Loja ainda não publicada')).toBeInTheDocument();
    expect(screen.queryByText('Loja aberta')).toBeNull();
  });

  it('closes the store for 30 minutes, then opens it again', async () => {
    setStaffTokens({ access: 'tok', refresh: 'r' }, { newSession: true });
    const srv = servidorPainel([]);
    const user = userEvent.setup();
    renderPainel(<LojaToggle idest={7} agora={Date.now()} />);
    expect(await screen.findByText('Loja aberta')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fechar loja agora' }));
    await user.click(await screen.findByRole('button', { name: 'Por 30 minutos' }));
    expect(await screen.findByText(/^Loja fechada até \d\d:\d\d$/)).toBeInTheDocument();
    const put = srv.chamadas.find((c) => c.method === 'PUT');
    const corpo = put?.body as { aberta: boolean; reabrir_em: string };
    expect(corpo.aberta).toBe(false);
    expect(Date.parse(corpo.reabrir_em) - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(Date.parse(corpo.reabrir_em) - Date.now()).toBeLessThanOrEqual(30 * 60_000);

    await user.click(screen.getByRole('button', { name: 'Abrir loja' }));
    await waitFor(() => expect(screen.getByText('Loja aberta')).toBeInTheDocument());
    expect(srv.chamadas.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ aberta: true });
  });
});
