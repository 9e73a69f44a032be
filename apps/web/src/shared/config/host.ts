/**
 * The establishment whose own host name this page is served under (issue 23 part 5): the server
 * names it in the shell's `<meta name="rango-estabelecimento">` (modules/establishments/
 * marca-shell.ts). There `/` is its menu. Undefined on the platform's own hosts.
 */
export const estabelecimentoDoHost: string | undefined =
  typeof document === 'undefined'
    ? undefined
    : (document.querySelector('meta[name="rango-estabelecimento"]')?.getAttribute('content') ?? undefined);
