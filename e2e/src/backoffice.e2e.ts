/**
 * The back office end to end (issue 12: "a new restaurant takes orders in under 15 minutes"), in
 * Chromium against the built server, with no terminal: a restaurant signs itself up on
 * /painel/cadastro, opens the e-mailed link (the mail outbox's log line), creates its password,
 * creates an EMPTY establishment ('Cadastrar meu restaurante'), sets it up in the browser — hours open now, a delivery circle with a fee,
 * payment methods, two categories, a combo (a Kit group) and a half-and-half pizza (a 'Maior
 * opção' group) — and reads the totals the live preview shows for chosen combinations. Then a
 * customer orders exactly those combinations for delivery, cash on delivery, from
 * /estabelecimento/{new id}; the server must accept the order at the previewed prices plus the
 * circle's fee (cents, read back through the API), and the order must reach the owner's queue.
 * The elapsed time is printed; the key steps are saved as screenshots at 1280 px
 * (test-results/screenshots/backoffice-*). On SQLite, or on a PostgreSQL database of its own when
 * TEST_DATABASE_URL is set.
 */
import { pedidoFetchedSchema, pedidoGravadoSchema } from '@rango/domain';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BancoProprio, criarBanco } from './banco.ts';
import { type AppHandle, DESKTOP, screenshot, startApp } from './harness.ts';
import { card, filaConectada } from './painel-helpers.ts';
import {
  api,
  type Cliente,
  entrar,
  escolherEndereco,
  idDoPedido,
  novoCliente,
  novoEndereco,
  pagarEmDinheiro,
} from './pedidos-helpers.ts';
import { acceptCookies, chooseOption, productCard, productDrawer, submitButton } from './ui.ts';

/** The new restaurant's owner: signs up in the panel (no account, no establishment before). */
const DONO = {
  nome: 'Carla Cantina',
  email: `carla.${Date.now()}@cantina.test`,
  senha: 'senha-da-carla',
} as const;
const LOJA = 'Cantina do Teste';
/** The sign-up link as the outbox logs it (no SMTP_URL). */
const LINK_CADASTRO = /\/painel\/cadastro\/[\w-]{43}/;
const FRETE = '7,50';
const FRETE_CENTS = 750;

/** With TEST_DATABASE_URL the server runs on a PostgreSQL database of its own, else on SQLite. */
const PG_URL = process.env.TEST_DATABASE_URL;
const BANCO = PG_URL ? 'PostgreSQL' : 'SQLite';

let app: AppHandle;
let banco: BancoProprio | undefined;

beforeAll(async () => {
  // The production build (as `npm start` runs it); info logs carry the customer's confirmation link.
  const env: Record<string, string> = { LOG_LEVEL: 'info' };
  if (PG_URL) {
    banco = await criarBanco(PG_URL, 'backoffice');
    env.DATABASE_URL = banco.url;
  }
  app = await startApp({ compiled: true, env });
});

afterAll(async () => {
  await app?.stop();
  await banco?.apagar();
});

/** 'R$ 39,00' (any spacing) → 3900. */
function centavos(texto: string): number {
  const m = /R\$\s*([\d.]+),(\d{2})/.exec(texto);
  if (!m) throw new Error(`sem valor em reais: ${texto}`);
  return Number(m[1]!.replace(/\./g, '')) * 100 + Number(m[2]);
}

/** The total the live preview shows ('Total: R$ …'), in cents. */
async function totalDaPrevia(page: Page): Promise<number> {
  return centavos((await page.getByTestId('previa-total').innerText()) ?? '');
}

/** One option card of the product editor (a list item named after the option). */
const opcao = (page: Page, nome: string): Locator => page.getByRole('listitem', { name: nome, exact: true });

