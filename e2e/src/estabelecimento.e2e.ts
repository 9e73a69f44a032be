/**
 * The menu journey at 375 px and 1280 px: information panel, search, a product with required
 * options, the cart drawer (edit, remove, clear) and Back closing the product drawer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, VIEWPORTS, screenshot, startApp } from './harness.ts';
import {
  type DemoData,
  type RequiredPick,
  loadDemo,
  pickAccentedSearch,
  pickRequiredProduct,
  pickSimpleProducts,
} from './menu-data.ts';
import {
  acceptCookies,
  cartButton,
  cartCount,
  cartDrawer,
  chooseOption,
  itemQuery,
  productCard,
  productDrawer,
  searchBox,
  submitButton,
} from './ui.ts';

let app: AppHandle;
let demo: DemoData;
let required: RequiredPick;

beforeAll(async () => {
  app = await startApp();
  demo = await loadDemo(app.baseUrl);
  required = pickRequiredProduct(demo);
});

afterAll(async () => {
  await app?.stop();
});

describe.each(VIEWPORTS)('estabelecimento a $width px', (viewport) => {
  it('mostra o nome e o painel Mais Informações', async () => {
    const { page, close } = await app.open('/estabelecimento/1', viewport);
    try {
      await acceptCookies(page);
      const nome = demo.detalhe.estabelecimento.apelidooufantasia;
      await page.getByText(nome, { exact: true }).first().waitFor();
      await screenshot(page, 'estabelecimento');

      await page.getByRole('button', { name: 'Mais Informações' }).click();
      const endereco = demo.detalhe.estabelecimento.endereco;
      await page.getByText(endereco.rua, { exact: false }).first().waitFor();
      const forma = demo.formas[0];
      if (forma) await page.getByText(forma.descricao, { exact: false }).first().waitFor();
      // Hours per weekday (the demo's always-open flag turns them into 24 h).
      await page
        .getByText(/Domingo|Segunda/)
        .first()
        .waitFor();
      await screenshot(page, 'estabelecimento-mais-informacoes');
    } finally {
      await close();
    }
  });

  it('busca sem acentos e mostra "Nenhum produto encontrado."', async () => {
    const { page, close } = await app.open('/estabelecimento/1', viewport);
    try {
      await acceptCookies(page);
      const { produto, termo } = pickAccentedSearch(demo);
      await searchBox(page).fill(termo);
      await productCard(page, produto.descricao).waitFor();
      // Products that do not match are gone.
      const outro = demo.produtos.find(
        (p) =>
          !p.descricao
            .normalize('NFD')
            .replace(/[\u0300-\u036f]/g, '')
            .toLowerCase()
            .includes(termo),
      );
      if (outro) await productCard(page, outro.descricao).waitFor({ state: 'hidden' });
      await screenshot(page, 'busca');

      await searchBox(page).fill('xyzzyqwerty');
      await page.getByText('Nenhum produto encontrado.').waitFor();
      await screenshot(page, 'busca-vazia');
    } finally {
      await close();
    }
  });

  it('exige os itens obrigatórios, soma as opções e adiciona ao carrinho', async () => {
    const { page, close } = await app.open('/estabelecimento/1', viewport);
    try {
      await acceptCookies(page);
      await searchBox(page).fill(required.produto.descricao);
      await productCard(page, required.produto.descricao).click();
      expect(itemQuery(page)).toBe(String(required.produto.idproduto));
      const drawer = productDrawer(page);
      await drawer.waitFor();
      await screenshot(page, 'produto');

      const adicionar = submitButton(drawer, 'Adicionar');
      const antes = await adicionar.innerText();
      await adicionar.click();
      await page.getByText('Itens Obrigatórios').first().waitFor();
      await page
        .getByText('Você precisa escolher todos os itens obrigatórios para adicionar o produto.')
        .first()
        .waitFor();
      await screenshot(page, 'produto-obrigatorios');
      expect(itemQuery(page)).toBe(String(required.produto.idproduto));

      for (const escolha of required.escolhas) await chooseOption(drawer, escolha);
      if (required.mudaPreco) await expect.poll(() => adicionar.innerText()).not.toBe(antes);
      await screenshot(page, 'produto-escolhido');
      await adicionar.click();
      await drawer.waitFor({ state: 'hidden' });
      await expect.poll(() => itemQuery(page)).toBeNull();

      await expect.poll(() => cartCount(page)).toBe(1);
      await cartButton(page).click();
      const cart = cartDrawer(page);
      await cart.waitFor();
      await cart.getByText(`Seu pedido em ${demo.detalhe.estabelecimento.apelidooufantasia}`).waitFor();
      await cart.getByText(required.produto.descricao).first().waitFor();
      await cart.getByRole('button', { name: 'Finalizar pedido' }).waitFor();
      await screenshot(page, 'carrinho');

      // Edit: the product drawer reopens prefilled with 'Editar'; add one unit and save.
      await cart.getByRole('button', { name: `Editar ${required.produto.descricao}` }).click();
      const edit = productDrawer(page);
      await edit.waitFor();
      const editar = submitButton(edit, 'Editar');
      await editar.waitFor();
      const totalUm = await editar.innerText();
      await screenshot(page, 'carrinho-editar');
      await edit.getByRole('button', { name: 'Aumentar quantidade', exact: true }).click();
      await expect.poll(() => editar.innerText()).not.toBe(totalUm);
      await editar.click();
      await edit.waitFor({ state: 'hidden' });
      await expect.poll(() => cartCount(page)).toBe(2);

      await cartButton(page).click();
      await cart.waitFor();
      await cart.getByRole('button', { name: `Remover ${required.produto.descricao}` }).click();
      await page.getByText('Seu carrinho está sem itens =(').first().waitFor();
      await screenshot(page, 'carrinho-vazio');
    } finally {
      await close();
    }
  });

  it('limpa o carrinho com dois itens', async () => {
    const { page, close } = await app.open('/estabelecimento/1', viewport);
    try {
      await acceptCookies(page);
      for (const produto of pickSimpleProducts(demo, 2)) {
        await searchBox(page).fill(produto.descricao);
        await productCard(page, produto.descricao).click();
        const drawer = productDrawer(page);
        await submitButton(drawer, 'Adicionar').click();
        await drawer.waitFor({ state: 'hidden' });
      }
      await expect.poll(() => cartCount(page)).toBe(2);
      await cartButton(page).click();
      const cart = cartDrawer(page);
      await cart.waitFor();
      await screenshot(page, 'carrinho-dois-itens');
      await cart.getByRole('button', { name: /Limpar carrinho/i }).click();
      // A confirmation may be asked; accept it when it appears.
      const vazio = page.getByText('Seu carrinho está sem itens =(');
      const confirmar = page.getByRole('button', { name: /^(Sim|Confirmar)/ }).filter({ visible: true });
      await vazio.or(confirmar).first().waitFor();
      if (await confirmar.count()) await confirmar.first().click();
      await page.getByText('Seu carrinho está sem itens =(').first().waitFor();
    } finally {
      await close();
    }
  });

  it('a etiqueta OBRIGATÓRIO fica inteira ao lado de um nome de grupo longo', async () => {
    const { page, close } = await app.open('/estabelecimento/1', viewport);
    try {
      const longo = 'Escolha o acompanhamento principal da sua refeição completa';
      // The demo's names are short: the menu's answer gets a long name on the required groups.
      await page.route('**/api/estabelecimento/1/menu/**', async (route) => {
        const res = await route.fetch();
        const menu = (await res.json()) as DemoData['menu'];
        for (const p of menu.grupos.flatMap((g) => g.produtos)) {
          if (p.idproduto !== required.produto.idproduto) continue;
          for (const g of p.grupoopcoes) if (g.qtdmultiplomin > 0) g.descricao = longo;
        }
        await route.fulfill({ response: res, json: menu });
      });
      await page.reload();
      await acceptCookies(page);
      await productCard(page, required.produto.descricao).click();
      const drawer = productDrawer(page);
      await drawer.getByText(longo).first().waitFor();
      const tag = drawer.getByText('OBRIGATÓRIO', { exact: true }).first();
      await tag.scrollIntoViewIfNeeded();
      // Cut to 'OBRIGAT…', its text is wider than its box.
      expect(await tag.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      await screenshot(page, 'gaveta-grupo-longo');
    } finally {
      await close();
    }
  });

  it('o Voltar do navegador fecha a gaveta do produto', async () => {
    const { page, close } = await app.open('/estabelecimento/1', viewport);
    try {
      await acceptCookies(page);
      const produto = pickSimpleProducts(demo, 1)[0];
      if (!produto) throw new Error('sem produto');
      await searchBox(page).fill(produto.descricao);
      await productCard(page, produto.descricao).click();
      const drawer = productDrawer(page);
      await drawer.waitFor();
      expect(itemQuery(page)).toBe(String(produto.idproduto));
      await page.goBack();
      await drawer.waitFor({ state: 'hidden' });
      expect(itemQuery(page)).toBeNull();
      expect(new URL(page.url()).pathname).toBe('/estabelecimento/1');
    } finally {
      await close();
    }
  });
});
