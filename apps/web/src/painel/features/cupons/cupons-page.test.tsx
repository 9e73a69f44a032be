import { MSG_CATALOGO, type CupomPainel } from '@rango/domain/painel/catalogo';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, on } from '../../../test/mock-api.ts';
import { clearStaffSession, setStaffTokens } from '../../session.ts';
import { EU_DONO, renderPainel } from '../../testing/render.tsx';

const BASE = '/painel/estabelecimento/1';
const CUPOM: CupomPainel = {
  id: 3,
  codigo: 'BEMVINDO',
  ehpercentual: true,
  desconto: 10,
  limitedesconto: 1500,
  subtotalminimo: 0,
  valido_de: null,
  valido_ate: null,
  limite_total: 100,
  limite_por_cliente: 1,
  ativo: true,
  criado_em: '2026-11-01T10:00:00Z',
  usos: 42,
};

beforeEach(() => setStaffTokens({ access: 'a1', refresh: 'r1' }));
afterEach(() => {
  vi.unstubAllGlobals();
  clearStaffSession();
});

describe('/painel/:id/cupons', () => {
  it('lists coupons with their uses and refuses a 150 % discount without calling the server', async () => {
    const m = mockApi(on('GET', '/painel/eu/', 200, EU_DONO), on('GET', `${BASE}/cupons/`, 200, [CUPOM]));
    const user = userEvent.setup();
    renderPainel('/1/cupons');
    const linha = (await screen.findByText('BEMVINDO')).closest('tr')!;
    expect(linha).toHaveTextContent('10 % (até R$ 15,00)');
    expect(linha).toHaveTextContent('42 de 100');
    await user.click(screen.getByRole('button', { name: 'Novo cupom' }));
    await user.type(screen.getByRole('textbox', { name: /Código/ }), 'festa');
    const desconto = screen.getByRole('textbox', { name: 'Desconto (%)' });
    await user.clear(desconto);
    await user.type(desconto, '150');
    await user.click(screen.getByRole('button', { name: 'Criar cupom' }));
    expect(await screen.findByText(MSG_CATALOGO.descontoPercentualInvalido)).toHaveAttribute('role', 'alert');
    expect(m.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  }, 30_000);

  it('creates a fixed coupon in cents', async () => {
    const m = mockApi(on('GET', '/painel/eu/', 200, EU_DONO), on('GET', `${BASE}/cupons/`, 200, []), (c) =>
      c.method === 'POST' && c.path === `${BASE}/cupons/`
        ? { status: 201, body: { ...CUPOM, ...(c.body as object), id: 4, usos: 0 } }
        : undefined,
    );
    const user = userEvent.setup();
    renderPainel('/1/cupons');
    expect(await screen.findByText('Nenhum cupom ainda.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Novo cupom' }));
    await user.type(screen.getByRole('textbox', { name: /Código/ }), 'dez');
    await user.click(screen.getByRole('radio', { name: 'Valor fixo' }));
    const desconto = screen.getByRole('textbox', { name: 'Desconto' });
    await user.clear(desconto);
    await user.type(desconto, '10');
    await user.click(screen.getByRole('button', { name: 'Criar cupom' }));
    await waitFor(() =>
      expect(m.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
        codigo: 'DEZ',
        ehpercentual: false,
        desconto: 1000,
      }),
    );
  }, 30_000);

  it('shows each coupon’s state by the rules the server applies now', async () => {
    const dia = 86_400_000;
    const em = (ms: number) => new Date(Date.now() + ms).toISOString();
    const cupons: CupomPainel[] = [
      { ...CUPOM, id: 1, codigo: 'VALE', valido_de: em(-dia), valido_ate: em(dia) },
      { ...CUPOM, id: 2, codigo: 'PARADO', ativo: false },
      { ...CUPOM, id: 3, codigo: 'VERAO', valido_ate: em(-dia) },
      { ...CUPOM, id: 4, codigo: 'CHEIO', usos: 100 },
      { ...CUPOM, id: 5, codigo: 'NATAL', valido_de: em(dia) },
    ];
    mockApi(on('GET', '/painel/eu/', 200, EU_DONO), on('GET', `${BASE}/cupons/`, 200, cupons));
    renderPainel('/1/cupons');
    const estado = async (codigo: string) =>
      (await screen.findByText(codigo)).closest('tr')!.querySelector('[data-label="Situação"]')!.textContent;
    expect(await estado('VALE')).toBe('Ativo');
    expect(await estado('PARADO')).toBe('Inativo');
    expect(await estado('VERAO')).toBe('Expirado');
    expect(await estado('CHEIO')).toBe('Esgotado');
    expect(await estado('NATAL')).toBe('Agendado');
  }, 30_000);
});
