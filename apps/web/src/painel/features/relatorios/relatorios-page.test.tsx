import { MSG_RELATORIO, dataMaxRelatorio } from '@rango/domain/painel/relatorio';
import type { Relatorio } from '@rango/domain/painel/relatorio';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, on } from '../../../test/mock-api.ts';
import { clearStaffSession, setStaffTokens } from '../../session.ts';
import { EU_DONO, renderPainel } from '../../testing/render.tsx';
import { hojeSaoPaulo, periodoDo } from './lib/periodo.ts';

const BASE = '/painel/estabelecimento/1';
const rel = (de: string, ate: string, csv = false) =>
  `${BASE}/relatorio${csv ? '.csv' : '/'}?de=${de}&ate=${ate}`;

const horas = Array.from({ length: 24 }, (_, hora) => ({ hora, pedidos: 0, receita: 0 }));
horas[12] = { hora: 12, pedidos: 2, receita: 9000 };
horas[20] = { hora: 20, pedidos: 1, receita: 3000 };

const MARCO: Relatorio = {
  de: '2026-03-01',
  ate: '2026-03-31',
  pedidos: 3,
  receita: 12_000,
  ticketMedio: 4000,
  porFormaPagamento: [
    { forma: 'PIX', pedidos: 2, receita: 9000 },
    { forma: 'Dinheiro', pedidos: 1, receita: 3000 },
  ],
  porTipo: [
    { tipo: 'DELIVERY', pedidos: 2, receita: 9000 },
    { tipo: 'TOGO', pedidos: 1, receita: 3000 },
  ],
  porCanal: [
    { canal: 'rango', pedidos: 2, receita: 9000 },
    { canal: 'ifood', pedidos: 1, receita: 3000 },
    { canal: 'opendelivery', pedidos: 0, receita: 0 },
  ],
  cancelamentos: { pedidos: 1, valor: 2500 },
  estornos: { pagamentos: 1, valor: 2500, pendentes: 0, valorPendente: 0 },
  produtos: {
    porQuantidade: [
      { id: 311, descricao: 'Refrigerante', quantidade: 5, receita: 3000 },
      { id: 302, descricao: 'Pizza Calabresa', quantidade: 2, receita: 9000 },
    ],
    porReceita: [
      { id: 302, descricao: 'Pizza Calabresa', quantidade: 2, receita: 9000 },
      { id: 311, descricao: 'Refrigerante', quantidade: 5, receita: 3000 },
    ],
  },
  opcoes: {
    porQuantidade: [{ id: 9003, descricao: 'Catupiry', quantidade: 2, receita: 1600 }],
    porReceita: [{ id: 9003, descricao: 'Catupiry', quantidade: 2, receita: 1600 }],
  },
  porHora: horas,
  pagamentosOnline: {
    bruto: 9000,
    taxa: 150,
    liquido: 8850,
    porProvedor: [
      { provedor: 'mercadopago', pagamentos: 1, bruto: 6000, taxa: 150, liquido: 5850 },
      { provedor: 'cielo', pagamentos: 1, bruto: 3000, taxa: 0, liquido: 3000 },
    ],
  },
};

const VAZIO: Relatorio = {
  ...MARCO,
  pedidos: 0,
  receita: 0,
  ticketMedio: 0,
  porFormaPagamento: [],
  porTipo: MARCO.porTipo.map((t) => ({ ...t, pedidos: 0, receita: 0 })),
  cancelamentos: { pedidos: 0, valor: 0 },
  estornos: { pagamentos: 0, valor: 0, pendentes: 0, valorPendente: 0 },
  produtos: { porQuantidade: [], porReceita: [] },
  opcoes: { porQuantidade: [], porReceita: [] },
  porHora: horas.map((h) => ({ ...h, pedidos: 0, receita: 0 })),
  pagamentosOnline: { bruto: 0, taxa: 0, liquido: 0, porProvedor: [] },
};

beforeEach(() => setStaffTokens({ access: 'a1', refresh: 'r1' }));
afterEach(() => {
  vi.unstubAllGlobals();
  clearStaffSession();
});

