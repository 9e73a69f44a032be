import { COR_PADRAO, cssDaMarca } from '@rango/domain/painel/marca';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aplicarMarca } from './marca-documento.ts';

/** Rango's own shell, as the build writes it (apps/web/index.html and vite-plugin-pwa's link). */
const SHELL_RANGO = `<meta name="theme-color" content="${COR_PADRAO}"><link rel="manifest" href="/manifest.webmanifest">`;
const VERDE = '#0b6e4f';
const ROXO = '#7a00cc';

/** The head's brand, as the browser and the theme read it. */
const cabeca = () => ({
  css: document.getElementById('rango-marca')?.textContent ?? null,
  estilos: document.querySelectorAll('style#rango-marca').length,
  tema: document.querySelector('meta[name="theme-color"]')?.getAttribute('content') ?? null,
  manifesto: document.querySelector('link[rel="manifest"]')?.getAttribute('href') ?? null,
});

const ir = (path: string) => history.pushState(null, '', path);

beforeEach(() => {
  document.head.innerHTML = SHELL_RANGO;
  ir('/pedido/101/');
});

afterEach(() => {
  document.head.innerHTML = '';
});

describe("the restaurant's brand applied by a page (issue 23)", () => {
  it("draws Rango's shell in the brand and gives Rango's back when the page leaves", () => {
    const restaurar = aplicarMarca(1, { cor: VERDE, manifesto: '/estabelecimento/1/manifest.webmanifest' });
    expect(cabeca()).toEqual({
      css: cssDaMarca(VERDE),
      estilos: 1,
      tema: VERDE,
      manifesto: '/estabelecimento/1/manifest.webmanifest',
    });
    // The theme's variables the buttons and links read, in the brand.
    expect(cabeca().css).toContain(`--mantine-color-brasa-filled:${VERDE}`);
    ir('/pedido');
    restaurar();
    expect(cabeca()).toEqual({ css: null, estilos: 0, tema: COR_PADRAO, manifesto: '/manifest.webmanifest' });
  });

  it("a restaurant without a colour: Rango's colour, its own manifest; another restaurant's shell comes back", () => {
    // A document first loaded on establishment 2's menu, in its purple.
    document.head.innerHTML =
      `<meta name="theme-color" content="${ROXO}"><link rel="manifest" href="/estabelecimento/2/manifest.webmanifest">` +
      `<style id="rango-marca">${cssDaMarca(ROXO)}</style>`;
    const restaurar = aplicarMarca(1, { cor: null, manifesto: '/estabelecimento/1/manifest.webmanifest' });
    expect(cabeca()).toEqual({
      css: null,
      estilos: 0,
      tema: COR_PADRAO,
      manifesto: '/estabelecimento/1/manifest.webmanifest',
    });
    ir('/cliente');
    restaurar();
    expect(cabeca()).toEqual({
      css: cssDaMarca(ROXO),
      estilos: 1,
      tema: ROXO,
      manifesto: '/estabelecimento/2/manifest.webmanifest',
    });
  });

  it("keeps the brand when the page leaves for that restaurant's menu, not for another's", () => {
    const aplicada = {
      css: cssDaMarca(VERDE),
      estilos: 1,
      tema: VERDE,
      manifesto: '/estabelecimento/1/manifest.webmanifest',
    };
    let restaurar = aplicarMarca(1, { cor: VERDE, manifesto: aplicada.manifesto });
    ir('/estabelecimento/1');
    restaurar();
    expect(cabeca()).toEqual(aplicada);

    document.head.innerHTML = SHELL_RANGO;
    ir('/pagamento');
    restaurar = aplicarMarca(1, { cor: VERDE, manifesto: aplicada.manifesto });
    ir('/estabelecimento/12/');
    restaurar();
    expect(cabeca().tema).toBe(COR_PADRAO);
    expect(cabeca().css).toBeNull();
  });

  it("applied twice over itself (React's strict mode, a second page) it still restores the shell", () => {
    const m = { cor: VERDE, manifesto: '/estabelecimento/1/manifest.webmanifest' };
    aplicarMarca(1, m)();
    const restaurar = aplicarMarca(1, m);
    expect(cabeca().estilos).toBe(1);
    const segunda = aplicarMarca(3, { cor: ROXO, manifesto: '/estabelecimento/3/manifest.webmanifest' });
    expect(cabeca()).toMatchObject({ tema: ROXO, estilos: 1 });
    segunda();
    expect(cabeca()).toMatchObject({ tema: VERDE, css: cssDaMarca(VERDE) });
    restaurar();
    expect(cabeca()).toEqual({ css: null, estilos: 0, tema: COR_PADRAO, manifesto: '/manifest.webmanifest' });
  });

  it('a head without the tags (the dev server): creates them, and removes them on leaving', () => {
    document.head.innerHTML = '';
    const restaurar = aplicarMarca(1, { cor: VERDE, manifesto: '/estabelecimento/1/manifest.webmanifest' });
    expect(cabeca()).toEqual({
      css: cssDaMarca(VERDE),
      estilos: 1,
      tema: VERDE,
      manifesto: '/estabelecimento/1/manifest.webmanifest',
    });
    restaurar();
    expect(document.head.innerHTML).toBe('');
  });
});
