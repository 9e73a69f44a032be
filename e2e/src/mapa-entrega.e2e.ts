/**
 * The delivery circles over a map (issue 12, Loja → 'Áreas de entrega'): with MAPA_TILES_URL
 * pointing at a local fake tile server, the panel draws the store and one circle per area over
 * its tiles, redraws a circle as its radius is typed, focuses the radius when a circle is
 * clicked, sets the radius when the edited circle's handle is dragged, and passes axe; tiles
 * that fail say 'Mapa indisponível' and leave the numbers; with no MAPA_TILES_URL (the default)
 * there is no map and the numbers still work.
 */
import Database from 'better-sqlite3';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, TABLET, screenshot, startApp, type AppHandle } from './harness.ts';
import { entrarNoPainel } from './painel-helpers.ts';
import { axePara } from './axe.ts';

const MAPA = 'Mapa das áreas de entrega';

/** A tile server on a free port answering every /tiles/{z}/{x}/{y}.png with one grey 256×256 PNG. */
async function servidorDeTiles(): Promise<{
  url: string;
  pedidos: string[];
  falhar: (f: boolean) => void;
  server: Server;
}> {
  const grade = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">' +
      '<rect width="256" height="256" fill="#eef1ec"/>' +
      '<path d="M0 128H256M128 0V256" stroke="#d0d7ce" stroke-width="6"/>' +
      '<rect x="0.5" y="0.5" width="255" height="255" fill="none" stroke="#dde3da"/></svg>',
  );
  const png = await sharp(grade).png().toBuffer();
  const pedidos: string[] = [];
  let falha = false;
  const server = createServer((req, res) => {
    pedidos.push(req.url ?? '');
    if (falha || !/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(req.url ?? '')) {
      res.writeHead(503).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' }).end(png);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/tiles/{z}/{x}/{y}.png`,
    pedidos,
    falhar: (f) => (falha = f),
    server,
  };
}

async function abrirLoja(page: Page): Promise<Locator> {
  await entrarNoPainel(page);
  await page
    .getByRole('navigation', { name: 'Seções do painel' })
    .getByRole('link', { name: 'Loja' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Loja' }).waitFor();
  const entrega = page.getByRole('region', { name: 'Áreas de entrega', exact: true });
  await entrega.getByRole('button', { name: 'Nova área' }).waitFor();
  return entrega;
}

/** The saved areas' rows ('3 km de -23.5…, -46.6…: R$ 5,00'). */
const linhasDeArea = (entrega: Locator) => entrega.locator('li').filter({ hasText: / km de / });

/** Every tile of the view loaded (an <img> with its pixels). */
async function tilesCarregados(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const imgs = [...document.querySelectorAll<HTMLImageElement>('.leaflet-tile')];
    return imgs.length > 0 && imgs.every((i) => i.complete && i.naturalWidth === 256);
  });
}

async function axe(page: Page, nome: string): Promise<void> {
  const r = await axePara(page).analyze();
  const texto = r.violations
    .flatMap((v) => v.nodes.map((n) => `- ${v.id}: ${v.help}\n    ${n.target.join(' ')}`))
    .join('\n');
  expect.soft(r.violations, `${nome}:\n${texto}`).toEqual([]);
}

describe('with MAPA_TILES_URL: the circles over a map', () => {
  let app: AppHandle;
  let tiles: Awaited<ReturnType<typeof servidorDeTiles>>;

  beforeAll(async () => {
    tiles = await servidorDeTiles();
    app = await startApp({ env: { MAPA_TILES_URL: tiles.url, MAPA_ATRIBUICAO: 'Mapa de teste' } });
    // The demo store has no point yet (its address is placed when the owner saves it): put it at
    // its delivery circles' centre, as the geocoder would.
    const db = new Database(app.server.databaseFile);
    try {
      db.prepare('UPDATE estabelecimento SET lat = ?, lng = ? WHERE id = 1').run(-23.5627, -46.6656);
    } finally {
      db.close();
    }
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
    await new Promise((r) => tiles?.server.close(r));
  });

  it('draws the store and one circle per area over the fake tiles; a typed radius redraws its circle; a click focuses the radius', async () => {
    const { page, close, errors, cspViolations } = await app.open('/painel/login', DESKTOP);
    try {
      const entrega = await abrirLoja(page);
      const mapa = entrega.getByRole('region', { name: MAPA });
      await mapa.waitFor();
      await tilesCarregados(page);
      expect(tiles.pedidos.some((p) => /^\/tiles\/\d+\/\d+\/\d+\.png$/.test(p))).toBe(true);
      // Leaflet's CSS came with its chunk, from this origin (a tile is placed by its rules).
      expect(
        await page
          .locator('.leaflet-tile')
          .first()
          .evaluate((e) => getComputedStyle(e).position),
      ).toBe('absolute');
      await expect
        .poll(() => page.locator('path.mapa-area').count())
        .toBe(await linhasDeArea(entrega).count());
      expect(await page.locator('path.mapa-loja').count()).toBe(1);
      await expect.poll(() => mapa.getByText('Mapa de teste').count()).toBe(1);

      // A new circle is drawn as soon as its form opens, and follows its radius as it is typed.
      await entrega.getByRole('button', { name: 'Nova área' }).click();
      const nova = page.locator('path.mapa-area-nova');
      await nova.waitFor();
      const raio = entrega.getByLabel('Raio (km)');
      // The new circle's size against a saved one's, read in one go from the paths' geometry
      // (getBBox: no stroke, no zoom animation's transform): the map may change its zoom while
      // the form opens (it did on a loaded CI machine), which pixels on screen would count.
      const relativo = () =>
        page.evaluate(() => {
          const n = document.querySelector<SVGPathElement>('path.mapa-area-nova');
          const r = document.querySelector<SVGPathElement>('path.mapa-area:not(.mapa-area-nova)');
          return n && r && r.getBBox().width > 0 ? n.getBBox().width / r.getBBox().width : 0;
        });
      const estavel = async () => {
        let antes = -1;
        let agora = await relativo();
        while (agora !== antes || agora === 0) {
          await page.waitForTimeout(250);
          antes = agora;
          agora = await relativo();
        }
        return agora;
      };
      await raio.fill('1');
      const um = await estavel();
      await raio.fill('2');
      // Twice the radius, twice the circle.
      await expect.poll(async () => (await relativo()) / um).toBeCloseTo(2, 1);
      await entrega.getByRole('button', { name: 'Cancelar' }).click();
      await expect.poll(() => nova.count()).toBe(0);

      // A click on a saved circle opens its row with the radius focused.
      const alvo = page.locator('path.mapa-area').last();
      const classe = (await alvo.getAttribute('class')) ?? '';
      const id = /mapa-area-(\d+)/.exec(classe)?.[1];
      expect(id).toBeDefined();
      await alvo.click();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.id ?? ''))
        .toBe(await entrega.getByLabel('Raio (km)').getAttribute('id'));
      expect(await page.locator(`path.mapa-area-${id}`).getAttribute('stroke-width')).toBe('4');
      expect(await cspViolations()).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 180_000);

  it("the edited circle's handle, dragged outward, grows the circle and its 'Raio (km)', unsaved", async () => {
    const { page, close, errors, cspViolations } = await app.open('/painel/login', DESKTOP);
    try {
      const entrega = await abrirLoja(page);
      await entrega.getByRole('region', { name: MAPA }).waitFor();
      await tilesCarregados(page);
      await expect.poll(() => page.locator('path.mapa-area').count()).toBeGreaterThan(1);
      // No circle is being edited: no handle.
      expect(await page.locator('.mapa-alca').count()).toBe(0);

      // The smallest circle (drawn last, on top) opens its form with a click; the handle shows
      // on its edge, and only there.
      const idDe = async (l: Locator) => /mapa-area-(\d+)/.exec((await l.getAttribute('class')) ?? '')?.[1];
      const id = await idDe(page.locator('path.mapa-area').last());
      // The largest circle, the yardstick for the dragged one's size.
      const ref = await idDe(page.locator('path.mapa-area').first());
      expect(id).toBeDefined();
      expect(ref).toBeDefined();
      expect(ref).not.toBe(id);
      await page.locator(`path.mapa-area-${id}`).click();
      const raio = entrega.getByLabel('Raio (km)');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.id ?? ''))
        .toBe(await raio.getAttribute('id'));
      const alca = page.locator('.mapa-alca');
      await expect.poll(() => alca.count()).toBe(1);
      expect(await alca.getAttribute('title')).toBe('Arrastar para mudar o raio');
      // Mouse and touch only: the keyboard has the number field.
      expect(await alca.getAttribute('tabindex')).toBeNull();
      const caixa = await alca.boundingBox();
      expect(caixa?.width).toBeGreaterThanOrEqual(24);
      expect(caixa?.height).toBeGreaterThanOrEqual(24);

      const km = async () => Number((await raio.inputValue()).replace(',', '.'));
      const antes = await km();
      expect(antes).toBeGreaterThan(0);
      // The circle's size against another circle's, from the paths' geometry (getBBox), so a
      // zoom of the map between two readings does not count (see the first test).
      const relativo = () =>
        page.evaluate(
          ([id, ref]) => {
            const a = document.querySelector<SVGPathElement>(`path.mapa-area-${id}`);
            const r = document.querySelector<SVGPathElement>(`path.mapa-area-${ref}`);
            return a && r && r.getBBox().width > 0 ? a.getBBox().width / r.getBBox().width : 0;
          },
          [id, ref],
        );
      const tamanhoAntes = await relativo();
      expect(tamanhoAntes).toBeGreaterThan(0);

      // Dragged east, inside the map, by mouse: down, moves in steps, up.
      await alca.scrollIntoViewIfNeeded();
      // The handle where the mouse will press it: its box the same twice in a row (no scroll
      // from the field's focus, no zoom animation still moving it) and the handle on top at its
      // centre. A press that missed it would pan the map instead (CI saw the radius unchanged).
      const emRepouso = async () => {
        const b1 = await alca.boundingBox();
        await page.waitForTimeout(100);
        const b2 = await alca.boundingBox();
        if (!b1 || !b2 || b1.x !== b2.x || b1.y !== b2.y) return false;
        return page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('.mapa-alca') != null, {
          x: b2.x + b2.width / 2,
          y: b2.y + b2.height / 2,
        });
      };
      await expect.poll(emRepouso).toBe(true);
      const mapa = await entrega.getByRole('region', { name: MAPA }).boundingBox();
      const a = await alca.boundingBox();
      if (!mapa || !a) throw new Error('no box for the map or the handle');
      const x = a.x + a.width / 2;
      const y = a.y + a.height / 2;
      const dx = Math.max(30, Math.min(80, mapa.x + mapa.width - 20 - x));
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + dx / 2, y, { steps: 8 });
      await page.mouse.move(x + dx, y, { steps: 8 });
      await page.mouse.up();

      // The field shows the new radius, written as in Brazil (0.1 km steps, comma).
      await expect.poll(km).toBeGreaterThan(antes);
      expect(await raio.inputValue()).toMatch(/^\d+(,\d)?$/);
      await expect.poll(relativo).toBeGreaterThan(tamanhoAntes * 1.2);
      // The handle is back on the (rounded) circle's edge, still one.
      expect(await alca.count()).toBe(1);

      // Nothing was saved: cancelling brings back the saved radius, on the map and in the row.
      await entrega.getByRole('button', { name: 'Cancelar' }).click();
      await expect.poll(() => alca.count()).toBe(0);
      await expect.poll(relativo).toBeCloseTo(tamanhoAntes, 2);
      const salvo = `${antes.toLocaleString('pt-BR')} km de`;
      await entrega.getByText(salvo, { exact: false }).waitFor();
      expect(await cspViolations()).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 180_000);

  it.each([TABLET, DESKTOP])(
    'the Loja page with the map passes axe at $width px',
    async (viewport) => {
      const { page, close } = await app.open('/painel/login', viewport);
      try {
        const entrega = await abrirLoja(page);
        await entrega.getByRole('region', { name: MAPA }).waitFor();
        await tilesCarregados(page);
        // Whether axe can judge the credit's link colours depends on what lies under the credit
        // (a tile still fading in, or none): the links are underlined so they pass either way.
        const sublinhados = await page
          .locator('.leaflet-control-attribution a')
          .evaluateAll((as) => as.map((a) => getComputedStyle(a).textDecorationLine));
        expect(sublinhados.length).toBeGreaterThan(0);
        expect(sublinhados.every((d) => d.includes('underline'))).toBe(true);
        await axe(page, `loja com mapa ${viewport.width}`);
      } finally {
        await close();
      }
    },
    300_000,
  );

  it.each([MOBILE, DESKTOP])(
    'screenshot of the delivery section with the map at $width px',
    async (viewport) => {
      const { page, close } = await app.open('/painel/login', viewport);
      try {
        const entrega = await abrirLoja(page);
        await entrega.getByRole('region', { name: MAPA }).waitFor();
        await tilesCarregados(page);
        await entrega.getByRole('button', { name: 'Nova área' }).click();
        await entrega.getByLabel('Raio (km)').fill('1');
        await entrega.getByLabel('Não entrega nesta área', { exact: false }).check();
        await page.locator('path.mapa-area-nova').waitFor();
        // The section's top just under the panel's sticky header, the map and the form in view.
        await page.evaluate(() => {
          document.getElementById('loja-entrega')?.scrollIntoView({ block: 'start' });
          window.scrollBy(0, -(document.querySelector('header')?.getBoundingClientRect().height ?? 0) - 8);
        });
        await screenshot(page, 'mapa-entrega');
      } finally {
        await close();
      }
    },
    120_000,
  );

  it("tiles that fail: 'Mapa indisponível', the numbers still there", async () => {
    tiles.falhar(true);
    const { page, close } = await app.open('/painel/login', DESKTOP);
    try {
      const entrega = await abrirLoja(page);
      await entrega.getByText('Mapa indisponível', { exact: false }).waitFor({ timeout: 20_000 });
      expect(await entrega.getByRole('region', { name: MAPA }).count()).toBe(0);
      await entrega.getByRole('button', { name: 'Nova área' }).click();
      await entrega.getByLabel('Raio (km)').waitFor();
    } finally {
      tiles.falhar(false);
      await close();
    }
  }, 120_000);
});

