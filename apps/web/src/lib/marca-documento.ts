import { COR_PADRAO, cssDaMarca, type Marca } from '@rango/domain/painel/marca';

/**
 * The restaurant's brand in the document's head, applied by the customer's pages that know their
 * establishment only from their data (an order, the cart), issue 23 part 4. The server writes the
 * brand into the shell of a menu and of every page on the restaurant's own host
 * (apps/server/src/modules/establishments/marca-shell.ts); an order's or the checkout's page
 * loaded on the platform's host gets Rango's shell, since the server does not tell an order's
 * establishment to whoever asks for its id. These are the same three things the server writes:
 * the theme's variables in `<style id="rango-marca">`, `theme-color` and the manifest's link.
 * Only those pages' chunks import this: the menu route's JS does not grow.
 */

/** The head's brand: the style's CSS (none: Rango's theme), the theme colour, the manifest. */
interface Cabeca {
  css: string | null;
  tema: string | null;
  manifesto: string | null;
}

const ESTILO = 'rango-marca';
const TEMA = 'meta[name="theme-color"]';
const MANIFESTO = 'link[rel="manifest"]';

function ler(): Cabeca {
  return {
    css: document.getElementById(ESTILO)?.textContent ?? null,
    tema: document.querySelector(TEMA)?.getAttribute('content') ?? null,
    manifesto: document.querySelector(MANIFESTO)?.getAttribute('href') ?? null,
  };
}

/** Sets (creating it in the head) or removes the element `seletor` finds. */
function escreverElemento(
  seletor: string,
  valor: string | null,
  criar: () => Element,
  gravar: (e: Element) => void,
) {
  let e = document.querySelector(seletor);
  if (valor === null) {
    e?.remove();
    return;
  }
  if (!e) {
    e = criar();
    document.head.append(e);
  }
  gravar(e);
}

function escrever(c: Cabeca): void {
  escreverElemento(
    `#${ESTILO}`,
    c.css,
    () => Object.assign(document.createElement('style'), { id: ESTILO }),
    (e) => {
      if (e.textContent !== c.css) e.textContent = c.css;
    },
  );
  escreverElemento(
    TEMA,
    c.tema,
    () => Object.assign(document.createElement('meta'), { name: 'theme-color' }),
    (e) => e.setAttribute('content', c.tema!),
  );
  escreverElemento(
    MANIFESTO,
    c.manifesto,
    () => Object.assign(document.createElement('link'), { rel: 'manifest' }),
    (e) => {
      if (e.getAttribute('href') !== c.manifesto) e.setAttribute('href', c.manifesto!);
    },
  );
}

/** The establishment's menu (`/estabelecimento/{id}`), where its brand belongs. */
const noCardapio = (id: number, path: string) => new RegExp(`^/estabelecimento/${id}/?$`).test(path);

/**
 * Draws the document in establishment `id`'s brand (its colour, or Rango's when it has none, and
 * its manifest, so "Adicionar à tela inicial" installs its app). Returns what restores the head
 * as it was, called when the page leaves: unless it leaves for that establishment's menu, whose
 * shell the server would have written in the same brand (the menu's own JS never applies one).
 */
export function aplicarMarca(id: number, marca: Pick<Marca, 'cor' | 'manifesto'>): () => void {
  const antes = ler();
  escrever({
    css: marca.cor ? cssDaMarca(marca.cor) : null,
    tema: marca.cor ?? COR_PADRAO,
    manifesto: marca.manifesto,
  });
  return () => {
    if (!noCardapio(id, location.pathname)) escrever(antes);
  };
}
