import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PainelApiError } from '../../../api/client.ts';
import { renderPainel } from '../../../testing/render.tsx';
import { formatHora } from '../lib/formato.ts';
import { AlterarPrevisao } from './alterar-previsao.tsx';

const AGORA = Date.parse('2026-11-29T15:00:00Z');
const PREVISAO = '2026-11-29T15:30:00Z';

describe("'Alterar previsão' (an accepted order)", () => {
  it('by keyboard: opens, takes the minutes, says the customer was told the new time', async () => {
    const nova = new Date(AGORA + 50 * 60_000).toISOString();
    const onSalvar = vi.fn(async () => ({ previsao_em: nova }));
    const user = userEvent.setup();
    renderPainel(<AlterarPrevisao previsaoEm={PREVISAO} agora={AGORA} onSalvar={onSalvar} />);
    expect(screen.getByText(formatHora(PREVISAO))).toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Alterar previsão' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const campo = screen.getByLabelText('Nova previsão (minutos a partir de agora)');
    await waitFor(() => expect(campo).toHaveFocus());
    // Starts 10 minutes after the current estimate.
    expect(campo).toHaveValue('40');
    await user.clear(campo);
    await user.type(campo, '50{Enter}');
    await waitFor(() => expect(onSalvar).toHaveBeenCalledWith(50));
    expect(
      await screen.findByText(`Cliente avisado: nova previsão ${formatHora(nova)}.`),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Nova previsão (minutos a partir de agora)')).not.toBeInTheDocument();
  });

  it('out of range stays on the field (Enter); a refusal of the server shows its reason', async () => {
    const onSalvar = vi.fn(async (): Promise<{ previsao_em: string | null }> => {
      throw new PainelApiError(409, {
        detail: 'A previsão só pode ser alterada em um pedido aceito (em preparo, pronto ou em entrega).',
      });
    });
    const user = userEvent.setup();
    renderPainel(<AlterarPrevisao previsaoEm={PREVISAO} agora={AGORA} onSalvar={onSalvar} />);
    await user.click(screen.getByRole('button', { name: 'Alterar previsão' }));
    const campo = screen.getByLabelText('Nova previsão (minutos a partir de agora)');
    await user.clear(campo);
    // Enter submits without leaving the field (a blur would clamp the value to the minimum).
    await user.type(campo, '3{Enter}');
    expect(await screen.findByText('Informe um tempo entre 5 e 240 minutos.')).toBeInTheDocument();
    expect(onSalvar).not.toHaveBeenCalled();
    await user.clear(campo);
    await user.type(campo, '45');
    await user.click(screen.getByRole('button', { name: 'Salvar e avisar o cliente' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/só pode ser alterada em um pedido aceito/);
    expect(onSalvar).toHaveBeenCalledWith(45);
  });
});