describe('without MAPA_TILES_URL (the default): numbers only', () => {
  let app: AppHandle;
  beforeAll(async () => {
    app = await startApp();
  }, 120_000);
  afterAll(async () => app?.stop());

  it('shows no map, loads no Leaflet, and a circle is still added as numbers', async () => {
    const { page, close, errors } = await app.open('/painel/login', DESKTOP);
    const leaflet: string[] = [];
    page.on('request', (r) => {
      if (/leaflet|mapa-leaflet/i.test(r.url())) leaflet.push(r.url());
    });
    try {
      const entrega = await abrirLoja(page);
      const linhas = await linhasDeArea(entrega).count();
      await entrega.getByRole('button', { name: 'Nova área' }).click();
      // Typed as in Brazil, with the comma.
      await entrega.getByLabel('Raio (km)').fill('3,5');
      await entrega.getByLabel('Taxa de entrega').fill('4,00');
      await entrega.getByRole('button', { name: 'Adicionar área' }).click();
      await expect.poll(() => linhasDeArea(entrega).count()).toBe(linhas + 1);
      await entrega.getByText('3,5 km de', { exact: false }).waitFor();
      expect(await page.getByRole('region', { name: MAPA }).count()).toBe(0);
      expect(await page.locator('.leaflet-container').count()).toBe(0);
      expect(leaflet).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 120_000);
});
