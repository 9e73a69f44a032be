/**
 * The establishment whose own host name this page is served under (issue 23 part 5): the server
 * names it in the shell's `<meta name="rango-estabelecimento">` (modules/establishments/
 * marca-shell.ts). There `/` is its menu. Undefined on the platform's own hosts. (Browser only:
 * the build's shell prerender never imports it.)
 */
export const estabelecimentoDoHost = document.querySelector<HTMLMetaElement>(
  'meta[name=rango-estabelecimento]',
)?.content;