describe('/painel/:id/relatorios', () => {
  it("shows the period's figures, tables and hours, and switches period and ordering", async () => {
    const hoje = hojeSaoPaulo();
    const sete = periodoDo('7d', hoje);
    const m = mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      on('GET', rel('2026-03-01', '2026-03-31'), 200, MARCO),
      on('GET', rel(sete.de, sete.ate), 200, { ...VAZIO, de: sete.de, ate: sete.ate }),
    );
    const user = userEvent.setup();
    renderPainel('/1/relatorios?de=2026-03-01&ate=2026-03-31');
    expect(await screen.findByRole('heading', { level: 1, name: 'Relatórios' })).toBeInTheDocument();
    expect(await screen.findByText('R$ 120,00')).toBeInTheDocument();
    expect(screen.getByText('Vendas de 01/03/2026 a 31/03/2026')).toBeInTheDocument();
    expect(screen.getByText('R$ 40,00')).toBeInTheDocument();

    const formas = screen.getByRole('region', { name: 'Formas de pagamento' });
    const linhas = within(formas).getAllByRole('row');
    expect(linhas[1]).toHaveTextContent('PIX2R$ 90,0075 %');
    expect(linhas[2]).toHaveTextContent('Dinheiro1R$ 30,0025 %');
    expect(
      within(screen.getByRole('region', { name: 'Entrega e retirada' })).getByText('Retirada'),
    ).toBeVisible();
    const canais = within(screen.getByRole('region', { name: 'Canais' })).getAllByRole('row');
    expect(canais[1]).toHaveTextContent('Rango2R$ 90,0075 %');
    expect(canais[2]).toHaveTextContent('iFood1R$ 30,0025 %');

    const online = within(
      screen.getByRole('region', { name: 'Pagamentos online: bruto, taxa e líquido' }),
    ).getAllByRole('row');
    expect(online[1]).toHaveTextContent('Mercado Pago1R$ 60,00R$ 1,50R$ 58,50');
    expect(online[2]).toHaveTextContent('Cielo1R$ 30,00R$ 0,00 (sem taxa)R$ 30,00');
    expect(online[3]).toHaveTextContent('Total2R$ 90,00R$ 1,50R$ 88,50');
    expect(screen.getByText(/Cielo ou pelo sandbox não têm taxa da plataforma/)).toBeInTheDocument();

    expect(screen.getByRole('img', { name: /Horário de pico: 12h, com 2 pedidos/ })).toBeInTheDocument();
    const tabelaHoras = screen.getByRole('region', { name: 'Tabela: Pedidos por hora' });
    expect(within(tabelaHoras).getAllByRole('row')).toHaveLength(25);

    const produtos = screen.getByRole('region', { name: 'Produtos' });
    const nomes = () =>
      within(produtos)
        .getAllByRole('rowheader')
        .map((c) => c.textContent);
    expect(nomes()).toEqual(['Refrigerante', 'Pizza Calabresa']);
    await user.click(within(produtos).getByRole('radio', { name: 'Receita' }));
    expect(nomes()).toEqual(['Pizza Calabresa', 'Refrigerante']);

    await user.click(screen.getByText('7 dias'));
    expect(await screen.findByText('Nenhuma venda neste período.')).toBeInTheDocument();
    expect(m.gets(rel(sete.de, sete.ate))).toBe(1);
  }, 20_000);

  it('checks a custom period on its fields before asking', async () => {
    const m = mockApi(on('GET', '/painel/eu/', 200, EU_DONO), on('GET', /\/relatorio\/\?/, 200, MARCO));
    const user = userEvent.setup();
    renderPainel('/1/relatorios?de=2026-03-01&ate=2026-03-31');
    await screen.findByText('R$ 120,00');
    await user.click(screen.getByText('Personalizado'));
    const de = screen.getByLabelText(/^De/);
    const ate = screen.getByLabelText(/^Até/);
    fireEvent.change(ate, { target: { value: '2026-02-01' } });
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(ate).toHaveAccessibleDescription('A data final não pode ser anterior à data inicial.');
    fireEvent.change(de, { target: { value: '2025-01-01' } });
    fireEvent.change(ate, { target: { value: '2026-03-01' } });
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(ate).toHaveAccessibleDescription('O período pode ter no máximo 366 dias.');
    // Issue 20: no report beyond the end of next year (the server refuses it with the same text).
    fireEvent.change(de, { target: { value: '2026-03-01' } });
    fireEvent.change(ate, { target: { value: '9999-12-31' } });
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(ate).toHaveAccessibleDescription(MSG_RELATORIO.dataForaDoLimite(dataMaxRelatorio(hojeSaoPaulo())));
    expect(m.calls.filter((c) => c.path.includes('/relatorio/'))).toHaveLength(1);
  }, 20_000);

  it('says when the report could not load, and downloads the CSV', async () => {
    let falhar = true;
    const m = mockApi(
      on('GET', '/painel/eu/', 200, EU_DONO),
      (c) =>
        c.path === rel('2026-03-01', '2026-03-31')
          ? falhar
            ? { status: 500, body: { detail: 'Erro no servidor.' } }
            : { status: 200, body: MARCO }
          : undefined,
      on('GET', rel('2026-03-01', '2026-03-31', true), 200, 'csv'),
    );
    const criar = vi.fn(() => 'blob:relatorio');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: criar, revokeObjectURL: vi.fn() }));
    const user = userEvent.setup();
    renderPainel('/1/relatorios?de=2026-03-01&ate=2026-03-31');
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível carregar.');
    falhar = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('R$ 120,00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Baixar CSV' }));
    await waitFor(() => expect(criar).toHaveBeenCalledTimes(1));
    expect(m.gets(rel('2026-03-01', '2026-03-31', true))).toBe(1);
  }, 20_000);
});