/** Adds an option to the group and fills its name and price (and the 'Soma ao item' adjustment). */
async function novaOpcao(
  page: Page,
  grupo: string,
  indice: number,
  nome: string,
  preco: string,
  somaAoItem?: string,
): Promise<void> {
  await page.getByRole('button', { name: `Adicionar opção em ${grupo}` }).click();
  await opcao(page, `Opção ${indice}`).getByLabel('Nome da opção').fill(nome);
  const cartao = opcao(page, nome);
  await cartao.getByLabel('Preço', { exact: true }).fill(preco);
  if (somaAoItem) {
    await cartao.getByRole('button', { name: 'Ajustes de preço (tamanho, acréscimos)' }).click();
    await cartao.getByLabel('Soma ao item').fill(somaAoItem);
  }
}

/** 'Novo produto em …', its name and price, one option group with its price mode and limits. */
async function novoProduto(
  page: Page,
  categoria: string,
  produto: { nome: string; preco: string; grupo: string; modo: string; min: string; max: string },
): Promise<void> {
  await page.getByRole('button', { name: `Novo produto em ${categoria}` }).click();
  const dados = page.getByRole('region', { name: 'Dados do produto' });
  await dados.getByLabel(/^Nome/).fill(produto.nome);
  await dados.getByLabel('Preço do produto').fill(produto.preco);
  await page.getByRole('button', { name: 'Novo grupo de opções' }).click();
  await page.getByLabel(/^Nome do grupo/).fill(produto.grupo);
  await page.getByRole('combobox', { name: 'Como as opções entram no preço' }).click();
  await page.getByRole('option', { name: produto.modo, exact: true }).click();
  await page.getByLabel('Mínimo', { exact: true }).fill(produto.min);
  await page.getByLabel('Máximo', { exact: true }).fill(produto.max);
}

async function salvarProduto(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await page.getByText('Produto salvo. O cardápio do cliente já mostra a mudança.').waitFor();
  await page.getByText('Alterações não salvas').waitFor({ state: 'detached' });
}

/** Today's weekday in the establishment's time zone (0 = Sunday), as the opening check reads it. */
function diaDeHoje(): number {
  const nome = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'America/Sao_Paulo' }).format(
    new Date(),
  );
  return ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(nome);
}
const DIAS = ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado'];

