import type { AreaEntrega, EstabelecimentoDetalhe } from '@rango/domain';
import type { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearEnderecoEscolhido, setEnderecoEscolhido } from '../../../stores/endereco.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import * as data from '../testing/fixtures.ts';
import { EntregaCalculo } from './entrega-calculo.tsx';
import { MaisInformacoes } from './mais-informacoes.tsx';

const AREA: AreaEntrega = {
  idareaentrega: 7,
  idestabelecimento: 1,
  geo_data: { center: { lat: -23.56, lng: -46.66 }, radius: 3000 },
  taxaentrega: 5,
  valorminimo: 80,
};

const CEPS: Record<string, { logradouro: string; bairro: string; lat: number; lng: number }> = {
  '01414001': { logradouro: 'Rua Haddock Lobo', bairro: 'Cerqueira César', lat: -23.5605, lng: -46.6611 },
  '05653070': { logradouro: 'Rua Longe', bairro: 'Vila Andrade', lat: -23.62, lng: -46.74 },
  '05014000': { logradouro: 'Rua Cardoso de Almeida', bairro: 'Perdizes', lat: -23.535, lng: -46.674 },
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let areas: AreaEntrega[] = [AREA];
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  areas = [AREA];
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input).replace(/^\/api\/ead/, ''), 'http://localhost');
    if (url.pathname === '/api/estabelecimento/1/areas_entrega/') return json(areas);
    const cep = /^\/api\/cep\/(\d+)\/$/.exec(url.pathname)?.[1];
    if (cep !== undefined) {
      const row = CEPS[cep];
      return json(
        row
          ? { cep: `${cep.slice(0, 5)}-${cep.slice(5)}`, ...row, localidade: 'São Paulo', uf: 'SP' }
          : { erro: true },
      );
    }
    if (url.pathname === '/api/geocode/') {
      const row = CEPS[(url.searchParams.get('cep') ?? '').replace('-', '')];
      return row ? json({ latitude: row.lat, longitude: row.lng }) : json({ detail: 'x' }, 404);
    }
    return json({ detail: 'Não encontrado.' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearEnderecoEscolhido();
});

let client: QueryClient;
const getEntregaEstimada = () => client.getQueryData(['entrega-estimada']);

function renderCalculo(detalhe: EstabelecimentoDetalhe = data.detalhe) {
  const r = renderWithProviders(<EntregaCalculo detalhe={detalhe} focar />);
  client = r.queryClient;
  return r;
}

async function digitar(cep: string) {
  const user = userEvent.setup();
  const campo = screen.getByRole('textbox', { name: 'CEP para entrega' });
  await user.clear(campo);
  await user.type(campo, cep);
  await user.click(screen.getByRole('button', { name: 'Calcular' }));
  return campo;
}

const calls = (part: string) => fetchMock.mock.calls.filter(([u]) => String(u).includes(part)).length;

describe('EntregaCalculo (the menu’s delivery estimate)', { timeout: 20_000 }, () => {
  it('a CEP inside a circle: fee, time, minimum order and free delivery; the cart learns the waiver', async () => {
    renderCalculo();
    expect(screen.getByRole('textbox', { name: 'CEP para entrega' })).toHaveFocus();
    await digitar('01414-001');
    expect(
      await screen.findByText('Entrega para 01414-001: R$ 5,00 · 30–50 min · pedido mínimo R$ 20,00'),
    ).toBeInTheDocument();
    expect(screen.getByText('Grátis a partir de R$ 80,00')).toBeInTheDocument();
    await waitFor(() =>
      expect(getEntregaEstimada()).toEqual({ idEstabelecimento: 1, taxaCents: 500, abonoCents: 8000 }),
    );
  });

  it('a CEP outside every circle: no delivery, pickup offered', async () => {
    renderCalculo();
    await digitar('05653070');
    expect(
      await screen.findByText('Entrega para 05653-070: Não entregamos neste endereço — retire no local'),
    ).toBeInTheDocument();
    expect(screen.getByText('Retirada: Rua das Flores, 100.')).toBeInTheDocument();
    await waitFor(() =>
      expect(getEntregaEstimada()).toEqual({ idEstabelecimento: 1, taxaCents: null, abonoCents: null }),
    );
  });

  it('a CEP of 7 digits: the field says why, the previous result goes, nothing more is looked up', async () => {
    renderCalculo();
    await digitar('01414001');
    await screen.findByText(/Entrega para 01414-001/);
    const campo = await digitar('0141400');
    // A stale result never sits under the error.
    expect(screen.queryByText(/Entrega para/)).not.toBeInTheDocument();
    expect(campo).toHaveAttribute('aria-invalid', 'true');
    expect(campo).toHaveAccessibleDescription('CEP inválido: digite os 8 números do CEP.');
    expect(calls('/api/cep/')).toBe(1);
  });

  it('an unknown CEP: a Portuguese message on the field, no result', async () => {
    renderCalculo();
    const campo = await digitar('99999-999');
    await waitFor(() =>
      expect(campo).toHaveAccessibleDescription(
        'CEP não encontrado. Confira os números ou escolha o endereço no topo da página.',
      ),
    );
    expect(screen.queryByText(/Entrega para/)).not.toBeInTheDocument();
  });

  it('fees by neighbourhood: the table’s row and its waiver, no geocoding', async () => {
    areas = [];
    renderCalculo({
      ...data.detalhe,
      pedidominimo: 0,
      taxaentrega_set: [
        {
          bairro: 'Perdizes',
          cidade: 'São Paulo',
          uf: 'SP',
          valor: 4,
          abonotaxaentrega_set: [{ valorminimo: 60 }],
        },
      ],
    });
    await digitar('05014-000');
    expect(await screen.findByText('Entrega para 05014-000: R$ 4,00 · 30–50 min')).toBeInTheDocument();
    expect(screen.getByText('Grátis a partir de R$ 60,00')).toBeInTheDocument();
    expect(calls('/api/geocode/')).toBe(0);
  });

  it('with the header’s address chosen, shows its result at once', async () => {
    setEnderecoEscolhido({
      cep: '01414-001',
      rua: 'Rua Haddock Lobo',
      numero: '595',
      bairro: 'Cerqueira César',
      cidade: 'São Paulo',
      uf: 'SP',
      latitude: -23.5605,
      longitude: -46.6611,
    });
    renderCalculo();
    expect(
      await screen.findByText(
        'Entrega para Rua Haddock Lobo, 595: R$ 5,00 · 30–50 min · pedido mínimo R$ 20,00',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Outro CEP' })).toBeInTheDocument();
  });

  it('has no axe violations with a result and with an error', async () => {
    renderCalculo();
    const options = { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } };
    await digitar('01414-001');
    await screen.findByText(/Entrega para 01414-001/);
    expect((await axe.run(document.body, options)).violations.map((v) => v.id)).toEqual([]);
    await digitar('123');
    expect((await axe.run(document.body, options)).violations.map((v) => v.id)).toEqual([]);
  });
});

describe('MaisInformacoes: Calcular entrega', () => {
  it('loads the panel on the press and focuses the CEP field', async () => {
    renderWithProviders(<MaisInformacoes detalhe={data.detalhe} formasPgto={[]} formasPgtoErro={null} />);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await act(async () => {
      await userEvent.setup().click(screen.getByRole('button', { name: 'Calcular entrega' }));
    });
    expect(await screen.findByRole('textbox', { name: 'CEP para entrega' })).toHaveFocus();
  });
});
