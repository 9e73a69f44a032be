import { MSG_CATALOGO, type EstabelecimentoConfig } from '@rango/domain/painel/catalogo';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, on } from '../../../test/mock-api.ts';
import { clearStaffSession, setStaffTokens } from '../../session.ts';
import { EU_DONO, renderPainel } from '../../testing/render.tsx';

/** Next year: special dates go up to its end (issue 20). */
const ANO = new Date().getUTCFullYear() + 1;

const BASE = '/painel/estabelecimento/1';
const DADOS: EstabelecimentoConfig = {
  id: 1,
  apelidooufantasia: 'Sabor da Vila',
  nomeourazaosocial: 'Sabor da Vila Ltda',
  logo: null,
  endereco: {
    rua: 'Rua A',
    numero: '10',
    bairro: 'Centro',
    complemento: null,
    cep: '01001-000',
    cidade: 'São Paulo',
    uf: 'SP',
  },
  fones: ['(11) 3333-4444'],
  cnpj: null,
  email_contato: null,
  whatsapp: null,
  pedidominimo: 2000,
  previsaoentregamin: 30,
  previsaoentregamax: 50,
  lat: null,
  lng: null,
  menu_versao: 3,
};

beforeEach(() => setStaffTokens({ access: 'a1', refresh: 'r1' }));
afterEach(() => {
  vi.unstubAllGlobals();
  clearStaffSession();
});

function api(...extra: Parameters<typeof mockApi>) {
  return mockApi(
    ...extra,
    on('GET', '/painel/eu/', 200, EU_DONO),
    on('GET', `${BASE}/dados/`, 200, DADOS),
    on('GET', `${BASE}/horarios/`, 200, {
      horarios: [{ diadasemana: 6, abertura: '18:00', fechamento: '02:00', dia_seguinte: true }],
    }),
    on('GET', `${BASE}/horarios/excecoes/`, 200, {
      excecoes: [{ data: `${ANO}-12-25`, fechado: true, faixas: [] }],
    }),
    on('GET', `${BASE}/areas/`, 200, [
      { idareaentrega: 5, lat: -23.5, lng: -46.6, raio: 3000, taxaentrega: 500, valorminimo: null },
    ]),
    on('GET', `${BASE}/taxas-bairro/`, 200, []),
    on('GET', `${BASE}/formas-pagamento/`, 200, {
      formas: [{ idformapgto: 1, descricao: 'Dinheiro', sttipopgto: 0, na_entrega: true, online: false }],
    }),
  );
}