describe('back office: um restaurante novo recebe um pedido', () => {
  it('do estabelecimento vazio ao pedido na fila, no preço da prévia', async () => {
    // The customer exists before the owner starts (signing up is the customer app's journey).
    const cliente: Cliente = await novoCliente(app, 'Bianca');
    await novoEndereco(app, cliente.token, '01414-001', 'Rua Haddock Lobo', 'Cerqueira César');
    const enderecos = await api(app, '/controle/endereco/', { token: cliente.token });
    const lista = enderecos.data as { latitude: number | null; longitude: number | null }[];
    const ponto = lista[0];
    if (ponto?.latitude == null || ponto.longitude == null)
      throw new Error(`endereço sem coordenadas: ${JSON.stringify(lista)}`);

    const inicio = performance.now();
    const marcos: [string, number][] = [];
    const marco = (nome: string) => marcos.push([nome, (performance.now() - inicio) / 1000]);

    const dono = await app.open('/painel/login', DESKTOP);
    const page = dono.page;
    let idest: number;
    const precos = { combo: 0, pizza: 0 };
    try {
      // 1. The restaurant signs itself up, sets its password from the e-mailed link, and creates
      // a new, empty establishment.
      await page.getByRole('link', { name: 'Cadastre seu restaurante' }).click();
      await page.getByRole('heading', { level: 1, name: 'Cadastre seu restaurante' }).waitFor();
      await page.getByLabel(/^Seu nome/).fill(DONO.nome);
      await page.getByLabel(/^E-mail/).fill(DONO.email);
      await page.getByRole('button', { name: 'Cadastrar', exact: true }).click();
      await page.getByText('Enviamos um link para o seu e-mail').waitFor();
      await expect.poll(() => LINK_CADASTRO.exec(app.server.output())?.[0], { timeout: 10_000 }).toBeTruthy();
      await page.goto(LINK_CADASTRO.exec(app.server.output())![0]);
      await page.getByRole('heading', { level: 1, name: 'Criar sua senha' }).waitFor();
      await page.getByLabel(/^Senha/).fill(DONO.senha);
      await page.getByLabel(/Confirme a senha/).fill(DONO.senha);
      await page.getByRole('button', { name: 'Criar senha e entrar' }).click();
      await page.getByRole('heading', { level: 1, name: 'Bem-vindo ao Rango' }).waitFor();
      marco('conta criada');
      await page.getByRole('link', { name: 'Cadastrar meu restaurante' }).click();
      await page.getByRole('heading', { level: 1, name: 'Novo estabelecimento' }).waitFor();
      await page.getByLabel(/^Nome fantasia/).fill(LOJA);
      await page.getByLabel(/^Razão social/).fill('Cantina do Teste Ltda.');
      await page.getByLabel('CEP').fill('01414-001');
      await page.getByLabel('Rua').fill('Rua Haddock Lobo');
      await page.getByLabel('Número').fill('595');
      await page.getByLabel('Bairro').fill('Cerqueira César');
      await page.getByLabel('Cidade').fill('São Paulo');
      await page.getByLabel('UF').fill('SP');
      await page.getByLabel('Telefones').fill('(11) 3333-4444');
      await screenshot(page, 'backoffice-1-novo');
      await page.getByRole('button', { name: 'Criar estabelecimento' }).click();
      await page.waitForURL((u) => /^\/painel\/\d+\/loja\/?$/.test(u.pathname));
      idest = Number(/\/painel\/(\d+)\//.exec(page.url())?.[1]);
      expect(idest).toBeGreaterThan(2);
      await page.getByRole('heading', { level: 1, name: 'Loja' }).waitFor();
      marco('estabelecimento criado');

      // 2. Hours: open all day today (and the rest of the week), so it takes orders now.
      const horarios = page.getByRole('region', { name: 'Horário de funcionamento' });
      await horarios.getByText('Fechado').first().waitFor();
      const hoje = diaDeHoje();
      for (const d of [hoje, ...[0, 1, 2, 3, 4, 5, 6].filter((x) => x !== hoje)]) {
        if (d === hoje) await horarios.getByRole('button', { name: `24 horas: ${DIAS[d]}` }).click();
        else await horarios.getByRole('button', { name: `Adicionar faixa: ${DIAS[d]}` }).click();
      }
      await horarios.getByRole('button', { name: 'Salvar horários' }).click();
      await horarios.getByText('Horários salvos.').waitFor();

      // 3. A delivery circle around the customer's street, with a fee.
      const entrega = page.getByRole('region', { name: 'Áreas de entrega' });
      await entrega.getByRole('button', { name: 'Nova área' }).click();
      await entrega.getByLabel('Latitude do centro').fill(String(ponto.latitude));
      await entrega.getByLabel('Longitude do centro').fill(String(ponto.longitude));
      await entrega.getByLabel('Raio (km)').fill('5');
      await entrega.getByLabel('Taxa de entrega').fill(FRETE);
      await entrega.getByRole('button', { name: 'Adicionar área' }).click();
      await entrega.getByText(`R$ ${FRETE}`, { exact: false }).waitFor();

      // 4. Payment methods: cash and credit card, both on delivery only (the card machine: the
      // owner turns 'Online' off, so 'Pagar online' offers nothing).
      const formas = page.getByRole('region', { name: 'Formas de pagamento' });
      await formas.getByRole('button', { name: 'Adicionar forma' }).click();
      await formas.getByLabel('Nome da forma de pagamento 1').fill('Dinheiro');
      await formas.getByRole('button', { name: 'Adicionar forma' }).click();
      await formas.getByLabel('Nome da forma de pagamento 2').fill('Cartão de crédito');
      await formas.getByRole('combobox', { name: 'Tipo da forma de pagamento 2' }).click();
      await page.getByRole('option', { name: 'Crédito', exact: true }).click();
      const online2 = formas.getByRole('checkbox', { name: 'Online (forma de pagamento 2)' });
      await expect.poll(() => online2.isChecked()).toBe(true);
      await online2.uncheck();
      await formas.getByRole('button', { name: 'Salvar formas de pagamento' }).click();
      await formas.getByText('Formas de pagamento salvas.').waitFor();
      await screenshot(page, 'backoffice-2-loja');
      marco('loja configurada');

      // 5. The menu: two categories, a combo (Kit) and a two-flavour pizza (Maior opção).
      await page
        .getByRole('navigation', { name: 'Seções do painel' })
        .getByRole('link', { name: 'Cardápio' })
        .click();
      await page.getByRole('heading', { level: 1, name: 'Cardápio' }).waitFor();
      await page.getByText('O cardápio está vazio.', { exact: false }).waitFor();
      for (const categoria of ['Combos', 'Pizzas']) {
        await page.getByLabel('Nova categoria').fill(categoria);
        await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
        await page.getByRole('button', { name: `Novo produto em ${categoria}` }).waitFor();
        // The temporary category (negative id) becomes the server's one before it takes products.
        await expect
          .poll(() => page.getByRole('button', { name: `Novo produto em ${categoria}` }).isEnabled())
          .toBe(true);
      }

      await novoProduto(page, 'Combos', {
        nome: 'Combo Burger',
        preco: '35,00',
        grupo: 'Acompanhamento',
        modo: 'Kit',
        min: '1',
        max: '1',
      });
      await novaOpcao(page, 'Acompanhamento', 1, 'Batata média', '6,00');
      await novaOpcao(page, 'Acompanhamento', 2, 'Batata grande', '8,00', '4,00');
      await salvarProduto(page);
      const previaCombo = page.getByRole('region', { name: 'Combo Burger' });
      await previaCombo.getByRole('radio', { name: /Batata grande/ }).check();
      await expect.poll(() => totalDaPrevia(page)).toBe(3900);
      precos.combo = await totalDaPrevia(page);
      await screenshot(page, 'backoffice-3-combo');

      await novoProduto(page, 'Pizzas', {
        nome: 'Pizza meio a meio',
        preco: '0,00',
        grupo: 'Sabores',
        modo: 'Maior opção',
        min: '1',
        max: '2',
      });
      await novaOpcao(page, 'Sabores', 1, 'Mussarela', '40,00');
      await novaOpcao(page, 'Sabores', 2, 'Calabresa', '45,00');
      await novaOpcao(page, 'Sabores', 3, 'Portuguesa', '52,00');
      await salvarProduto(page);
      const previaPizza = page.getByRole('region', { name: 'Pizza meio a meio' });
      await previaPizza.getByRole('checkbox', { name: /Mussarela/ }).check();
      await previaPizza.getByRole('checkbox', { name: /Portuguesa/ }).check();
      await expect.poll(() => totalDaPrevia(page)).toBe(5200);
      precos.pizza = await totalDaPrevia(page);
      await screenshot(page, 'backoffice-4-pizza');
      marco('cardápio pronto');
    } catch (error) {
      await screenshot(page, 'backoffice-falha-dono');
      throw error;
    }

    // 6. The customer orders exactly the previewed combinations, delivered, cash on delivery.
    const visita = await app.open('/login', DESKTOP);
    let idpedido: number;
    try {
      const c = visita.page;
      await acceptCookies(c);
      await entrar(c, cliente.email, cliente.senha);
      await c.goto(`/estabelecimento/${idest}`);
      await c.getByRole('heading', { name: LOJA }).first().waitFor();

      await productCard(c, 'Combo Burger').click();
      let drawer = productDrawer(c);
      await chooseOption(drawer, 'Batata grande');
      await expect
        .poll(async () => centavos((await submitButton(drawer, 'Adicionar').innerText()) ?? ''))
        .toBe(precos.combo);
      await submitButton(drawer, 'Adicionar').click();
      await drawer.waitFor({ state: 'hidden' });

      await productCard(c, 'Pizza meio a meio').click();
      drawer = productDrawer(c);
      await chooseOption(drawer, 'Mussarela');
      await chooseOption(drawer, 'Portuguesa');
      await expect
        .poll(async () => centavos((await submitButton(drawer, 'Adicionar').innerText()) ?? ''))
        .toBe(precos.pizza);
      await screenshot(c, 'backoffice-5-cliente');
      await submitButton(drawer, 'Adicionar').click();
      await drawer.waitFor({ state: 'hidden' });

      await c.goto('/pagamento');
      await c.getByRole('heading', { level: 1, name: 'Pagamento' }).waitFor();
      await c.getByRole('radio', { name: 'Entregar no meu endereço' }).check();
      await escolherEndereco(c, /Rua Haddock Lobo/);
      const taxa = c.getByRole('dialog', { name: 'Taxa de entrega' });
      await taxa.getByText(`R$ ${FRETE}`, { exact: false }).first().waitFor();
      await taxa.getByRole('button', { name: 'Ok, entendi' }).click();
      await taxa.waitFor({ state: 'hidden' });
      await c.getByRole('tab', { name: 'Pagar online' }).click();
      const online = c.getByRole('tabpanel', { name: 'Pagar online' });
      await online.getByText('Este estabelecimento não aceita pagamento online.', { exact: false }).waitFor();
      expect(await online.getByRole('radio').count()).toBe(0);
      await pagarEmDinheiro(c, '200,00');
      await c.getByRole('radio', { name: 'Cartão de crédito' }).waitFor();
      await screenshot(c, 'backoffice-6-pagamento');
      await c.getByRole('button', { name: 'Finalizar' }).click();
      await c.waitForURL(/\/pedido\/\d+\/?$/);
      idpedido = Number(idDoPedido(c));
      marco('pedido feito');
    } catch (error) {
      await screenshot(visita.page, 'backoffice-falha-cliente');
      throw error;
    } finally {
      await visita.close();
    }

    // 7. The server took it at the previewed prices plus the circle's fee (cents).
    const lido = await api(app, `/controle/pedido/${idpedido}/`, { token: cliente.token });
    expect(lido.status, JSON.stringify(lido.data)).toBe(200);
    const lidoPedido = pedidoFetchedSchema.parse(lido.data);
    expect(lidoPedido.deliveryestabelecimento).toBe(idest);
    const pedido = pedidoGravadoSchema.parse(JSON.parse(lidoPedido.pedido));
    expect(pedido.tipo).toBe('DELIVERY');
    expect(pedido.subtotal).toBe(precos.combo + precos.pizza);
    expect(pedido.taxa_entrega).toBe(FRETE_CENTS);
    expect(pedido.total).toBe(precos.combo + precos.pizza + FRETE_CENTS);
    expect(pedido.itens.map((i) => i.preco_total).sort((a, b) => a - b)).toEqual(
      [precos.combo, precos.pizza].sort((a, b) => a - b),
    );

    // 8. …and it is in the new establishment's queue.
    try {
      await page
        .getByRole('navigation', { name: 'Seções do painel' })
        .getByRole('link', { name: 'Pedidos' })
        .click();
      await filaConectada(page);
      expect(new URL(page.url()).pathname).toMatch(new RegExp(`^/painel/${idest}/?$`));
      await card(page, idpedido).waitFor({ timeout: 15_000 });
      expect(centavos(await card(page, idpedido).innerText())).toBe(pedido.total);
      await screenshot(page, 'backoffice-7-fila');
      marco('pedido na fila do dono');
    } finally {
      await dono.close();
    }

    const total = (performance.now() - inicio) / 1000;
    console.log(
      `Back office (${BANCO}), do estabelecimento vazio ao pedido na fila: ${total.toFixed(1)} s (meta: < 15 min)\n` +
        marcos.map(([n, s]) => `  ${s.toFixed(1).padStart(6)} s  ${n}`).join('\n') +
        `\n  prévia: combo ${precos.combo} + pizza ${precos.pizza} centavos; pedido #${idpedido}: total ${pedido.total} centavos (frete ${pedido.taxa_entrega})`,
    );
    expect(total).toBeLessThan(15 * 60);
  }, 300_000);
});
