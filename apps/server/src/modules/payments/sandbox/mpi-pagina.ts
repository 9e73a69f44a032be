import { formatBRL } from '@rango/domain';
import { escapeHtml } from '../../../http/html.ts';

/**
 * The simulated bank's challenge page (HTML, Portuguese). No inline script or style: the CSP
 * allows neither, so its behaviour and look come from banco.js and banco.css beside it.
 */

export const TITULO_BANCO = 'Banco Sandbox — Autenticação';

/**
 * A sandbox bank page (the 3-D Secure challenge here; the debit and PIX pages of routes.ts): its
 * main landmark is named by its title (framed in the app's modal, it sits beside the app's own).
 */
export function documento(base: string, corpo: string, titulo: string = TITULO_BANCO): string {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(titulo)}</title>
<link rel="stylesheet" href="${escapeHtml(base)}/banco.css">
<script src="${escapeHtml(base)}/banco.js" defer></script>
</head>
<body>
<main class="banco" aria-labelledby="titulo-banco">
<h1 id="titulo-banco">${escapeHtml(titulo)}</h1>
${corpo}
</main>
</body>
</html>
`;
}

/** The challenge: amount, masked card, 'Aprovar' and 'Negar'. */
export function paginaDesafio(p: {
  base: string;
  referenceid: string;
  valor: number;
  final: string;
}): string {
  const acao = `${p.base}/desafio/${p.referenceid}`;
  return documento(
    p.base,
    `<p>Confirme a compra no débito abaixo. Este é um banco de testes: nenhum valor é cobrado.</p>
<dl class="dados">
<dt>Valor</dt>
<dd>${escapeHtml(formatBRL(p.valor))}</dd>
<dt>Cartão</dt>
<dd>**** ${escapeHtml(p.final)}</dd>
</dl>
<form method="post" action="${escapeHtml(acao)}" data-referenceid="${escapeHtml(p.referenceid)}">
<div class="acoes">
<button type="submit" class="aprovar" name="decisao" value="aprovar">Aprovar</button>
<button type="submit" class="negar" name="decisao" value="negar">Negar</button>
</div>
</form>
<p id="estado" class="estado" role="status" aria-live="polite"></p>`,
  );
}

/** A page with one message (unknown or finished authentication). */
export function paginaAviso(base: string, mensagem: string): string {
  return documento(base, `<p>${escapeHtml(mensagem)}</p>`);
}

/** The page's own policy: stricter than the app's (no inline style either); framed by our origin only. */
export const CSP_BANCO =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; " +
  "base-uri 'none'; form-action 'self'; frame-ancestors 'self'";