describe('/painel/:id/loja', () => {
  it("marks a Sunday range that overlaps Saturday's past-midnight range as it is typed, and saves none", async () => {
    const m = api();
    const user = userEvent.setup();
    renderPainel('/1/loja');
    const secao = await screen.findByRole('region', { name: 'Horário de funcionamento' });
    await within(secao).findByText('Sábado');
    await user.click(within(secao).getByRole('button', { name: 'Adicionar faixa: Domingo' }));
    const abre = within(secao).getByLabelText('Domingo: abre às');
    await user.clear(abre);
    await user.type(abre, '01:00');
    expect(await within(secao).findByText(/Este horário se sobrepõe a sábado 18:00–02:00/)).toHaveAttribute(
      'role',
      'alert',
    );
    await user.click(within(secao).getByRole('button', { name: 'Salvar horários' }));
    expect(m.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  }, 30_000);

  it('saves the week with a 24 h day and a closed day', async () => {
    const m = api((c) =>
      c.method === 'PUT' && c.path === `${BASE}/horarios/` ? { status: 200, body: c.body } : undefined,
    );
    const user = userEvent.setup();
    renderPainel('/1/loja');
    const secao = await screen.findByRole('region', { name: 'Horário de funcionamento' });
    await within(secao).findByText('Sábado');
    await user.click(within(secao).getByRole('button', { name: '24 horas: Segunda' }));
    await user.click(within(secao).getByRole('button', { name: 'Salvar horários' }));
    await waitFor(() =>
      expect(m.calls.find((c) => c.method === 'PUT')?.body).toEqual({
        horarios: [
          { diadasemana: 6, abertura: '18:00', fechamento: '02:00', dia_seguinte: true },
          { diadasemana: 1, abertura: '00:00', fechamento: '00:00', dia_seguinte: true },
        ],
      }),
    );
    expect(await within(secao).findByText('Horários salvos.')).toBeInTheDocument();
  }, 30_000);

  it('adds a holiday with its own range next to a closed one and saves the list', async () => {
    const m = api((c) =>
      c.method === 'PUT' && c.path === `${BASE}/horarios/excecoes/`
        ? { status: 200, body: c.body }
        : undefined,
    );
    const user = userEvent.setup();
    renderPainel('/1/loja');
    const secao = await screen.findByRole('region', { name: 'Feriados e datas especiais' });
    expect(
      await within(secao).findByRole('group', { name: `Data especial 25/12/${ANO}` }),
    ).toBeInTheDocument();
    expect(within(secao).getByRole('checkbox', { name: `25/12/${ANO}: fechado o dia todo` })).toBeChecked();
    await user.click(within(secao).getByRole('button', { name: 'Adicionar data' }));
    const datas = within(secao).getAllByLabelText('Data');
    fireEvent.change(datas[1]!, { target: { value: `${ANO}-12-31` } });
    await user.click(within(secao).getByRole('checkbox', { name: `31/12/${ANO}: fechado o dia todo` }));
    const fecha = within(secao).getByLabelText(`31/12/${ANO}: fecha às`);
    await user.clear(fecha);
    await user.type(fecha, '17:00');
    // Inverted: marked as typed, nothing sent.
    expect(await within(secao).findByText(MSG_CATALOGO.horarioInvertido)).toHaveAttribute('role', 'alert');
    await user.click(within(secao).getByRole('button', { name: 'Salvar datas especiais' }));
    expect(m.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await user.clear(fecha);
    await user.type(fecha, '23:00');
    await user.click(within(secao).getByRole('button', { name: 'Salvar datas especiais' }));
    await waitFor(() =>
      expect(m.calls.find((c) => c.method === 'PUT')?.body).toEqual({
        excecoes: [
          { data: `${ANO}-12-25`, fechado: true, faixas: [] },
          {
            data: `${ANO}-12-31`,
            fechado: false,
            faixas: [{ abertura: '18:00', fechamento: '23:00', dia_seguinte: false }],
          },
        ],
      }),
    );
    expect(await within(secao).findByText('Datas especiais salvas.')).toBeInTheDocument();
  }, 30_000);

  it("refuses a past or repeated date on its field; the server's refusal lands on its field too", async () => {
    const m = api(
      on('PUT', `${BASE}/horarios/excecoes/`, 400, { 'excecoes.0.data': ['Recusada pelo servidor.'] }),
    );
    const user = userEvent.setup();
    renderPainel('/1/loja');
    const secao = await screen.findByRole('region', { name: 'Feriados e datas especiais' });
    await within(secao).findByRole('group', { name: `Data especial 25/12/${ANO}` });
    await user.click(within(secao).getByRole('button', { name: 'Adicionar data' }));
    const datas = within(secao).getAllByLabelText('Data');
    fireEvent.change(datas[1]!, { target: { value: '2000-01-01' } });
    await user.click(within(secao).getByRole('button', { name: 'Salvar datas especiais' }));
    expect(await within(secao).findByText(MSG_CATALOGO.dataExcecaoPassada)).toHaveAttribute('role', 'alert');
    fireEvent.change(datas[1]!, { target: { value: `${ANO}-12-25` } });
    expect(await within(secao).findByText(MSG_CATALOGO.dataExcecaoRepetida)).toBeInTheDocument();
    expect(m.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    // Both rows now read 25/12 of next year: remove the first.
    await user.click(within(secao).getAllByRole('button', { name: `Remover a data 25/12/${ANO}` })[0]!);
    await user.click(within(secao).getByRole('button', { name: 'Salvar datas especiais' }));
    expect(await within(secao).findByText('Recusada pelo servidor.')).toHaveAttribute('role', 'alert');
    expect(m.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      excecoes: [{ data: `${ANO}-12-25`, fechado: true, faixas: [] }],
    });
  }, 30_000);

  it('a CEP fills street, district, city and state and places the store; an unknown CEP says so', async () => {
    const m = api(
      on('GET', '/api/cep/01310200/', 200, {
        cep: '01310-200',
        logradouro: 'Avenida Paulista',
        bairro: 'Bela Vista',
        localidade: 'São Paulo',
        uf: 'SP',
      }),
      on('GET', '/api/cep/99999999/', 200, { erro: true }),
      on('GET', /^\/api\/geocode\/\?/, 200, { latitude: -23.5617, longitude: -46.6559 }),
      (c) =>
        c.method === 'PUT' && c.path === `${BASE}/dados/`
          ? { status: 200, body: { ...DADOS, ...(c.body as object) } }
          : undefined,
    );
    const user = userEvent.setup();
    renderPainel('/1/loja');
    const cep = await screen.findByRole('textbox', { name: /^CEP/ });
    await user.clear(cep);
    await user.type(cep, '99999-999');
    expect(await screen.findByText(MSG_CATALOGO.cepNaoEncontrado)).toHaveAttribute('role', 'alert');
    await user.clear(cep);
    await user.type(cep, '01310-200');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Rua' })).toHaveValue('Avenida Paulista'));
    expect(screen.getByRole('textbox', { name: 'Bairro' })).toHaveValue('Bela Vista');
    expect(screen.getByRole('textbox', { name: 'Cidade' })).toHaveValue('São Paulo');
    expect(screen.getByRole('textbox', { name: 'UF' })).toHaveValue('SP');
    expect(screen.queryByText(MSG_CATALOGO.cepNaoEncontrado)).toBeNull();
    // The number was already there: the address is placed at once.
    expect(await screen.findByText(/Localização: -23\.56170, -46\.65590/)).toBeInTheDocument();
    const geo = m.calls.find((c) => c.path.startsWith('/api/geocode/'))!;
    expect(new URLSearchParams(geo.path.split('?')[1]).get('rua')).toBe('Avenida Paulista');
    await user.click(screen.getByRole('button', { name: 'Salvar dados' }));
    await waitFor(() =>
      expect(m.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
        endereco: {
          cep: '01310-200',
          rua: 'Avenida Paulista',
          bairro: 'Bela Vista',
          cidade: 'São Paulo',
          uf: 'SP',
        },
        lat: -23.5617,
        lng: -46.6559,
      }),
    );
  }, 30_000);

  it('a CEP lookup that fails says so on the field and leaves the address as typed', async () => {
    api(
      on('GET', '/api/cep/01310200/', 502, {
        detail: 'Não foi possível consultar o CEP agora. Tente novamente em instantes.',
      }),
    );
    const user = userEvent.setup();
    renderPainel('/1/loja');
    const cep = await screen.findByRole('textbox', { name: /^CEP/ });
    await user.clear(cep);
    await user.type(cep, '01310200');
    expect(await screen.findByText(/Não foi possível consultar o CEP agora/)).toHaveAttribute(
      'role',
      'alert',
    );
    expect(screen.getByRole('textbox', { name: 'Rua' })).toHaveValue('Rua A');
  }, 30_000);

  it("refuses a bad CEP on touch and puts the server's field errors on their fields", async () => {
    const m = api(on('PUT', `${BASE}/dados/`, 400, { pedidominimo: ['Mínimo recusado pelo servidor.'] }));
    const user = userEvent.setup();
    renderPainel('/1/loja');
    const cep = await screen.findByRole('textbox', { name: /^CEP/ });
    await user.clear(cep);
    await user.type(cep, '123');
    await user.tab();
    expect(await screen.findByText(MSG_CATALOGO.cepInvalido)).toHaveAttribute('role', 'alert');
    await user.clear(cep);
    await user.type(cep, '01001000');
    await user.click(screen.getByRole('button', { name: 'Salvar dados' }));
    await waitFor(() =>
      expect(m.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
        pedidominimo: 2000,
        fones: ['(11) 3333-4444'],
      }),
    );
    expect(await screen.findByText('Mínimo recusado pelo servidor.')).toHaveAttribute('role', 'alert');
  }, 30_000);

  it("the store's CNPJ, contact e-mail and WhatsApp: a wrong CNPJ check digit or e-mail is refused on touch, the right ones are sent", async () => {
    const m = api(on('PUT', `${BASE}/dados/`, 200, { ...DADOS, cnpj: '11222333000181' }));
    const user = userEvent.setup();
    renderPainel('/1/loja');
    const cnpj = await screen.findByRole('textbox', { name: 'CNPJ' });
    const email = screen.getByRole('textbox', { name: 'E-mail de contato' });
    await user.type(cnpj, '11.222.333/0001-82');
    await user.type(email, 'contato@');
    await user.tab();
    expect(await screen.findByText(MSG_CATALOGO.cnpjInvalido)).toHaveAttribute('role', 'alert');
    expect(screen.getByText(MSG_CATALOGO.emailContatoInvalido)).toHaveAttribute('role', 'alert');
    await user.click(screen.getByRole('button', { name: 'Salvar dados' }));
    expect(m.calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.clear(cnpj);
    await user.type(cnpj, '11.222.333/0001-81');
    await user.type(email, 'sabor.test');
    await user.type(screen.getByRole('textbox', { name: 'WhatsApp' }), '(11) 98888-7777');
    await user.click(screen.getByRole('button', { name: 'Salvar dados' }));
    await waitFor(() =>
      expect(m.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
        cnpj: '11.222.333/0001-81',
        email_contato: 'contato@sabor.test',
        whatsapp: '(11) 98888-7777',
      }),
    );
    expect(await screen.findByText('Dados salvos.')).toBeInTheDocument();
  }, 30_000);

  it('shows a delivery circle in words and creates a no-delivery area without a fee, centred on the saved area when the store has no point', async () => {
    const m = api((c) =>
      c.method === 'POST' && c.path === `${BASE}/areas/`
        ? { status: 201, body: { idareaentrega: 6, ...(c.body as object) } }
        : undefined,
    );
    const user = userEvent.setup();
    renderPainel('/1/loja');
    expect(await screen.findByText(/3 km de -23.50000, -46.60000: R\$ 5,00/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nova área' }));
    await user.click(screen.getByRole('checkbox', { name: /Não entrega nesta área/ }));
    await user.click(screen.getByRole('button', { name: 'Adicionar área' }));
    await waitFor(() =>
      expect(m.calls.find((c) => c.method === 'POST')?.body).toEqual({
        lat: -23.5,
        lng: -46.6,
        raio: 3000,
        taxaentrega: null,
        valorminimo: null,
      }),
    );
  }, 30_000);

  it("a circle's radius is typed as in Brazil: '1,5' is 1.5 km (and a typed '.' is the comma)", async () => {
    const m = api((c) =>
      c.method === 'POST' && c.path === `${BASE}/areas/`
        ? { status: 201, body: { idareaentrega: 6, ...(c.body as object) } }
        : undefined,
    );
    const user = userEvent.setup();
    renderPainel('/1/loja');
    expect(await screen.findByText(/3 km de -23.50000/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nova área' }));
    const raio = screen.getByRole('textbox', { name: 'Raio (km)' });
    await user.clear(raio);
    await user.type(raio, '2.25');
    expect(raio).toHaveValue('2,25');
    await user.clear(raio);
    await user.type(raio, '1,5');
    expect(raio).toHaveValue('1,5');
    await user.click(screen.getByRole('button', { name: 'Adicionar área' }));
    await waitFor(() => expect(m.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ raio: 1500 }));
  }, 30_000);

  it("payment methods: 'Na entrega' and 'Online' per row, cash never online, a method offered nowhere refused on its row", async () => {
    const formas = [
      { idformapgto: 1, descricao: 'Dinheiro', sttipopgto: 0, na_entrega: true, online: false },
      { idformapgto: 2, descricao: 'Maquininha', sttipopgto: 60, na_entrega: true, online: true },
    ];
    const m = api(on('GET', `${BASE}/formas-pagamento/`, 200, { formas }), (c) =>
      c.method === 'PUT' && c.path === `${BASE}/formas-pagamento/`
        ? { status: 200, body: c.body }
        : undefined,
    );
    const user = userEvent.setup();
    renderPainel('/1/loja');
    const secao = await screen.findByRole('region', { name: 'Formas de pagamento' });
    const online1 = await within(secao).findByRole('checkbox', { name: 'Online (forma de pagamento 1)' });
    expect(online1).toBeDisabled();
    expect(within(secao).getByRole('checkbox', { name: 'Na entrega (forma de pagamento 1)' })).toBeChecked();
    const entrega2 = within(secao).getByRole('checkbox', { name: 'Na entrega (forma de pagamento 2)' });
    const online2 = within(secao).getByRole('checkbox', { name: 'Online (forma de pagamento 2)' });
    expect(online2).toBeChecked();
    await user.click(entrega2);
    await user.click(online2);
    await user.click(within(secao).getByRole('button', { name: 'Salvar formas de pagamento' }));
    expect(await within(secao).findByText(MSG_CATALOGO.formaSemLado)).toBeInTheDocument();
    expect(m.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    // The card machine on delivery only.
    await user.click(entrega2);
    await user.click(within(secao).getByRole('button', { name: 'Salvar formas de pagamento' }));
    await waitFor(() =>
      expect(m.calls.find((c) => c.method === 'PUT')?.body).toEqual({
        formas: [
          { idformapgto: 1, descricao: 'Dinheiro', sttipopgto: 0, na_entrega: true, online: false },
          { idformapgto: 2, descricao: 'Maquininha', sttipopgto: 60, na_entrega: true, online: false },
        ],
      }),
    );
    expect(await within(secao).findByText('Formas de pagamento salvas.')).toBeInTheDocument();
  }, 30_000);
});
